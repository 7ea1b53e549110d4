import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, graphqlAsPage, screenshotAtWidths, signedInPage, watchConsole } from './helpers';
import { createProvisionalPolicy, ledgerHash, readMailedMessage, readStoredPolicies } from './harness';

/*
 * The policy's life at the desk (issue 7): a teller records two instalments and prints a receipt,
 * the second issues the contract, the holder finds the policy issued in their actual list, downloads
 * the contract with the page's button, and its QR code points at the explorer link of its
 * POLICY_ISSUED ledger entry; an admin approves a cancellation request.
 */

const HOLDER = 'purchaser@fhp.example';
const shotsDir = resolve(import.meta.dirname, '../../../test-results/screenshots');

// The server tests' PDF reader (text and QR codes), loaded by URL like the harness loads the server.
const { pdfText, pdfQrCodes } = (await import(pathToFileURL(resolve(import.meta.dirname, '../../server/test/pdf-inspect.ts')).href)) as {
  pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }>;
  pdfQrCodes(bytes: Uint8Array): Promise<string[]>;
};

/** A PDF as pictures for review, when poppler's pdftoppm is on the machine (it is not needed to pass). */
function pdfPictures(bytes: Uint8Array, name: string): void {
  if (!existsSync('/usr/bin/pdftoppm')) return;
  mkdirSync(shotsDir, { recursive: true });
  const file = resolve(shotsDir, `${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('/usr/bin/pdftoppm', ['-r', '60', '-png', file, resolve(shotsDir, name)]);
}

/** A GET with the page's own session token, as the app's download buttons do. */
async function fetchAsPage(page: Page, url: string): Promise<{ status: number; bytes: Uint8Array }> {
  const { status, body } = await page.evaluate(async (target) => {
    const session = JSON.parse(window.localStorage.getItem('fhp.session') ?? window.sessionStorage.getItem('fhp.session') ?? '{}') as { token?: string };
    const response = await fetch(target, { headers: { authorization: `Bearer ${session.token ?? ''}` } });
    return { status: response.status, body: Array.from(new Uint8Array(await response.arrayBuffer())) };
  }, url);
  return { status, bytes: new Uint8Array(body) };
}

test('a teller records two instalments and prints a receipt; the contract is issued with its ledger QR; an admin approves a cancellation', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const policy = await createProvisionalPolicy(HOLDER, 'INSTALMENTS_2');
  expect(policy.premiumCents).toBe(196_000);

  // The teller: sidebar entry, search by number, two instalments.
  const teller = await signedInPage(browser, 'teller@fhp.example');
  const tellerErrors = watchConsole(teller);
  await teller.getByRole('link', { name: 'Payment Desk' }).click();
  await expect(teller.getByRole('heading', { level: 1, name: 'Payment desk' })).toBeVisible();
  await teller.getByLabel('Policy number, bank transfer reference or holder’s email').fill(policy.policyNumber);
  await teller.getByRole('button', { name: 'Find' }).click();
  const card = teller.getByRole('article', { name: policy.policyNumber });
  await expect(card.getByText('Alicia Charles')).toBeVisible();
  await expect(card.getByText('Payment pending', { exact: true })).toBeVisible();

  // The form refuses what the server would, in the same words, before sending.
  await card.getByLabel('Amount').fill('1960.01');
  await card.getByLabel('Payment reference').fill(`E2E-${policy.policyNumber}-1`);
  await card.getByRole('button', { name: 'Record payment' }).click();
  await expect(card.getByText('The payment of EC$1,960.01 is more than the EC$1,960.00 still due')).toBeVisible();

  await card.getByLabel('Amount').fill('980.00');
  await card.getByRole('button', { name: 'Record payment' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'recorded' })).toBeVisible();
  await expect(card.getByText('Partially paid', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(teller);
  await screenshotAtWidths(teller, 'payment-desk-partly-paid');
  await teller.setViewportSize({ width: 1280, height: 900 });

  await card.getByLabel('Amount').fill('980');
  await card.getByLabel('Payment reference').fill(`E2E-${policy.policyNumber}-2`);
  await card.getByRole('button', { name: 'Record payment' }).click();
  await expect(card.getByText('the contract is issued and emailed to the holder')).toBeVisible();
  await expect(card.getByText('Fully paid', { exact: true })).toBeVisible();
  await expect(card.getByText('Issued', { exact: true })).toBeVisible();
  await screenshotAtWidths(teller, 'payment-desk-issued');
  await teller.setViewportSize({ width: 1280, height: 900 });

  // Print (download) the second receipt: a real PDF with the desk's facts.
  const receiptNumber = (await card.getByRole('row').last().getByRole('cell').first().textContent())!.trim();
  const downloading = teller.waitForEvent('download');
  await card.getByRole('status').getByRole('button', { name: `Download receipt ${receiptNumber}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${receiptNumber}.pdf`);
  const receiptBytes = new Uint8Array(readFileSync(await download.path()));
  const receipt = await pdfText(receiptBytes);
  for (const part of [receiptNumber, policy.policyNumber, 'Alicia Charles', 'EC$980.00', 'Terrence Alexander', 'Outstanding after this payment']) {
    expect(receipt.text).toContain(part);
  }
  pdfPictures(receiptBytes, 'receipt');
  expect(tellerErrors).toEqual([]);

  // The holder's policy is now actual, and its contract is the holder's to download.
  const stored = (await readStoredPolicies(HOLDER)).find((row) => row.policyNumber === policy.policyNumber)!;
  expect(stored).toMatchObject({ type: 'ACTUAL', status: 'ISSUED' });
  // The contract went to the holder by email (read here, so the sign-in below reads its own code).
  let mail = await readMailedMessage(HOLDER);
  for (let skipped = 0; mail.subject !== `Your policy ${policy.policyNumber} is issued` && skipped < 10; skipped += 1) mail = await readMailedMessage(HOLDER);
  expect(mail.subject).toBe(`Your policy ${policy.policyNumber} is issued`);
  expect(mail.text).toContain('Your contract is attached to this email as a PDF');
  const holder = await signedInPage(browser, HOLDER);
  const holderErrors = watchConsole(holder);
  // On the holder's own screens: in the actual list, issued, and its contract from the download button.
  await holder.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Actual' }).click();
  await expect(holder.getByRole('heading', { level: 1, name: 'Actual policies' })).toBeVisible();
  const listed = holder.locator('.policy-card').filter({ hasText: policy.policyNumber });
  await expect(listed.getByText('Issued', { exact: true })).toBeVisible();
  await listed.getByRole('link', { name: `View details of policy ${policy.policyNumber}` }).click();
  await expect(holder).toHaveURL(new RegExp(`/my-policies/actual/${policy.policyNumber}$`));
  await expect(holder.locator('.policy-detail h1 + p').getByText('Issued', { exact: true })).toBeVisible();
  await holder.getByRole('button', { name: 'Policy document' }).click();
  const contractDownload = holder.waitForEvent('download');
  await holder.getByRole('button', { name: 'Download policy PDF' }).click();
  const savedContract = await contractDownload;
  expect(savedContract.suggestedFilename()).toBe(`${policy.policyNumber}.pdf`);
  const contract = { bytes: new Uint8Array(readFileSync(await savedContract.path())) };
  expect(holderErrors).toEqual([]);
  const contractUrl = `/api/v1/policies/${policy.policyNumber}/contract`;
  const hash = await ledgerHash(policy.policyNumber, 'POLICY_ISSUED');
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  const explorerLink = `${baseURL}/explorer/${hash}`;
  const contractText = await pdfText(contract.bytes);
  expect(contractText.text).toContain(policy.policyNumber);
  expect(contractText.text).toContain(hash!);
  expect(await pdfQrCodes(contract.bytes)).toEqual([explorerLink]);
  pdfPictures(contract.bytes, 'contract');
  // The QR code leads to the public explorer page of that entry, which checks it back to the first entry.
  await holder.goto(explorerLink);
  await expect(holder.getByRole('heading', { name: 'Verified' })).toBeVisible();
  await expect(holder.getByRole('region', { name: 'Overview' }).getByText('Policy issued')).toBeVisible();
  // The teller may not read it.
  expect((await fetchAsPage(teller, contractUrl)).status).toBe(404);

  // The holder asks to cancel another provisional policy; the admin approves it from the admin screen.
  const second = await createProvisionalPolicy(HOLDER, 'FULL');
  const asked = await graphqlAsPage(holder, 'mutation ($policyId: String!, $reason: String!) { cancelPolicy(policyId: $policyId, reason: $reason) { policyNumber } }', {
    policyId: second.policyId,
    reason: 'We are moving to Trinidad next month.',
  });
  expect(asked.errors).toBeUndefined();

  const admin = await signedInPage(browser, 'admin@fhp.example');
  const adminErrors = watchConsole(admin);
  await admin.getByRole('link', { name: 'Cancellation Requests' }).click();
  const request = admin.getByRole('article', { name: second.policyNumber });
  await expect(request.getByText('We are moving to Trinidad next month.')).toBeVisible();
  await expectNoSeriousAxeViolations(admin);
  await screenshotAtWidths(admin, 'cancellation-requests');
  await admin.setViewportSize({ width: 1280, height: 900 });
  await request.getByRole('button', { name: `Approve cancellation of ${second.policyNumber}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Approve the cancellation?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve and cancel policy' }).click();
  await expect(admin.getByText(`Policy ${second.policyNumber} is canceled; the holder has been emailed.`)).toBeVisible();
  await expect(admin.getByRole('article', { name: second.policyNumber })).toHaveCount(0);
  const canceled = (await readStoredPolicies(HOLDER)).find((row) => row.policyNumber === second.policyNumber)!;
  expect(canceled.status).toBe('CANCELED');
  expect(adminErrors).toEqual([]);
});
