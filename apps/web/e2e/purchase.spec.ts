import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, screenshotAtWidths } from './helpers';

/*
 * The purchase flow on the real server, as a brand-new visitor.
 *
 * Today this covers what works end to end: country, policy options priced by the server's quote,
 * the offer check, and the verify-email step sending a code. The rest (code from the SMTP capture,
 * KYC with a real PNG and PDF through POST /api/v1/files, SubmitKYCDetails, terms, home-protection
 * dialog, instalments, PurchasePolicy, one PAYMENT_PENDING policy in the database, the email) needs
 * the server part of issue 4 and an SMTP capture in the Playwright setup; it is written once they land.
 */

/**
 * Console errors, except the offer logo: the seeded offer points at /brand/offer-early-bird.svg,
 * which the server does not serve yet (reported); the page hides a logo that fails to load.
 */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.location().url.endsWith('/brand/offer-early-bird.svg')) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = watchConsole(page);
});
test.afterEach(() => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

interface Offer {
  applicable: boolean;
  canPurchase: boolean;
  discountPercent: number;
}

async function offerFor(page: Page, country: string): Promise<Offer> {
  const response = await page.request.post('/graphql', {
    data: { query: 'query($c: String!) { CheckOfferIsApplicable(input: { countryName: $c }) { applicable canPurchase discountPercent } }', variables: { c: country } },
  });
  return ((await response.json()) as { data: { CheckOfferIsApplicable: Offer } }).data.CheckOfferIsApplicable;
}

/** EC$ text of an amount in cents, as the domain formats it. */
function ec(cents: number): string {
  const whole = Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `EC$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('a new visitor chooses Dominica, EC$25,000 and option 3, then verifies the email', async ({ page }) => {
  await page.goto('/product/fhp');
  await page.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/product\/fhp\/buy$/);

  // Select country: required, Grenada and Dominica only.
  await expect(stepHeading(page, 'Select Country')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Purchase steps' })).toBeVisible();
  await expect(page.getByText('Fields marked with an asterisk')).toBeVisible();
  const country = page.getByLabel('Country of the location you like to insure');
  await expect(country.locator('option')).toHaveText(['Select a country', 'Grenada', 'Dominica']);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Country is required')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'purchase-01-country');
  await country.selectOption('dm');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Policy options: coverage limits, then the server's premiums.
  await expect(stepHeading(page, 'Policy Options')).toBeFocused();
  const coverage = page.getByRole('textbox', { name: 'Coverage amount' });
  await coverage.fill('1299.99');
  await coverage.blur();
  await expect(page.getByText('Coverage must be at least EC$1,300.00')).toBeVisible();
  await coverage.fill('270000.01');
  await expect(page.getByText('Coverage must be at most EC$270,000.00')).toBeVisible();
  await coverage.fill('25000');
  await expect(page.locator('[aria-busy="false"]')).toBeVisible();

  const option3 = page.getByRole('radio', { name: 'Option 3: Category 3 and above' });
  const card3 = page.locator('label.option-card', { has: page.getByText('Option 3: Category 3 and above') });
  await expect(card3).toContainText('Coverage EC$25,000.00');
  // 25,000 x 9.88 / 100 = 2,470.00, struck through beside the discounted price when an offer applies.
  const offer = await offerFor(page, 'dm');
  expect(offer.canPurchase).toBe(true);
  if (offer.applicable && offer.discountPercent > 0) {
    const discounted = Math.round((247000 * (10000 - Math.round(offer.discountPercent * 100))) / 10000);
    await expect(card3.locator('del')).toContainText('EC$2,470.00');
    await expect(card3.locator('ins')).toContainText(ec(discounted));
    await expect(page.getByText(`${offer.discountPercent}% off every option.`)).toBeVisible();
  } else {
    await expect(card3).toContainText('EC$2,470.00');
    await expect(card3.locator('del')).toHaveCount(0);
  }
  await expect(page.getByRole('table', { name: /payout as a percentage of your coverage/i })).toBeVisible();
  await option3.check({ force: true });
  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'purchase-02-options');

  // A reload resumes the step, with the chosen coverage.
  await page.reload();
  await expect(stepHeading(page, 'Policy Options')).toBeVisible();
  await expect(coverage).toHaveValue('25000');
  await expect(option3).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Verify email: the address, then the code step.
  await expect(stepHeading(page, 'Verify Email')).toBeFocused();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await screenshotAtWidths(page, 'purchase-03-email');
  await email.fill(`new-buyer-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a 6-digit code to new-buyer-/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: '6-digit code' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'purchase-04-code');

  // Start over clears the stored purchase.
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(stepHeading(page, 'Select Country')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('fhp.purchase.v1'))).toBeNull();
});
