import { expect, test, type Locator, type Page } from '@playwright/test';
import { readStoredPolicies } from './harness';
import { seriousAxeViolations, signedInPage, WIDTHS } from './helpers';

/*
 * Issue 24: axe (WCAG 2.0 to 2.2, A and AA) on every signed-in page of a holder, a teller and an
 * admin, at 390 and 1440 px, with the phone menu, the user menu and each dialog open. Every page
 * and state is checked even after a failure, so one run names every violation; the test prints
 * the list of what it covered.
 */

const HOLDER = 'purchaser@fhp.example';

/** A dialog of a screen: how to open it. It is closed again with Escape. */
interface DialogCase {
  name: string;
  open: (page: Page) => Promise<void>;
}

/** A signed-in page: its address (or how to find it) and the dialogs it opens. */
interface Screen {
  name: string;
  path: string;
  /** What has to be on the page before it is checked (besides the heading). */
  ready?: (page: Page) => Locator;
  /** Done before checking, e.g. expanding a storm's payouts. */
  prepare?: (page: Page) => Promise<void>;
  dialogs?: DialogCase[];
}

/** A page has drawn: its heading shows and nothing is still loading. */
async function pageReady(page: Page, screen: Screen): Promise<void> {
  // A slow page (the tracker reads a month of storms) may take a while on a busy machine.
  await expect(page.locator('main h1').first()).toBeAttached({ timeout: 15_000 });
  await expect(page.locator('main .loading-screen, main .spinner-border')).toHaveCount(0, { timeout: 15_000 });
  if (screen.ready) await expect(screen.ready(page).first()).toBeVisible();
}

const openByButton = (name: string | RegExp, scope?: (page: Page) => Locator): DialogCase['open'] => async (page) => {
  await (scope ? scope(page) : page.getByRole('main')).getByRole('button', { name }).first().click();
};

/** Runs axe over every screen at both widths, with menus and dialogs; answers what it covered. */
async function auditScreens(page: Page, who: string, screens: readonly Screen[], failures: string[]): Promise<string[]> {
  const covered: string[] = [];
  const check = async (what: string) => {
    await page.mouse.move(0, 0);
    const found = await seriousAxeViolations(page);
    covered.push(what);
    for (const line of found) failures.push(`${what}: ${line}`);
  };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    for (const [index, screen] of screens.entries()) {
      await page.goto(screen.path);
      await pageReady(page, screen);
      await screen.prepare?.(page);
      await check(`${who} ${width}px ${screen.name}`);
      if (index === 0) {
        // The menus are the shell's: the same on every page, checked once per width.
        if (width < 800) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          await check(`${who} ${width}px ${screen.name} with the phone menu open`);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
        }
        await page.locator('#user-menu').click();
        const userMenu = page.locator('.dropdown-menu.show');
        await expect(userMenu).toBeVisible();
        await check(`${who} ${width}px ${screen.name} with the user menu open`);
        await page.keyboard.press('Escape');
        await expect(userMenu).toBeHidden();
      }
      for (const dialog of screen.dialogs ?? []) {
        await dialog.open(page);
        const open = page.getByRole('dialog').last();
        await expect(open).toBeVisible();
        // After the fade-in: axe reads colours as drawn.
        await expect(open).toHaveClass(/\bshow\b/);
        await page.waitForTimeout(350);
        await check(`${who} ${width}px ${screen.name} with the ${dialog.name} dialog open`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    }
  }
  return covered;
}

/** The screens every signed-in role has: My Account, the three lists and the payout details. */
function customerScreens(accountDialogs: boolean): Screen[] {
  return [
    {
      name: 'My Account',
      path: '/my-account',
      dialogs: accountDialogs
        ? [
            { name: 'first account action', open: async (page) => page.getByRole('group', { name: 'Account actions' }).getByRole('button').first().click() },
            { name: 'last account action', open: async (page) => page.getByRole('group', { name: 'Account actions' }).getByRole('button').last().click() },
          ]
        : [],
    },
    { name: 'Provisional policies', path: '/my-policies/provisional' },
    { name: 'Actual policies', path: '/my-policies/actual' },
    { name: 'Archived policies', path: '/my-policies/archived' },
    { name: 'My Payout Details', path: '/my-payout-details' },
  ];
}

async function finish(covered: string[], failures: string[]) {
  console.log(`axe covered ${covered.length} pages and states:\n  ${covered.join('\n  ')}`);
  await test.info().attach('covered', { body: covered.join('\n'), contentType: 'text/plain' });
  expect(failures, failures.join('\n')).toEqual([]);
}

test('a holder\u2019s pages, menus and dialogs have no serious accessibility violation at 390 and 1440 px', async ({ browser }) => {
  test.setTimeout(300_000);
  const stored = await readStoredPolicies(HOLDER);
  const paidOut = stored.find((row) => row.status === 'PAYOUT_CONFIRMATION')!;
  const provisional = stored.find((row) => row.type === 'PROVISIONAL' && row.status === 'PAYMENT_PENDING' && row.optionId === '2')!;
  const archived = stored.find((row) => row.status === 'CANCELED')!;
  const page = await signedInPage(browser, HOLDER);
  const screens: Screen[] = [
    ...customerScreens(true),
    { name: 'an actual policy with a payout', path: `/my-policies/actual/${paidOut.policyNumber}` },
    {
      name: 'a provisional policy',
      path: `/my-policies/provisional/${provisional.policyNumber}`,
      dialogs: [{ name: 'Cancel policy', open: openByButton('Cancel policy') }],
    },
    { name: 'an archived policy', path: `/my-policies/archived/${archived.policyNumber}` },
    { name: 'the Tropical Cyclone Tracker (July 2026)', path: `/my-policies/actual/weather-analytics/${paidOut.policyNumber}?month=2026-07`, ready: (p) => p.getByRole('link', { name: /Janet exercise/ }) },
    { name: 'a storm of the tracker', path: `/my-policies/actual/weather-analytics/api-detail/AL052026?policy=${paidOut.policyNumber}` },
  ];
  const failures: string[] = [];
  await finish(await auditScreens(page, 'holder', screens, failures), failures);
});

test('a teller\u2019s pages, menus and dialogs have no serious accessibility violation at 390 and 1440 px', async ({ browser }) => {
  test.setTimeout(300_000);
  const stored = await readStoredPolicies(HOLDER);
  const owing = stored.find((row) => row.type === 'PROVISIONAL' && row.status === 'PAYMENT_PENDING' && row.optionId === '3')!;
  const page = await signedInPage(browser, 'teller@fhp.example');
  const screens: Screen[] = [
    ...customerScreens(false),
    {
      name: 'the payment desk with a policy found',
      path: '/payment-desk',
      prepare: async (p) => {
        await p.getByLabel('Policy number, bank transfer reference or holder\u2019s email').fill(owing.policyNumber);
        await p.getByRole('button', { name: 'Find' }).click();
        await expect(p.getByText(owing.policyNumber).first()).toBeVisible();
      },
    },
  ];
  const failures: string[] = [];
  await finish(await auditScreens(page, 'teller', screens, failures), failures);
});

test('an admin\u2019s pages, menus and dialogs have no serious accessibility violation at 390 and 1440 px', async ({ browser }) => {
  test.setTimeout(480_000);
  const page = await signedInPage(browser, 'admin@fhp.example');
  const screens: Screen[] = [
    ...customerScreens(false),
    { name: 'Payment desk', path: '/payment-desk' },
    {
      name: 'Cancellation requests',
      path: '/cancellation-requests',
      dialogs: [
        { name: 'approve cancellation', open: openByButton(/^Approve/) },
        { name: 'reject cancellation', open: openByButton(/^Reject/) },
      ],
    },
    {
      name: 'Storm payouts with a storm\u2019s payouts and map',
      path: '/storm-payouts',
      prepare: async (p) => {
        await p.getByRole('button', { name: 'Show payouts and map' }).first().click();
        await expect(p.locator('main .spinner-border')).toHaveCount(0);
        await expect(p.getByRole('table').first()).toBeVisible();
      },
    },
    {
      name: 'Users',
      path: '/users',
      ready: (p) => p.getByRole('table'),
      dialogs: [
        { name: 'New User', open: openByButton('New User') },
        { name: 'Import Users', open: openByButton('Import Users') },
        { name: 'user detail', open: async (p) => p.getByRole('table').getByRole('button').first().click() },
        {
          name: 'suspend confirmation',
          open: async (p) => {
            await p.getByRole('table').getByRole('button', { name: /^Actions/ }).first().click();
            await p.locator('.dropdown-menu.show').getByRole('button', { name: 'Suspend' }).click();
          },
        },
      ],
    },
    { name: 'KYC review', path: '/kyc-review', dialogs: [{ name: 'reject document', open: openByButton(/^Reject/) }] },
    {
      name: 'Offers & Seasons',
      path: '/offers-and-seasons',
      dialogs: [
        { name: 'edit offer', open: openByButton(/^Edit offer/) },
        { name: 'new season', open: openByButton('New season') },
      ],
    },
    { name: 'Portfolio', path: '/portfolio' },
    { name: 'Content', path: '/site-content' },
  ];
  const failures: string[] = [];
  await finish(await auditScreens(page, 'admin', screens, failures), failures);
});
