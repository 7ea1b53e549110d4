import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, screenshotAtWidths, watchConsole } from './helpers';
import { readMailedCode, readMailedMessage } from './harness';

/*
 * Issue 10 end to end: an admin imports a storm file (Ivan's real track moved into the 2026
 * season that the demo policies cover), sees its payouts on Storm Payouts and records a wire; the
 * holder gets the storm alert and the payout email.
 */

const PASSWORD = 'Hurricane-2027!';
const HOLDER = 'purchaser@fhp.example';

/** Ivan 2004's 94 lines with their dates in 2026, under a storm id of its own. */
function ivanIn2026(): string {
  const text = readFileSync(resolve(import.meta.dirname, '../../../packages/domain/datasets/hurdat2/sample.txt'), 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('AL092004,'));
  const block = lines.slice(start, start + 95);
  return [block[0]!.replace('AL092004', 'AL902026'), ...block.slice(1).map((line) => line.replace(/^2004/, '2026'))].join('\n') + '\n';
}

/** The next message to `email` whose subject matches, skipping others (at most 30). */
async function nextMessage(email: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 30; i++) {
    const message = await readMailedMessage(email, 15_000);
    if (subject.test(message.subject)) return message;
  }
  throw new Error(`No message to ${email} matching ${subject}`);
}

async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('One-time code').fill(await readMailedCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
  return page;
}

test('an admin imports a storm, sees its payouts and records a wire; the holder is alerted and told of the payout', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await signIn(browser, 'admin@fhp.example');
  const errors = watchConsole(admin);
  await admin.getByRole('link', { name: 'Storm Payouts' }).click();
  await expect(admin.getByRole('heading', { name: 'Storm payouts', level: 1 })).toBeVisible();

  // A file of another format is refused in words.
  await admin.getByLabel('HURDAT2 best-track file (at most 20 MB)').setInputFiles({ name: 'storms.csv', mimeType: 'text/plain', buffer: Buffer.from('id,name\n1,IVAN\n') });
  await admin.getByRole('button', { name: 'Import and evaluate' }).click();
  await expect(admin.getByText(/^Line 1: expected a storm header/)).toBeVisible();
  // The browser logs the refusal's 400 itself; nothing else may appear.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  errors.length = 0;

  await admin.getByLabel('HURDAT2 best-track file (at most 20 MB)').setInputFiles({ name: 'ivan-2026.txt', mimeType: 'text/plain', buffer: Buffer.from(ivanIn2026()) });
  await admin.getByRole('button', { name: 'Import and evaluate' }).click();
  await expect(admin.getByText(/AL902026 IVAN: new\. [1-9]\d* payouts created, [1-9]\d* storm alerts sent\./)).toBeVisible({ timeout: 30_000 });

  const card = admin.locator('.card', { hasText: 'AL902026' });
  await card.getByRole('button', { name: 'Show payouts' }).click();
  const row = card.getByRole('row').filter({ hasText: 'EC$25,000.00' }).first();
  await expect(row).toContainText('PENDING');
  await screenshotAtWidths(admin, 'storm-payouts');
  await expectNoSeriousAxeViolations(admin);

  await row.getByLabel(/^Wire reference for /).fill('WIRE-E2E-0001');
  await row.getByRole('button', { name: 'Record wire' }).click();
  await expect(card.getByRole('row').filter({ hasText: 'WIRE-E2E-0001' })).toContainText('PAID');
  expect(errors).toEqual([]);

  // The holder: the storm alert, then the payout (the demo holder's reminders are skipped).
  const alert = await nextMessage(HOLDER, /^Storm alert: /);
  expect(alert.subject).toBe('Storm alert: Ivan near Grenada');
  expect(alert.text).toContain('No claim is needed');
  const payout = await nextMessage(HOLDER, /^Payout of /);
  expect(payout.subject).toMatch(/^Payout of EC\$[\d,.]+ on policy FHP-GD-2026-\d{6}$/);
  expect(payout.text).toContain('No claim is needed');
});
