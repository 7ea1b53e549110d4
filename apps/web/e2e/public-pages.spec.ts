import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, screenshotAtWidths, waitForHydration, watchConsole } from './helpers';

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = watchConsole(page);
});
test.afterEach(() => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

/** GraphQL requests the page makes; a page drawn from its inlined data makes none on first load. */
function graphqlRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql') seen.push(request.postData() ?? '');
  });
  return seen;
}

test('the content pages, sign-in and the purchase flow start from the data inlined in the page: no GraphQL request', async ({ page }) => {
  for (const path of ['/', '/product/fhp', '/product/fhp/faq', '/sign-in', '/product/fhp/buy']) {
    const requests = graphqlRequests(page);
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A query would start at mount, or after a chunk of its own has loaded: wait for the network to settle.
    await page.waitForLoadState('networkidle');
    expect(requests, path).toEqual([]);
    page.removeAllListeners('request');
  }
});

test('Home lists the products and links to the product and to sign-in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our products' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('a[href="/product/fhp"]').first()).toBeVisible();

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'View Product Info' })).toHaveAttribute('href', '/product/fhp');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/sign-in');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).first()).toBeVisible();

  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'home');

  // At 990 px and below the navigation folds into a menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
  await header.getByRole('button', { name: 'Menu' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('Product landing shows Buy Now, the lifecycle and the payout table', async ({ page }) => {
  await page.goto('/product/fhp');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/product/fhp/buy');
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  for (const stage of [/provisional policy created/i, /payment completed/i, /hurricane occurred/i, /payment sent/i]) {
    await expect(page.getByRole('main').getByText(stage).first()).toBeVisible();
  }

  const table = page.getByRole('table', { name: /payout as a percentage of your coverage/i });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Option',
    'Tropical StormBox 1',
    'Category 1Box 1',
    'Category 2Box 1',
    'Category 3Box 1',
    'Category 4Boxes 1 and 2',
    'Category 5Boxes 1 and 2',
  ]);
  const row = (option: RegExp) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: option }) });
  await expect(row(/^Option T/).getByRole('cell')).toHaveText(['10%', '25%', '35%', '50%', '50%', '100%']);
  await expect(row(/^Option 3/).getByRole('cell')).toHaveText([/No payout/, /No payout/, /No payout/, '50%', '50%', '100%']);
  await expect(row(/^Option 5/).getByRole('cell').last()).toHaveText('100%');

  // The chart's words change with the chosen option.
  await waitForHydration(page);
  await page.getByText('Option 4', { exact: true }).click();
  await expect(page.getByRole('img', { name: /Option 4.*Category 3: no payout; Category 4: 50%/ })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: /box 1: about 25 km/i })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: /boxes 1 and 2: about 100 km/i })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read all FAQs' })).toHaveAttribute('href', '/product/fhp/faq');

  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'product-landing');
});

test('FAQ page shows its title and an accordion of questions', async ({ page }) => {
  await page.goto('/product/fhp/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ (How it works)' })).toBeVisible();
  const questions = page.locator('.accordion-button');
  await expect(questions.first()).toBeVisible();
  expect(await questions.count()).toBeGreaterThan(0);
  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'faq');
});

test('Terms cover payment, liability, warranties and arbitration', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Last updated 22-01-2022');
  await expect(main).toContainText('credit or debit card, by bank debit, or in the crypto-currencies');
  await expect(main).toContainText('renew automatically');
  await expect(main).toContainText('three (3) months');
  await expect(main).toContainText('under 25,000 US dollars');
  await expect(main).toContainText('sixty (60) days');
  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'terms');
});

test('Privacy covers data, rights, biometrics and children', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Statement' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Last updated 22-01-2022');
  await expect(main).toContainText('We do not sell your personal information');
  await expect(main).toContainText('three (3) years after your last interaction');
  await expect(main).toContainText('not directed to children under 13');
  await expect(main).toContainText('California residents');
  await expect(main.getByRole('link', { name: 'contact section' })).toHaveAttribute('href', '/#contact');
  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'privacy');
});

test('an unknown path and an unknown product show NotFound', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'not-found');

  // Every route under an unknown product: landing, FAQ and the purchase flow.
  for (const path of ['/product/no-such-product', '/product/no-such-product/faq', '/product/no-such-product/buy']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Purchase steps' })).toHaveCount(0);
  }
});

test('signed-in routes send an anonymous visitor to sign-in, and navigation scrolls to the top', async ({ page }) => {
  // The placeholders inside the signed-in shell are covered by identity.spec.ts.
  await page.goto('/my-policies/provisional/123');
  await expect(page.getByRole('heading', { level: 1, name: 'Login to your account' })).toBeVisible();

  await page.goto('/terms');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Statement' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
