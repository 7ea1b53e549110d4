import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, graphqlAsPage, screenshotAtWidths, signInWithPassword, watchConsole } from './helpers';
import { readTextedCode } from './harness';

/*
 * My Account as a demo holder (issue 9 items 1, 3, 4, 8): the seeded KYC on the page, the profile
 * edited with an accented, hyphenated name and a new phone, both proofs updated (the ID proof an
 * image, the address proof a PDF), an administrator's review (ID proof rejected, address proof
 * accepted) answered by updating the ID proof alone, and the new phone verified with the code from
 * the SMS outbox.
 */

const HOLDER = 'purchaser.b@fhp.example';
const NEW_PHONE = '+1 767 555 0188';

// Real file bytes, the same the server's tests upload.
const { pngBytes, pdfBytes } = (await import(pathToFileURL(resolve(import.meta.dirname, '../../server/test/files-helpers.ts')).href)) as {
  pngBytes(): Buffer;
  pdfBytes(): Buffer;
};

/** Closes the page's outcome dialog ("Woo hoo!" or "Uh oh."), which may sit over a fading form dialog. */
async function closeOutcome(page: Page): Promise<void> {
  await page.getByRole('dialog').filter({ hasText: /Woo hoo!|Uh oh\./ }).getByRole('button', { name: 'Close' }).click();
}

/**
 * An administrator decides the holder's waiting documents through the API the KYC Review screen
 * uses (that screen has its own spec): each decision by document type.
 */
async function reviewAsAdmin(browser: Browser, holderEmail: string, decisions: Record<'ID_PROOF' | 'ADDRESS_PROOF', { decision: 'ACCEPT' | 'REJECT'; comment?: string }>) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInWithPassword(admin, 'admin@fhp.example');
  const graphql = (query: string, variables: Record<string, unknown> = {}) => graphqlAsPage(admin, query, variables);
  const queue = await graphql('{ kycReviewQueue { id type holderEmail } }');
  const items = (queue.data!.kycReviewQueue as { id: string; type: 'ID_PROOF' | 'ADDRESS_PROOF'; holderEmail: string }[]).filter((item) => item.holderEmail === holderEmail);
  // Oldest first: the latest of each type is the one the holder's profile counts.
  const latest = (['ID_PROOF', 'ADDRESS_PROOF'] as const).map((type) => items.filter((item) => item.type === type).at(-1));
  expect(latest.every(Boolean)).toBe(true);
  for (const item of latest as NonNullable<(typeof latest)[number]>[]) {
    const decided = await graphql('mutation ($id: String!, $decision: String!, $comment: String) { reviewKycDocument(documentId: $id, decision: $decision, comment: $comment) { status } }', {
      id: item.id,
      ...decisions[item.type],
    });
    expect(decided.errors).toBeUndefined();
  }
  await context.close();
}

test('a holder edits the profile, updates the proofs and verifies a new phone', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithPassword(page, HOLDER);

  await page.goto('/my-account');
  await expect(page).toHaveTitle('My Account | Flexible Hurricane Protection');
  await expect(page.getByRole('region', { name: 'Bernard Joseph' }).getByText('submitted')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('My Account')).toBeVisible();
  await expect(page.getByText('KYC details submitted')).toBeVisible();
  // The carousel, newest first: the seeded address proof is a PDF, the ID proof an image fetched with the session's token.
  await expect(page.getByRole('button', { name: 'Open PDF: Address proof: Utility Bill' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('img', { name: 'ID proof: Passport' })).toBeVisible();
  // Both proofs submitted: the full KYC button; Bernard's phone is not verified yet.
  await expect(page.getByRole('group', { name: 'Account actions' }).getByRole('button')).toHaveText(['Update KYC documents', 'Verify phone number']);
  await expectNoSeriousAxeViolations(page);
  await screenshotAtWidths(page, 'my-account');
  await page.setViewportSize({ width: 1440, height: 900 });

  // 1. The profile: an accented, hyphenated name, a new phone and a photo.
  await page.getByLabel(/^First Name/).fill('Thérèse');
  await page.getByLabel(/^Last Name/).fill("D'Auvergne-Joseph");
  await page.getByLabel(/^City/).fill('St. Joseph');
  await page.getByLabel(/^Phone Number/).fill(NEW_PHONE);
  await page.getByLabel('Profile photo (optional)').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes() });
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Woo hoo!')).toBeVisible();
  await expect(dialog.getByText('Profile updated successfully')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { level: 2, name: "Thérèse D'Auvergne-Joseph" })).toBeVisible();
  await expect(page.getByText('St. Joseph')).toBeVisible();

  // 2. Both proofs through the full KYC update: a PNG ID proof and a PDF address proof.
  await page.getByRole('button', { name: 'Update KYC documents' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Id proof type is required', { exact: true })).toBeVisible();
  await expect(form.getByText('One Id Proof is required')).toHaveCount(2);
  await expect(form.getByText('Address proof type is required')).toBeVisible();
  await form.getByLabel(/^Id Proof Type/).selectOption('driverLicense');
  await form.locator('#update-idProof').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: pngBytes() });
  await form.getByLabel(/^Address Proof Type/).selectOption('bankstatement');
  await form.locator('#update-addressProof').setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
  await screenshotAtWidths(page, 'my-account-kyc-update');
  await page.setViewportSize({ width: 1440, height: 900 });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog').getByText('Your documents were submitted successfully.')).toBeVisible();
  await closeOutcome(page);
  await expect(page.getByText('KYC documents updated')).toBeVisible();
  await expect(page.getByRole('img', { name: "ID proof: Driver's License" })).toBeVisible();

  // 2b. The review: the ID proof rejected with a comment, the address proof accepted. Only the ID
  // proof's button is offered, and its form asks for the ID proof alone.
  const hero = page.getByRole('region', { name: "Thérèse D'Auvergne-Joseph" });
  await reviewAsAdmin(browser, HOLDER, { ID_PROOF: { decision: 'REJECT', comment: 'The licence photo is blurred.' }, ADDRESS_PROOF: { decision: 'ACCEPT' } });
  await page.reload();
  await expect(hero.getByText('rejected')).toBeVisible();
  await expect(hero.getByText('The licence photo is blurred.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Account actions' }).getByRole('button')).toHaveText(['Update ID proof', 'Verify phone number']);
  await page.getByRole('button', { name: 'Update ID proof' }).click();
  const idForm = page.getByRole('dialog');
  await expect(idForm.getByLabel(/^Id Proof Type/)).toBeVisible();
  await expect(idForm.getByLabel(/^Address Proof Type/)).toHaveCount(0);
  await idForm.getByLabel(/^Id Proof Type/).selectOption('passport');
  await idForm.locator('#update-idProof').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: pngBytes() });
  await screenshotAtWidths(page, 'my-account-id-proof-update');
  await page.setViewportSize({ width: 1440, height: 900 });
  await idForm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog').getByText('Your documents were submitted successfully.')).toBeVisible();
  await closeOutcome(page);
  // The new ID proof waits for review and the address proof is accepted: no document button is left.
  await expect(hero.getByText('submitted')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Account actions' }).getByRole('button')).toHaveText(['Verify phone number']);
  await expect(page.getByRole('img', { name: 'ID proof: Passport' })).toBeVisible();

  // 3. The new phone, verified with the texted code; its field is hidden afterwards.
  const since = Date.now();
  await page.getByRole('button', { name: 'Verify phone number' }).click();
  const phone = page.getByRole('dialog');
  await expect(phone.getByText(/We sent a code to your phone/)).toBeVisible();
  const code = await readTextedCode(NEW_PHONE, since);
  await phone.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verify OTP Failed')).toBeVisible();
  await screenshotAtWidths(page, 'my-account-verify-failed');
  await page.setViewportSize({ width: 1440, height: 900 });
  await closeOutcome(page);
  await phone.getByLabel('Code').fill(code);
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number verified successfully')).toBeVisible();
  await closeOutcome(page);
  await expect(page.getByRole('button', { name: 'Verify phone number' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Account actions' })).toHaveCount(0);
  await expect(page.getByLabel(/^Phone Number/)).toHaveCount(0);
  await screenshotAtWidths(page, 'my-account-after');

  // The header shows the new name and photo (the sidebar's My Account entry leads here).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { level: 2, name: "Thérèse D'Auvergne-Joseph" })).toBeVisible();
  expect(problems).toEqual([]);
});
