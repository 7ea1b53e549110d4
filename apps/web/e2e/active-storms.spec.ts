import { expect, test } from '@playwright/test';
import { reviewAtWidths, signedInPage, watchConsole } from './helpers';
import { ingestFeedFile, readStoredPolicies } from './harness';

/*
 * Issue 22 item 4 end to end (decision 173): a hurricane arrives through an advisory feed and is
 * now about 130 km east of Dominica (outside box 2: no policy is paid); the demo holder's Dominica policy (option 5, which only a
 * Category 5 pays, so nothing is paid and no other spec's policy changes) shows it on the policy
 * page and on the Tropical Cyclone Tracker: latest position and class, distance, what it has earned.
 */

const HOLDER = 'purchaser@fhp.example';
const IN_FORCE = ['EVENT_MONITORING', 'PAYOUT_INTIMATION', 'PAYOUT_CONFIRMATION', 'PAYOUT_ACKNOWLEDGED'];

/** A b-deck of four fixes six hours apart heading west at 15.0°N, the latest two hours ago, 120 kt. */
function approachingDominica(number: string): string {
  const latest = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000;
  const fixes = [
    { lon: 55.0, wind: 100 },
    { lon: 57.0, wind: 105 },
    { lon: 59.0, wind: 115 },
    { lon: 60.0, wind: 120 },
  ];
  return fixes
    .map((fix, index) => {
      const dtg = new Date(latest - (fixes.length - 1 - index) * 6 * 3_600_000).toISOString().slice(0, 13).replace(/[-T]/g, '');
      return `AL, ${number}, ${dtg},   , BEST,   0, 150N, ${String(Math.round(fix.lon * 10)).padStart(4)}W, ${String(fix.wind).padStart(3)},  950, HU,  64, NEQ,   40,   30,   20,   30, 1010,  200,  15,   0,   0,   L,   0,    ,   0,   0,   EXERCISE, D,`;
    })
    .join('\n');
}

test('a storm in progress near the island: the policy page and the tracker show where it is, what it is, how far, and what it has earned', async ({ browser }) => {
  test.setTimeout(120_000);
  const policy = (await readStoredPolicies(HOLDER)).find((row) => row.country === 'dm' && row.optionId === '5' && IN_FORCE.includes(row.status));
  test.skip(!policy, "the demo holder's Dominica policy is not in force today");
  const year = new Date().getUTCFullYear();
  const ingested = await ingestFeedFile(`bal38${year}.dat`, approachingDominica('38'));
  expect(ingested).toMatchObject({ stormId: `AL38${year}`, change: 'NEW', payouts: 0 });

  const page = await signedInPage(browser, HOLDER);
  const errors = watchConsole(page);
  await page.goto(`/my-policies/actual/${policy!.policyNumber}`);
  const panel = page.getByRole('region', { name: 'Active storm near Dominica' });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('link', { name: `Exercise (AL38${year})` })).toBeVisible();
  await expect(panel).toContainText('Hurricane, category 4');
  await expect(panel).toContainText('15.0°N 60.0°W');
  await expect(panel).toContainText(/1\d\d km from Dominica/);
  await expect(panel).toContainText('120 knots');
  await expect(panel).toContainText('No payout so far: the storm has not met the terms of your policy');
  await reviewAtWidths(page, 'active-storm-policy');

  await page.goto(`/my-policies/actual/weather-analytics/${policy!.policyNumber}`);
  await expect(page.getByRole('region', { name: 'Active storm near Dominica' })).toContainText('Hurricane, category 4', { timeout: 15_000 });
  await reviewAtWidths(page, 'active-storm-tracker');
  expect(errors).toEqual([]);
  await page.context().close();
});
