import { expect, test } from '@playwright/test';
import { restoreLedger, seedLedgerEntries, tamperLedgerEntry, type SeededLedgerEntry } from './harness';
import { expectNoSeriousAxeViolations, screenshotAtWidths, watchConsole } from './helpers';

/** The demo accounts' names, emails and phones (apps/server/src/modules/identity/seed.ts): none may show. */
const PERSONAL = [
  'Alicia', 'Charles', 'purchaser@fhp.example', '+1 473 555 0101',
  'Bernard', 'Joseph', 'purchaser.b@fhp.example', '+1 767 555 0102',
  'Odette', 'Pierre', 'Terrence', 'Alexander', 'Adele', 'Baptiste', 'Marcus', 'Thomas', 'Olivia', 'Francis',
  '473 555', '767 555',
];

let entries: SeededLedgerEntry[] = [];
let consoleErrors: string[] = [];

test.beforeAll(async () => {
  entries = await seedLedgerEntries();
  expect(entries).toHaveLength(4);
});
test.beforeEach(({ page }) => {
  consoleErrors = watchConsole(page);
});
test.afterEach(() => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

test('a real entry’s page says Verified, shows its QR code and no personal data', async ({ page }) => {
  const entry = entries[2]!; // purchaser B's payment
  await page.goto(`/explorer/${entry.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction proof' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verified' })).toBeVisible();
  await expect(page.getByText(/Premium payment recorded, EC\$2,083\.45, .* AST\./)).toBeVisible();

  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByText('Confirmed')).toBeVisible();
  await expect(overview.getByText(entry.hash)).toBeVisible();
  await expect(overview.getByText('FHP-GD-2027-000901').first()).toBeVisible();
  await expect(overview.getByText('Policy holder (anonymous account id)')).toBeVisible();
  await expect(overview.locator('.explorer-row', { hasText: 'Entry number' })).toContainText(`${entry.sequence}`);

  const qr = page.getByRole('img', { name: 'QR code of this page’s link' });
  await expect(qr).toBeVisible();
  expect(await qr.locator('path').count()).toBeGreaterThan(0);
  await expect(page.getByText(new RegExp(`/explorer/${entry.hash}$`))).toBeVisible();

  // The browser re-checks the entry and its Merkle proof itself (WebCrypto).
  await expect(page.getByText(/Its fingerprints and its place in block \d+ match\./)).toBeVisible();
  // The signed checkpoint that proves it, and the public list it is in (issue 19 item 17).
  await expect(page.getByText(/^Proved by checkpoint \d+\.$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'public checkpoint list' })).toHaveAttribute('href', /\/api\/v1\/ledger\/checkpoints$/);

  // The page itself (the footer carries the company's own support address and phone).
  const text = await page.getByRole('main').innerText();
  expect(text).toContain(entry.hash);
  for (const value of PERSONAL) expect(text, `${value} on the explorer page`).not.toContain(value);

  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'explorer-verified');

  // The previous hash leads to the previous entry's page.
  await page.setViewportSize({ width: 1440, height: 900 });
  await overview.getByRole('link', { name: /Previous entry/ }).click();
  await expect(page).toHaveURL(new RegExp(`/explorer/${entries[1]!.hash}$`));
  await expect(page.getByRole('region', { name: 'Overview' }).getByText('Policy issued')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verified' })).toBeVisible();
});

test('after a stored entry is altered and the daily re-check ran, later entries’ pages say Broken and where', async ({ page }) => {
  const altered = entries[0]!; // a payment: the tampering changes its amount
  await tamperLedgerEntry(altered.hash);
  try {
    await page.goto(`/explorer/${entries[3]!.hash}`);
    await expect(page.getByRole('heading', { name: 'Broken' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(`The ledger does not check out at entry ${altered.sequence}: its payload does not match its payload hash.`);
    await screenshotAtWidths(page, 'explorer-broken');

    // The altered entry itself: the server and the visitor's browser both catch it.
    await page.goto(`/explorer/${altered.hash}`);
    await expect(page.getByRole('alert')).toContainText('This entry has been altered since it was written');
    await expect(page.getByText('It does not match: its payload does not match its payload hash.')).toBeVisible();
  } finally {
    await restoreLedger();
  }
  await page.goto(`/explorer/${entries[3]!.hash}`);
  await expect(page.getByRole('heading', { name: 'Verified' })).toBeVisible();
});

test('an unknown or malformed hash shows a clear not-found state', async ({ page }) => {
  await page.goto(`/explorer/${'f'.repeat(64)}`);
  await expect(page.getByRole('heading', { name: 'Transaction not found' })).toBeVisible();
  await expect(page.getByText('No transaction with this hash is on the ledger. Check the link, or scan the QR code again.')).toBeVisible();
  await screenshotAtWidths(page, 'explorer-not-found');

  await page.goto('/explorer/not-a-hash');
  await expect(page.getByRole('heading', { name: 'Transaction not found' })).toBeVisible();
  await expect(page.getByText('This is not a transaction hash.', { exact: false })).toBeVisible();
});
