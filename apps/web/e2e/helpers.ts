import { expect, type Browser, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { readMailedCode } from './harness';

const shotsDir = resolve(import.meta.dirname, '../../../test-results/screenshots');
export const WIDTHS = [390, 1440] as const;

/**
 * WCAG 2.0 to 2.2, levels A and AA, and axe's best practices; plus "label-content-name-mismatch"
 * (WCAG 2.5.3: a control's name contains its visible text), which axe ships as experimental.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: AXE_TAGS },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

/** axe-core's browser build, read once per worker. */
let axeSource: string | undefined;

/**
 * The serious and critical accessibility violations on the page as it is now, one line each.
 * axe-core runs in the page itself, injected once per document: @axe-core/playwright injected it
 * again for every check and finished each run in a fresh blank page, 2.4-2.9 s a check against
 * 0.4-1.0 s here (decision 176); the app has no frames for its frame-by-frame run to matter.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function'))) {
    axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options),
    AXE_OPTIONS,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const serious = await seriousAxeViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
}

/** Full-page screenshots at phone and desktop widths, kept for review (not committed). */
export async function screenshotAtWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    // From the top: a full-page shot taken mid-scroll draws the sticky header and sidebar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(1);
  }
}

/**
 * A screen reviewed as a person would look at it: no serious accessibility violation, then shot at
 * both widths (the pointer moved away first, so no button is shot in its hover colour), then back
 * to the desktop size the signed-in pages start at.
 */
export async function reviewAtWidths(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Collects console errors, uncaught exceptions and Content-Security-Policy violations so a test can
 * assert the page stayed clean. Violations are reported to the test through a binding, not the
 * console: the production build silences the console (spec part 1 section 8), and Chromium itself
 * stays silent about some violations, such as a blocked `new Function`. Both are registered before
 * the test's first navigation: protocol messages keep their order.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  void page.exposeFunction('__reportCspViolation', (text: string) => errors.push(text));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/**
 * Everything the page writes to the console, of any kind, and uncaught exceptions: the production
 * build writes nothing there (spec part 1 section 8).
 */
export function watchAllConsole(page: Page): string[] {
  const written: string[] = [];
  page.on('console', (message) => written.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => written.push(`uncaught: ${String(error)}`));
  return written;
}

/**
 * Waits until a prerendered page has come alive: its scripts load after the first paint
 * (apps/web/src/hydrate.js), and a click before that would meet plain HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The demo accounts' password (README, Demo accounts). */
export const DEMO_PASSWORD = 'Hurricane-2027!';

/** What a sign-in left in the tab's two stores (the app's `fhp.` keys), and when it was made. */
interface StoredSignIn {
  local: [string, string][];
  session: [string, string][];
  at: number;
}

/**
 * Sign-ins made in this worker, by email. The session is a signed token with a lifetime of an hour
 * (JWT_TTL_SECONDS) and nothing on the server ends it early for these accounts, so a tab given the
 * same stores is the same signed-in person; one older than half that lifetime is made afresh.
 */
const signIns = new Map<string, StoredSignIn>();
const SIGN_IN_REUSE_MS = 30 * 60_000;

async function storedSignIn(page: Page): Promise<StoredSignIn> {
  return page.evaluate(() => {
    const entries = (store: Storage) => Object.entries(store).filter(([key]) => key.startsWith('fhp.'));
    return { local: entries(window.localStorage), session: entries(window.sessionStorage), at: Date.now() };
  });
}

/**
 * A page in a new desktop-sized context (downloads allowed) with a demo account signed in, on
 * My Account where a sign-in lands. The first time in a worker the account signs in by password
 * and code as a visitor does; later pages start with what that sign-in stored, as a reload of the
 * tab would (issue 21: a sign-in is about 4 s of a 10 s spec). Sign-in itself is the subject of
 * identity.spec.ts and my-account.spec.ts, which sign in every time.
 */
export async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const reused = signIns.get(email);
  if (!reused || Date.now() - reused.at > SIGN_IN_REUSE_MS) {
    await signInWithPassword(page, email);
    signIns.set(email, await storedSignIn(page));
    return page;
  }
  // This tab only, before the app's first script: another tab of the context starts signed out, as
  // a tab signed in without "remember me" leaves the others.
  await page.addInitScript((stored) => {
    if (window.sessionStorage.getItem('fhp.e2e.restored')) return;
    window.sessionStorage.setItem('fhp.e2e.restored', 'yes');
    for (const [key, value] of stored.local) window.localStorage.setItem(key, value);
    for (const [key, value] of stored.session) window.sessionStorage.setItem(key, value);
  }, reused);
  await page.goto('/my-account');
  await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible({ timeout: 15_000 });
  return page;
}

export interface GraphQLAnswer {
  data?: Record<string, unknown>;
  errors?: unknown[];
}

/** A GraphQL request sent by the page itself with its own session token, as the app sends one. */
export function graphqlAsPage(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLAnswer> {
  return page.evaluate(
    async ({ query, variables }) => {
      const session = JSON.parse(window.localStorage.getItem('fhp.session') ?? window.sessionStorage.getItem('fhp.session') ?? '{}') as { token?: string };
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token ?? ''}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    },
    { query, variables },
  );
}

/** Signs a demo account in as a visitor does: email, password, then the emailed code. */
export async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('One-time code').fill(await readMailedCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The server checks the password again with the code: slow hashing, longer still on a busy machine.
  await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible({ timeout: 15_000 });
}
