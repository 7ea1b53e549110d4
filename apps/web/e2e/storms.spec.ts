import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { reviewAtWidths, signedInPage, watchConsole } from './helpers';
import { readMailedMessage, readStoredPolicies } from './harness';

/*
 * Issue 10 end to end: an admin imports a storm file (Ivan's real track moved into the 2026
 * season that the demo policies cover) and sees its payouts and its map on Storm Payouts; the
 * holder sees the payout on the policy, the storm on the Tropical Cyclone Tracker (calendar event,
 * map, table, the storm's detail) and gets the storm alert; the admin records the wire; the holder
 * acknowledges it. A visitor sees the back-test on the purchase flow's options step.
 */

const HOLDER = 'purchaser@fhp.example';
const STORM = 'AL902026';

/** Ivan 2004's 94 lines with their dates in 2026, under a storm id of its own. */
function ivanIn2026(): string {
  const text = readFileSync(resolve(import.meta.dirname, '../../../packages/domain/datasets/hurdat2/sample.txt'), 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('AL092004,'));
  const block = lines.slice(start, start + 95);
  return [block[0]!.replace('AL092004', STORM), ...block.slice(1).map((line) => line.replace(/^2004/, '2026'))].join('\n') + '\n';
}

/** The next message to `email` whose subject matches, skipping others (at most 30). */
async function nextMessage(email: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 30; i++) {
    const message = await readMailedMessage(email, 15_000);
    if (subject.test(message.subject)) return message;
  }
  throw new Error(`No message to ${email} matching ${subject}`);
}

test('an admin imports a storm; the holder sees the payout, the tracker, the map and the alert; the admin wires it; the holder acknowledges', async ({ browser }) => {
  test.setTimeout(300_000);
  // The demo holder's Grenada policy of the 2026 season, option 3, EC$50,000: Ivan's Category 3 within 25 km pays it 50%.
  const policy = (await readStoredPolicies(HOLDER)).find((row) => row.country === 'gd' && row.optionId === '3' && row.coverageCents === 5_000_000 && row.status === 'EVENT_MONITORING');
  expect(policy, 'the demo policy 2026, option 3, EC$50,000').toBeDefined();
  const number = policy!.policyNumber;

  const admin = await signedInPage(browser, 'admin@fhp.example');
  const adminErrors = watchConsole(admin);
  await admin.getByRole('link', { name: 'Storm Payouts' }).click();
  await expect(admin.getByRole('heading', { name: 'Storm payouts', level: 1 })).toBeVisible();

  // A file of another format is refused in words.
  await admin.getByLabel('HURDAT2 best-track file (at most 20 MB)').setInputFiles({ name: 'storms.csv', mimeType: 'text/plain', buffer: Buffer.from('id,name\n1,IVAN\n') });
  await admin.getByRole('button', { name: 'Import and evaluate' }).click();
  await expect(admin.getByText(/^Line 1: expected a storm header/)).toBeVisible();
  // The browser logs the refusal's 400 itself; nothing else may appear.
  expect(adminErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  adminErrors.length = 0;

  await admin.getByLabel('HURDAT2 best-track file (at most 20 MB)').setInputFiles({ name: 'ivan-2026.txt', mimeType: 'text/plain', buffer: Buffer.from(ivanIn2026()) });
  await admin.getByRole('button', { name: 'Import and evaluate' }).click();
  await expect(admin.getByText(/Ivan \(AL902026\): new\. [1-9]\d* payouts? created, [1-9]\d* storm alerts? sent\./)).toBeVisible({ timeout: 30_000 });

  // The storm's card: its map (both islands, both boxes, the track) and its payouts.
  const card = admin.locator('.card', { hasText: STORM });
  await card.getByRole('button', { name: 'Show payouts and map' }).click();
  await expect(card.getByRole('img', { name: `Map of Ivan (${STORM}) near Grenada` })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Map legend' })).toContainText('Category 4');
  const row = card.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('EC$25,000.00');
  await expect(row).toContainText('PENDING');
  await reviewAtWidths(admin, 'storm-payouts');

  // Read before the holder signs in (reading the sign-in code skips other mail). One storm alert for the holder (not one per policy), saying how close and that no claim is needed.
  const alert = await nextMessage(HOLDER, /^Storm alert: /);
  expect(alert.subject).toBe('Storm alert: Ivan near Grenada');
  expect(alert.text).toMatch(/came within \d+ km of Grenada, which your polic(y|ies) .*cover/);
  expect(alert.text).toContain('No claim is needed');
  const payout = await nextMessage(HOLDER, /^Payout of /);
  expect(payout.subject).toMatch(/^Payout of EC\$[\d,.]+ on policy FHP-GD-2026-\d{6}$/);
  expect(payout.text).toContain('No claim is needed');

  // The holder: the payout on the policy, then the tracker.
  const holder = await signedInPage(browser, HOLDER);
  const holderErrors = watchConsole(holder);
  await holder.goto(`/my-policies/actual/${number}`);
  const payouts = holder.locator('table.payouts-table');
  await expect(payouts.getByRole('row').filter({ hasText: STORM })).toContainText('Pending');
  await expect(payouts.getByRole('row').filter({ hasText: STORM })).toContainText('EC$25,000.00');
  await holder.getByRole('link', { name: 'Tropical Cyclone Tracker' }).click();
  await expect(holder.getByRole('heading', { level: 1, name: 'Tropical Cyclone Tracker' })).toBeVisible();
  // The breadcrumb trail puts the tracker under its policy.
  const crumbs = holder.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: number })).toHaveAttribute('href', `/my-policies/actual/${number}`);
  await expect(crumbs.getByText('Tropical Cyclone Tracker')).toHaveAttribute('aria-current', 'page');

  await holder.getByLabel('Year').selectOption('2026');
  await holder.getByLabel('Month', { exact: true }).selectOption('9');
  await expect(holder.getByRole('heading', { level: 2, name: 'September 2026', exact: true })).toBeVisible();
  await expect(holder).toHaveURL(/\?month=2026-09$/);
  // The calendar: Ivan's Sep 7 in green (eligible for payout).
  const event = holder.locator('.tracker-calendar a', { hasText: 'Eligible For Payout' });
  await expect(event).toHaveCount(1);
  await expect(event).toContainText('Ivan');
  await expect(holder.getByRole('img', { name: 'Map of Grenada, September 2026' })).toBeVisible();
  await expect(holder.getByText(`the tracks of`).or(holder.getByText(`the track of Ivan (${STORM})`))).toBeVisible();
  const eligible = holder.getByRole('row').filter({ hasText: '2026-09-07' });
  await expect(eligible).toContainText('Eligible For Payout');
  await expect(eligible).toContainText('Category 4');
  // The payout's proof: its path to its storm evaluation's entry (decision 174).
  await expect(eligible.getByRole('cell').last().getByRole('link')).toHaveAttribute('href', /^\/explorer\/payout\/[0-9a-f-]{36}$/);
  await expect(holder.getByRole('img', { name: /^Maximum and minimum sustained wind of systems within 300 km of Grenada, by week, 2026/ })).toBeVisible();
  await reviewAtWidths(holder, 'weather-analytics');

  // A month without storms says so.
  await holder.getByRole('button', { name: 'Previous month' }).click();
  await expect(holder.getByRole('heading', { level: 2, name: 'August 2026', exact: true })).toBeVisible();
  await expect(holder.getByText('No data found for tropical cyclone tracker...')).toBeVisible();
  await holder.getByRole('button', { name: 'Next month' }).click();

  // The storm's detail behind the row: the contract's audit for this policy.
  await eligible.getByRole('link', { name: /^Ivan/ }).click();
  await expect(holder.getByRole('heading', { level: 1, name: `Ivan (${STORM})` })).toBeVisible();
  await expect(holder.getByText('Eligible for payout.')).toBeVisible();
  await expect(holder.getByRole('row').filter({ hasText: 'yours' })).toContainText('50%');
  await expect(holder.getByRole('img', { name: "Map of Ivan's track near Grenada" })).toBeVisible();
  await expect(holder.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Tropical Cyclone Tracker' })).toBeVisible();
  await reviewAtWidths(holder, 'weather-analytics-storm-detail');
  await holder.getByRole('link', { name: 'Back to the tracker' }).click();
  await expect(holder).toHaveURL(new RegExp(`/weather-analytics/${number}\\?month=2026-09$`));

  // The admin records the wire.
  await row.getByLabel(/^Wire reference for /).fill('WIRE-E2E-0001');
  await row.getByRole('button', { name: 'Record wire' }).click();
  await expect(card.getByRole('row').filter({ hasText: 'WIRE-E2E-0001' })).toContainText('PAID');
  expect(adminErrors).toEqual([]);

  // The holder acknowledges it.
  await holder.goto(`/my-policies/actual/${number}`);
  await expect(payouts.getByRole('row').filter({ hasText: STORM })).toContainText('Paid');
  await holder.getByRole('button', { name: 'Acknowledge payout' }).click();
  await expect(holder.getByRole('dialog').filter({ hasText: 'Payment receipt confirmed' })).toBeVisible();
  expect(holderErrors).toEqual([]);
});

test('the options step shows what each option would have paid since 1950', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/product/fhp/buy');
  await page.getByLabel('Country of the location you like to insure').selectOption('gd');
  await page.getByRole('button', { name: 'Continue' }).click();
  const backtest = page.getByRole('region', { name: 'What each option would have paid since 1950' });
  await expect(backtest).toContainText('74 seasons from 1950 to 2023');
  await expect(backtest.getByRole('listitem').filter({ hasText: 'Option T' }).first()).toContainText('Paid in 12 of 74 years');
  await expect(backtest.getByRole('list', { name: 'Storms that would have paid under Option 3' })).toHaveText(/Ivan 2004\s*50%/);
  await expect(backtest.getByRole('listitem').filter({ hasText: 'Option 5' }).first()).toContainText('Never paid in 74 years');
  await page.getByRole('textbox', { name: 'Coverage amount' }).fill('25000');
  await expect(page.locator('[aria-busy="false"]')).toBeVisible();
  await page.locator('label.option-card', { has: page.getByText('Option 3: Category 3 and above') }).click();
  await expect(backtest.locator('.is-selected')).toContainText('Your choice');
  await backtest.scrollIntoViewIfNeeded();
  await reviewAtWidths(page, 'purchase-options-backtest');
  expect(errors).toEqual([]);
});
