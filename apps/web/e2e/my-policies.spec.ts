import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { graphqlAsPage, reviewAtWidths, screenshotAtWidths, signedInPage, watchConsole } from './helpers';
import { createProvisionalPolicy, readStoredPolicies } from './harness';

/*
 * The holder's policies (issue 9): the three lists with paging through 25 new policies, an actual
 * policy's detail with its PDF and its proof-ledger page, a paid payout acknowledged, a provisional
 * policy's cancellation request, the archive's filter, and another holder's number in the address.
 */

const HOLDER = 'purchaser@fhp.example';

/** The "Woo hoo!" dialog with this sentence (another modal may still be fading out behind it). */
async function closeSuccess(page: Page, sentence: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: 'Woo hoo!' }).filter({ hasText: sentence });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
}

test('a holder browses, pages, opens, downloads, acknowledges and asks to cancel', async ({ browser }) => {
  test.setTimeout(240_000);
  for (let i = 0; i < 25; i += 1) await createProvisionalPolicy(HOLDER);
  const stored = await readStoredPolicies(HOLDER);
  const provisional = stored.filter((row) => row.type === 'PROVISIONAL' && row.status === 'PAYMENT_PENDING');
  expect(provisional.length).toBeGreaterThanOrEqual(25);

  const page = await signedInPage(browser, HOLDER);
  const errors = watchConsole(page);

  // Provisional: ten a page, every policy once across the pages.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Provisional' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Provisional policies' })).toBeVisible();
  const pages = Math.ceil(provisional.length / 10);
  await expect(page.getByText(`${provisional.length} policies, page 1 of ${pages}`)).toBeVisible();
  await reviewAtWidths(page, 'my-policies-provisional');
  const seen = new Set<string>();
  for (let number = 1; number <= pages; number += 1) {
    if (number > 1) await page.getByRole('button', { name: `Page ${number}` }).click();
    await expect(page.getByText(`page ${number} of ${pages}`)).toBeVisible();
    for (const code of await page.locator('.policy-card code').allTextContents()) seen.add(code);
  }
  expect([...seen].sort()).toEqual(provisional.map((row) => row.policyNumber).sort());
  // Created dates read DD/MM/YYYY.
  await expect(page.locator('.policy-card dd').nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);

  // Actual: the issued policy, its PDF and its ledger page.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Actual' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Actual policies' })).toBeVisible();
  await reviewAtWidths(page, 'my-policies-actual');
  const issued = stored.find((row) => row.status === 'ISSUED')!;
  await page.getByRole('link', { name: `View details of policy ${issued.policyNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tropical Cyclone Tracker' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel policy' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Policy document' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download policy PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${issued.policyNumber}.pdf`);
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByRole('button', { name: 'Transaction timeline' }).click();
  await expect(page.locator('.txn-timeline li').first()).toBeVisible();
  await reviewAtWidths(page, 'my-policy-actual-detail');
  await page.getByRole('link', { name: 'View in Blockchain Explorer' }).click();
  await expect(page).toHaveURL(/\/explorer\/[0-9a-f]{64}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction proof' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verified' })).toBeVisible();
  await page.goBack();

  // A paid payout: the wire-transfer sentence, then "Payment receipt confirmed".
  const confirmation = stored.find((row) => row.status === 'PAYOUT_CONFIRMATION')!;
  // Spec part 2 section 7: the detail reads its payouts with getMyPayouts where policyId equals.
  const payoutsRead = page.waitForRequest((request) => request.url().endsWith('/graphql') && (request.postData() ?? '').includes('getMyPayouts') && (request.postData() ?? '').includes(confirmation.policyNumber));
  await page.goto(`/my-policies/actual/${confirmation.policyNumber}`);
  await payoutsRead;
  await expect(page.getByText(/^I confirm that I received the payout of EC\$10,500\.00 by wire transfer on 31\/07\/2026\.$/)).toBeVisible();
  await reviewAtWidths(page, 'my-policy-payout');
  await page.getByRole('button', { name: 'Acknowledge payout' }).click();
  await closeSuccess(page, 'Payment receipt confirmed');
  await expect(page.getByRole('button', { name: 'Acknowledge payout' })).toHaveCount(0);

  // A provisional policy: the reason is required, then the request is sent.
  const toCancel = provisional[0]!.policyNumber;
  await page.goto(`/my-policies/provisional/${toCancel}`);
  await page.getByRole('button', { name: 'Cancel policy' }).click();
  await page.getByRole('button', { name: 'Request cancellation' }).click();
  await expect(page.getByText('Reason is required')).toBeVisible();
  await page.getByLabel('Reason for cancellation').fill('I bought it twice by mistake.');
  await page.getByRole('button', { name: 'Request cancellation' }).click();
  await closeSuccess(page, 'Cancellation request sent');
  await expect(page.getByText('Thank you, your policy cancellation request sent successfully.')).toBeVisible();
  await reviewAtWidths(page, 'my-policy-provisional-detail');

  // Archived: heading, filter by number, refresh, and the empty text for a number that matches none.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Archived' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Archived Policies' })).toBeVisible();
  const archived = stored.filter((row) => row.status === 'EXPIRED' || row.status === 'CANCELED');
  await expect(page.locator('.policy-card')).toHaveCount(archived.length);
  await reviewAtWidths(page, 'my-policies-archived');
  await page.getByLabel('Filter by policy number').fill(archived[0]!.policyNumber.slice(-6));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.locator('.policy-card')).toHaveCount(1);
  await page.getByLabel('Filter by policy number').fill('NO-SUCH');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No Archived policies found yet - All Expired/Cancelled polices will display here')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();

  // Another holder's number in the address: not found, nothing of theirs shown.
  const other = (await readStoredPolicies('purchaser.b@fhp.example')).find((row) => row.type === 'ACTUAL')!;
  await page.goto(`/my-policies/actual/${other.policyNumber}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(errors).toEqual([]);
});

// A 1x1 PNG: the server checks a file's type by its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a holder saves payout bank details: every refusal in words, then shown masked with its timeline', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'purchaser.b@fhp.example');
  const errors = watchConsole(page);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Payout Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Payout Details' })).toBeVisible();

  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText("Account holder's name is required")).toBeVisible();
  await expect(page.getByText('Confirm Account number is required')).toBeVisible();
  await expect(page.getByText('One cheque leaf is required')).toBeVisible();

  await page.getByLabel('Account holder’s name').fill('Bernard Joseph');
  await page.getByLabel('Bank name').fill('National Bank of Dominica');
  await page.getByLabel(/^Account number/).fill('5500 1234 0456');
  await page.getByLabel('Confirm account number').fill('5500 1234 0457');
  await page.getByLabel('Account type').selectOption('CHEQUING');
  await page.getByLabel('SWIFT or BIC code').fill('NCDM12');
  await page.getByLabel('Cheque leaf').setInputFiles({ name: 'cheque.txt', mimeType: 'text/plain', buffer: Buffer.from('not a cheque') });
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('Account numbers do not match')).toBeVisible();
  await expect(page.getByText(/^SWIFT or BIC code must be 8 or 11 characters/)).toBeVisible();
  await screenshotAtWidths(page, 'payout-details-refusals');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('Confirm account number').fill('550012340456');
  await page.getByLabel('SWIFT or BIC code').fill('ncdmdmdm');
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('The cheque leaf must be a PNG, PDF, JPEG or JPG file')).toBeVisible();
  await page.getByLabel('Cheque leaf').setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await closeSuccess(page, 'Bank details updated successfully');

  await expect(page.getByText('•••• 0456')).toBeVisible();
  await expect(page.getByText('NCDMDMDM')).toBeVisible();
  await expect(page.getByText('550012340456')).toHaveCount(0);
  await expect(page.locator('.txn-timeline li').first()).toContainText('Bank details added');
  await expect(page.getByRole('button', { name: 'Update Bank details' })).toBeVisible();
  await reviewAtWidths(page, 'payout-details');
  expect(errors).toEqual([]);
});

test('a teller and an admin open their own payout details and policy timelines: their entries only, no error', async ({ browser }) => {
  test.setTimeout(150_000);
  const tellerPolicy = await createProvisionalPolicy('teller@fhp.example', 'FULL');
  const adminPolicy = await createProvisionalPolicy('admin@fhp.example', 'FULL');

  // The teller: payout details (the holder's bank changes above are not theirs), then their own policy.
  const teller = await signedInPage(browser, 'teller@fhp.example');
  const tellerErrors = watchConsole(teller);
  await teller.goto('/my-payout-details');
  await expect(teller.getByRole('heading', { level: 1, name: 'My Payout Details' })).toBeVisible();
  await expect(teller.getByRole('heading', { name: 'Bank details' })).toBeVisible();
  await expect(teller.getByText('Uh oh.')).toHaveCount(0);
  await expect(teller.locator('.txn-timeline li')).toHaveCount(0);
  await reviewAtWidths(teller, 'payout-details-teller');
  await teller.goto(`/my-policies/provisional/${tellerPolicy.policyNumber}`);
  await teller.getByRole('button', { name: 'Transaction timeline' }).click();
  await expect(teller.locator('.txn-timeline li')).toHaveText([/Provisional policy created/]);
  await expect(teller.getByText('Uh oh.')).toHaveCount(0);
  expect(tellerErrors).toEqual([]);

  // The admin (who may read every holder's log): the same pages show only the admin's own entries.
  const admin = await signedInPage(browser, 'admin@fhp.example');
  const adminErrors = watchConsole(admin);
  await admin.goto('/my-payout-details');
  await expect(admin.getByRole('heading', { name: 'Bank details' })).toBeVisible();
  await expect(admin.locator('.txn-timeline li')).toHaveCount(0);
  await expect(admin.getByText('Uh oh.')).toHaveCount(0);
  // An admin's detail screen is the archive's (spec part 2 section 6): the admin cancels their own policy.
  const graphql = (query: string, variables: Record<string, unknown>) => graphqlAsPage(admin, query, variables);
  expect((await graphql('mutation ($id: String!) { cancelPolicy(policyId: $id, reason: "Bought by mistake") { status } }', { id: adminPolicy.policyId })).errors).toBeUndefined();
  // Another administrator decides it: nobody acts as staff on their own records (issue 19 item 6).
  const own = await graphql('mutation ($id: String!) { approveCancellation(policyId: $id) { status } }', { id: adminPolicy.policyId });
  expect(JSON.stringify(own.errors)).toContain('You hold this policy, so you cannot decide its cancellation request.');
  const master = await signedInPage(browser, 'master.admin@fhp.example');
  expect((await graphqlAsPage(master, 'mutation ($id: String!) { approveCancellation(policyId: $id) { status } }', { id: adminPolicy.policyId })).errors).toBeUndefined();
  await master.context().close();
  await admin.goto(`/my-policies/archived/${adminPolicy.policyNumber}`);
  await admin.getByRole('button', { name: 'Transaction timeline' }).click();
  await expect(admin.locator('.txn-timeline li').first()).toBeVisible();
  // Newest first; no holder's KYC submission or policy among them.
  await expect(admin.locator('.txn-timeline-headline')).toHaveText(['Cancellation approved: policy canceled', 'Cancellation requested', 'Provisional policy created']);
  await expect(admin.getByText('Uh oh.')).toHaveCount(0);
  await reviewAtWidths(admin, 'my-policy-archived-detail-admin');
  expect(adminErrors).toEqual([]);
});
