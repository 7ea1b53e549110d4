import { expect, test, type Page } from '@playwright/test';
import { waitForHydration, watchConsole } from './helpers';

/*
 * The pages under the real Content-Security-Policy (no inline script, no inline style but the
 * hashed ones): the landing page and the first steps of the purchase flow work, and the browser
 * reports no violation, neither as a `securitypolicyviolation` event nor in the console.
 */

let consoleErrors: string[] = [];

/** Every CSP violation the page raises, collected in the page from its very start. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test.beforeEach(({ page }) => {
  consoleErrors = watchConsole(page);
});
test.afterEach(() => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

test('the landing page and the first purchase steps work under the CSP, without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const cspMessages: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspMessages.push(message.text());
  });

  const response = await page.goto('/product/fhp');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cache-control']).toBe('no-cache');

  // The page drew from the data that came with it: no loading state, the payout chart in place.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Now selling the')).toBeVisible();
  await waitForHydration(page);
  await page.getByText('Option 4', { exact: true }).click();
  await expect(page.getByRole('img', { name: /Option 4.*Category 3: no payout; Category 4: 50%/ })).toBeVisible();

  await page.getByRole('link', { name: 'Buy Now' }).click();
  await page.getByLabel('Country of the location you like to insure').selectOption('gd');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Policy Options' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Coverage amount' }).fill('25000');
  await expect(page.locator('[aria-busy="false"]')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Option 3: Category 3 and above' })).toBeAttached();
  await expect(page.getByRole('img', { name: /Payout as a percentage of coverage under Option T/ }).first()).toBeVisible();

  expect(await violations()).toEqual([]);
  expect(cspMessages).toEqual([]);
});

test('built scripts arrive compressed and cached for good; a reload revalidates the page', async ({ page, request }) => {
  const scripts: { url: string; encoding?: string; cache?: string }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/assets/') && response.url().endsWith('.js')) {
      const headers = response.headers();
      scripts.push({ url: response.url(), encoding: headers['content-encoding'], cache: headers['cache-control'] });
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our products' })).toBeVisible();
  // The prerendered page asks for its scripts once it has loaded: wait until they have run.
  await waitForHydration(page);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.encoding, script.url).toBe('br');
    expect(script.cache, script.url).toContain('immutable');
  }

  const first = await request.get('/', { headers: { accept: 'text/html' } });
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  const again = await request.get('/', { headers: { accept: 'text/html', 'if-none-match': etag! } });
  expect(again.status()).toBe(304);
});
