import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';

const shotsDir = resolve(import.meta.dirname, '../../../test-results/screenshots');
export const WIDTHS = [390, 1440] as const;

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/** Full-page screenshots at phone and desktop widths, kept for review (not committed). */
export async function screenshotAtWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(1);
  }
}

/**
 * Collects console errors and uncaught exceptions so a test can assert the page stayed clean.
 * Content-Security-Policy violations count as errors too: the page reports each one to the console
 * (Chromium itself stays silent about some, such as a blocked `new Function`). The script is
 * registered before the test's first navigation: protocol messages keep their order.
 */
export function watchConsole(page: Page): string[] {
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/**
 * Waits until a prerendered page has come alive: its scripts load after the first paint
 * (apps/web/public/hydrate.js), and a click before that would meet plain HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
