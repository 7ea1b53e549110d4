import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { INITIAL_DATA_ELEMENT_ID } from '../src/lib/initial-data/initialData';
import { reviewAtWidths, signInWithPassword, waitForHydration, watchConsole } from './helpers';
import { readStoredPolicies } from './harness';

/*
 * The policy when the network is gone (issue 20, decision 116): a holder opens their policies once
 * online on a phone; with the network cut the lists, the policy, its contract PDF and its proof QR
 * still open, marked "Offline: as of ..."; signing out leaves nothing personal on the device, and
 * anonymous pages never keep anything.
 */

const HOLDER = 'purchaser@fhp.example';
const PHONE = { width: 390, height: 844 };

/** What the device holds: every cache and the addresses in it, both storages, the IndexedDB databases. */
async function deviceStorage(page: Page) {
  return page.evaluate(async () => {
    const caches_: Record<string, string[]> = {};
    for (const name of await caches.keys()) caches_[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    const dump = (store: Storage) => Object.fromEntries(Object.keys(store).map((key) => [key, store.getItem(key) ?? '']));
    return {
      caches: caches_,
      local: dump(localStorage),
      session: dump(sessionStorage),
      indexedDb: (await indexedDB.databases()).map((database) => database.name),
    };
  });
}

/** Waits until the service worker has installed (its precache complete) and controls the page. */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

test('a holder opens their policy once online, then reads it, its PDF and its proof QR offline; signing out leaves nothing personal', async ({ browser }) => {
  test.setTimeout(180_000);
  const policy = (await readStoredPolicies(HOLDER)).find((row) => row.type === 'ACTUAL' && /^PAYOUT_/.test(row.status));
  expect(policy, 'a demo policy with a payout').toBeDefined();
  const number = policy!.policyNumber;

  // Signed in at a desktop's width (the helper checks the sidebar), then used as a phone.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInWithPassword(page, HOLDER);
  await page.setViewportSize(PHONE);
  await serviceWorkerInControl(page);

  // Online: the three lists and the policy, each page from the server (its data inlined: never the worker's shell).
  for (const path of ['/my-policies/provisional', '/my-policies/archived', '/my-policies/actual']) {
    const response = await page.goto(path);
    expect(await response!.text()).toContain(`id="${INITIAL_DATA_ELEMENT_ID}"`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: `View details of policy ${number}` })).toBeVisible();
  await page.goto(`/my-policies/actual/${number}`);
  const payouts = page.locator('table.payouts-table tbody tr');
  await expect(payouts.first()).toBeVisible();
  const payoutRows = await payouts.count();
  await expect(page.getByText(/^Offline: as of/)).toHaveCount(0);
  // The contract is kept with the policy as it opens: wait for the copy.
  await expect
    .poll(async () => Object.values((await deviceStorage(page)).caches).flat().some((path) => path === `/api/v1/policies/${number}/contract`))
    .toBe(true);

  // The network is cut; the page is loaded again.
  await context.setOffline(true);
  const offline = await page.reload();
  // The worker's precached shell: no page's data in it.
  expect(await offline!.text()).not.toContain(`id="${INITIAL_DATA_ELEMENT_ID}"`);
  const notice = page.getByRole('status').filter({ hasText: /^Offline: as of \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/ });
  await expect(notice).toBeVisible();
  // Number, status, coverage, the option and what it pays.
  const facts = page.locator('.policy-card-facts').first();
  await expect(facts).toContainText(number);
  await expect(facts).toContainText(/Coverage\s*EC\$[\d,]+\.\d{2}/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Option /);
  await expect(page.locator('.policy-detail .badge').first()).toBeVisible();
  const pays = page.getByRole('table', { name: 'What your option pays' });
  await expect(pays.locator('tbody tr').last()).toContainText(/Category 5\s*Boxes 1 and 2\s*100%\s*EC\$/);
  // The payouts, as online.
  await expect(payouts).toHaveCount(payoutRows);
  // The beneficiary.
  await page.getByRole('button', { name: 'Beneficiary details' }).click();
  await expect(page.locator('.accordion-collapse.show').filter({ hasText: 'Name' }).getByText(/@/)).toBeVisible();
  // The contract PDF and the ledger proof's QR code.
  await page.getByRole('button', { name: 'Policy document' }).click();
  await expect(page.getByRole('img', { name: "QR code of this policy's proof-ledger entry" })).toBeVisible();
  await expect(page.locator('.ledger-proof-link')).toHaveText(/^https?:\/\/[^/]+\/explorer\/[0-9a-f]{64}$/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download policy PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  await reviewAtWidths(page, 'offline-policy-detail');
  await page.setViewportSize(PHONE);

  // The list, offline, through the menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Actual' }).click();
  await expect(page.getByRole('link', { name: `View details of policy ${number}` })).toBeVisible();
  await expect(notice).toBeVisible();
  await reviewAtWidths(page, 'offline-policy-list');
  await page.setViewportSize(PHONE);

  // Back online, the notice goes: every answer on screen is the server's again.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('link', { name: `View details of policy ${number}` })).toBeVisible();
  await expect(page.getByText(/^Offline: as of/)).toHaveCount(0);

  // Signing out leaves no personal answer, document or session anywhere on the device.
  const before = await deviceStorage(page);
  expect(Object.keys(before.caches).filter((name) => name.startsWith('fhp-personal-'))).toHaveLength(1);
  await page.getByRole('button', { name: /, your account$/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/product\/fhp$/);
  await waitForHydration(page);
  await expect.poll(async () => Object.keys((await deviceStorage(page)).caches).filter((name) => name.startsWith('fhp-personal-'))).toEqual([]);
  const after = await deviceStorage(page);
  // What is left is the worker's precache of the built app: files, no answer of any API.
  expect(Object.keys(after.caches).length).toBeGreaterThan(0);
  for (const path of Object.values(after.caches).flat()) expect(path).toMatch(/^\/(assets\/|app-shell\.html$|hydrate\.js$|favicon\.svg$|manifest\.webmanifest$|brand\/)/);
  expect(after.indexedDb).toEqual([]);
  const stored = JSON.stringify([after.local, after.session]);
  for (const personal of [HOLDER, number, 'fhp.session', 'Alicia']) expect(stored).not.toContain(personal);
  expect(errors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
  await context.close();
});

test('anonymous pages keep nothing: no worker, no cache, no stored answer', async ({ browser }) => {
  // Workers allowed, as on a phone: none may register for an anonymous visitor.
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
  const page = await context.newPage();
  for (const path of ['/', '/product/fhp', '/product/fhp/faq', '/sign-in']) {
    await page.goto(path);
    await waitForHydration(page);
  }
  // The worker registers for a signed-in session only (decision 115): give it the time it would take.
  await page.waitForTimeout(1_000);
  const storage = await deviceStorage(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(storage.caches).toEqual({});
  expect(storage.indexedDb).toEqual([]);
  expect(Object.keys(storage.local)).toEqual([]);
  await context.close();
});
