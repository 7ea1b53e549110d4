import { expect, test, type Locator, type Page } from '@playwright/test';
import { ledgerHash, readStoredPolicies } from './harness';
import { reviewAtWidths, screenshotAtWidths, signedInPage, watchConsole } from './helpers';

/*
 * The islander's phone (issue 20 items 2 to 5) at 390 px: the policy's payouts name the storm and
 * fit without sideways scrolling, a cancelled policy owes nothing, the proof page reads in words,
 * an archived actual policy has its tracker, and the admin's import preview fits.
 */

const HOLDER = 'purchaser@fhp.example';
/** The holder's Grenada option 2 policy, which the Janet exercise paid and whose wire was sent (my-policies.spec acknowledges it, which moves its status on). */
const janetPaidOut = (row: { country: string; optionId: string; type: string }) => row.country === 'gd' && row.optionId === '2' && row.type === 'ACTUAL';

/** The element is no wider than the box it sits in: nothing to scroll sideways. */
async function expectNoSidewaysScroll(element: Locator, what: string) {
  const overflow = await element.evaluate((node) => {
    const box = node.parentElement!;
    return Math.max(node.scrollWidth - node.clientWidth, node.getBoundingClientRect().right - box.getBoundingClientRect().right, box.scrollWidth - box.clientWidth);
  });
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(1);
}

async function phone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a policy\u2019s payouts at 390 px: the storm by name with its id, three columns, no sideways scroll', async ({ browser }) => {
  const stored = await readStoredPolicies(HOLDER);
  const paidOut = stored.find(janetPaidOut)!;
  const page = await signedInPage(browser, HOLDER);
  const errors = watchConsole(page);
  await phone(page);
  await page.goto(`/my-policies/actual/${paidOut.policyNumber}`);
  const table = page.locator('table.payouts-table');
  await expect(table.getByRole('link', { name: 'Janet exercise' })).toBeVisible();
  await expect(table.getByText('AL052026', { exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Storm', 'Amount', 'Status']);
  await expectNoSidewaysScroll(table, 'the payouts table');
  await table.scrollIntoViewIfNeeded();
  await reviewAtWidths(page, 'phone-policy-payouts');
  expect(errors).toEqual([]);
});

test('an archived cancelled policy owes nothing: what was paid and the refund due, no schedule', async ({ browser }) => {
  const stored = await readStoredPolicies(HOLDER);
  const cancelled = stored.filter((row) => row.status === 'CANCELED');
  expect(cancelled.length).toBeGreaterThan(0);
  const page = await signedInPage(browser, HOLDER);
  await phone(page);
  for (const policy of cancelled) {
    await page.goto(`/my-policies/archived/${policy.policyNumber}`);
    await page.getByRole('button', { name: 'Payments' }).click();
    const body = page.locator('.accordion-collapse.show').filter({ hasText: 'Premium payable' });
    await expect(body.getByText('Refund due')).toBeVisible();
    await expect(body.getByText(/This policy was canceled/)).toBeVisible();
    await expect(body.getByText('Still owed')).toHaveCount(0);
    await expect(body.getByText('Payment schedule')).toHaveCount(0);
  }
  await reviewAtWidths(page, 'phone-cancelled-policy-payments');
});

test('the proof page in words: the island, the option, EC$ amounts; the record under Technical details', async ({ browser }) => {
  const stored = await readStoredPolicies(HOLDER);
  const paidOut = stored.find(janetPaidOut)!;
  const hash = await ledgerHash(paidOut.policyNumber, 'POLICY_ISSUED');
  const page = await (await browser.newContext()).newPage();
  await phone(page);
  await page.goto(`/explorer/${hash}`);
  const overview = page.getByRole('region', { name: 'Overview' });
  const value = (term: string) => overview.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Country')).toHaveText(/^(Grenada|Dominica)$/, { timeout: 20_000 });
  await expect(value('Option')).toHaveText(/^Option [T1-5]: /);
  await expect(value('Premium paid')).toHaveText(/^EC\$[\d,]+\.\d\d$/);
  await expect(overview.getByText('Premium paid cents')).toHaveCount(0);
  await expect(page.getByText('Technical details')).toBeVisible();
  await reviewAtWidths(page, 'phone-explorer-issued');
});

test('an archived actual policy offers the tracker, which leads back to the archive', async ({ browser }) => {
  test.setTimeout(90_000);
  const stored = await readStoredPolicies(HOLDER);
  const expired = stored.find((row) => row.type === 'ACTUAL' && row.status === 'EXPIRED');
  test.skip(!expired, 'no expired actual policy in the demo data');
  const page = await signedInPage(browser, HOLDER);
  await page.goto(`/my-policies/archived/${expired!.policyNumber}`);
  await page.getByRole('link', { name: 'Tropical Cyclone Tracker' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tropical Cyclone Tracker' })).toBeVisible({ timeout: 30_000 });
  await screenshotAtWidths(page, 'phone-archived-tracker');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Back to the policy' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-policies/archived/${expired!.policyNumber}$`));
});

test('the import preview fits a 390 px phone: no sideways scroll in the dialog', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin@fhp.example');
  await phone(admin);
  await admin.goto('/users');
  await admin.getByRole('button', { name: 'Import Users' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Import Users' });
  const tag = `e2e.phone.${Date.now()}`;
  const csv = ['firstName,lastName,email', `,Tester,${tag}.0@fhp.example`, `Imported,Tester-With-A-Long-Family-Name,${tag}.with.a.rather.long.local.part.1@fhp.example`, `Imported,Tester,${tag}.0@fhp.example`].join('\r\n');
  await dialog.getByLabel(/CSV or XLSX file/).setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  const preview = dialog.locator('.import-preview');
  await expect(preview.getByRole('columnheader')).toHaveText(['Row', 'Problem', 'User']);
  await expect(preview.locator('tbody tr').first()).toBeVisible();
  await expectNoSidewaysScroll(preview.locator('table'), 'the import preview');
  const body = dialog.locator('.modal-body');
  expect(await body.evaluate((node) => node.scrollWidth - node.clientWidth), 'the dialog scrolls sideways').toBeLessThanOrEqual(1);
  await screenshotAtWidths(admin, 'phone-admin-import-preview');
});

test('the staff\u2019s storm list names each storm with its id beside it', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await signedInPage(browser, 'admin@fhp.example');
  await admin.goto('/storm-payouts');
  await expect(admin.getByRole('heading', { level: 2, name: 'Janet exercise (AL052026)' })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByText(/JANET EXERCISE/)).toHaveCount(0);
  await screenshotAtWidths(admin, 'phone-admin-storm-payouts');
});
