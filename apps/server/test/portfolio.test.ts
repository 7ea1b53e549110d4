/**
 * The portfolio (issue 11 item 6): totals by country, option and status, and what the design storms
 * and the shipped historical storms would pay on today's in-force policies.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { policies } from '../src/db/schema';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';
import { makeProvisional } from './lifecycle-helpers';

const QUERY = `{ portfolio {
  groups { country optionId status policies coverageCents premiumCents collectedCents dueCents }
  designStorms { country label payoutCents }
  historicalStorms { country stormId name date payoutCents }
} }`;

interface Answer {
  portfolio: {
    groups: { country: string; optionId: string; status: string; policies: number; coverageCents: number; dueCents: number }[];
    designStorms: { country: string; label: string; payoutCents: number }[];
    historicalStorms: { country: string; name: string; date: string; payoutCents: number }[];
  };
}

describeApp('admin: portfolio', (suite) => {
  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor(suite.app, 'admin@fhp.example');
    // Two Grenada option 3 policies of EC$25,000: one in force, one still provisional.
    const issued = await makeProvisional(suite.app, 'purchaser@fhp.example', { country: 'gd', optionId: '3', coverageCents: 2_500_000 });
    await suite.app.db.update(policies).set({ status: 'EVENT_MONITORING', type: 'ACTUAL' }).where(eq(policies.id, issued.id));
    await makeProvisional(suite.app, 'purchaser@fhp.example', { country: 'gd', optionId: '3', coverageCents: 2_500_000 });
  });

  it('sums by country, option and status, and prices storms on the in-force policies only', async () => {
    const { body } = await gqlAs<Answer>(suite.app, admin, QUERY);
    expect(body.errors).toBeUndefined();
    const p = body.data!.portfolio;
    const gd3 = p.groups.filter((g) => g.country === 'gd' && g.optionId === '3');
    expect(gd3.find((g) => g.status === 'EVENT_MONITORING')).toMatchObject({ policies: 1, coverageCents: 2_500_000 });
    expect(gd3.find((g) => g.status === 'PAYMENT_PENDING')?.dueCents).toBeGreaterThan(0);
    // Option 3 pays 100% for a Category 5 in box 1 and 50% for a Category 4 in box 2.
    expect(p.designStorms).toEqual([
      { country: 'gd', label: 'Category 5 through box 1', payoutCents: 2_500_000 },
      { country: 'gd', label: 'Category 4 through box 2', payoutCents: 1_250_000 },
    ]);
    // Ivan (2004) crossed Grenada as a major hurricane: it would pay this policy.
    const ivan = p.historicalStorms.find((s) => s.name === 'IVAN' && s.country === 'gd');
    expect(ivan?.payoutCents).toBeGreaterThanOrEqual(1_250_000);
    expect(p.historicalStorms.every((s, i, all) => i === 0 || all[i - 1]!.payoutCents >= s.payoutCents)).toBe(true);
  });

  it('is for administrators only', async () => {
    const purchaser = await tokenFor(suite.app, 'purchaser@fhp.example');
    expect((await gqlAs(suite.app, purchaser, QUERY)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
