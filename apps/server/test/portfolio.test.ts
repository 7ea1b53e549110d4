/**
 * The portfolio (issue 11 item 6): totals by country, option, status and season, and what the
 * design storms and every shipped historical storm would pay: on the policies whose cover runs
 * today, each capped at what its term has not paid out yet; policies whose cover starts later
 * priced apart; policies whose cover has ended left out.
 */
import { exposureBases, type CountryCode, type OptionId } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { payouts, policies } from '../src/db/schema';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';
import { makeProvisional } from './lifecycle-helpers';

const TODAY = new Date('2026-11-26T16:00:00Z');

const QUERY = `query($search: String, $country: String, $offset: Int, $limit: Int) { portfolio {
  asOf
  groups { country optionId status seasonYear policies coverageCents premiumCents collectedCents dueCents }
  exposureBasis { scope country optionId policies coverageCents remainingCents }
  designStorms { scope country label payoutCents }
  historicalStorms(search: $search, country: $country, offset: $offset, limit: $limit) { totalCount items { country stormId name date payoutCents } }
} }`;

interface Answer {
  portfolio: {
    asOf: string;
    groups: { country: string; optionId: string; status: string; seasonYear: number; policies: number; coverageCents: number; dueCents: number }[];
    exposureBasis: { scope: string; country: string; optionId: string; policies: number; coverageCents: number; remainingCents: number }[];
    designStorms: { scope: string; country: string; label: string; payoutCents: number }[];
    historicalStorms: { totalCount: number; items: { country: string; stormId: string; name: string; date: string; payoutCents: number }[] };
  };
}

const COVER = 2_500_000;

describeApp(
  'admin: portfolio',
  (suite) => {
    let admin: string;
    const ask = async (variables: Record<string, unknown> = {}) => {
      const { body } = await gqlAs<Answer>(suite.app, admin, QUERY, variables);
      expect(body.errors).toBeUndefined();
      return body.data!.portfolio;
    };

    beforeAll(async () => {
      admin = await tokenFor(suite.app, 'admin@fhp.example');
      const make = async (status: string, seasonYear: number, paidOutCents = 0) => {
        const policy = await makeProvisional(suite.app, 'purchaser@fhp.example', { country: 'gd', optionId: '3', coverageCents: COVER, seasonYear });
        await suite.app.db.update(policies).set({ status: status as 'ISSUED', type: status === 'PAYMENT_PENDING' ? 'PROVISIONAL' : 'ACTUAL' }).where(eq(policies.id, policy.id));
        if (paidOutCents > 0) {
          await suite.app.db.insert(payouts).values({ policyId: policy.id, stormRef: 'AL012026', percent: 60, contractPercent: 60, amountCents: paidOutCents, status: 'PAID', createdAt: TODAY });
        }
      };
      await make('EVENT_MONITORING', 2026); // in force today
      await make('PAYOUT_ACKNOWLEDGED', 2026, 1_500_000); // in force, 60% already paid this term
      await make('ISSUED', 2027); // cover starts 2027-06-01
      await make('EVENT_MONITORING', 2025); // cover ended 2026-05-31, not yet expired
      await make('PAYMENT_PENDING', 2027); // not a contract
    });

    it('sums by country, option, status and season, and collects what is due', async () => {
      const p = await ask();
      expect(p.asOf).toBe('2026-11-26');
      expect(p.groups.find((g) => g.status === 'EVENT_MONITORING' && g.seasonYear === 2026)).toMatchObject({ policies: 1, coverageCents: COVER });
      expect(p.groups.find((g) => g.status === 'PAYMENT_PENDING')?.dueCents).toBeGreaterThan(0);
      expect(p.groups.reduce((n, g) => n + g.policies, 0)).toBe(5);
    });

    it('prices the design storms on the cover running today, capped by this term’s payouts; later cover apart; ended cover out', async () => {
      const p = await ask();
      // Option 3: a Category 5 in box 1 pays 100%, a Category 4 through box 2 50%. The policy already
      // paid 60% has 40% (EC$10,000) left, whatever the storm.
      expect(p.designStorms).toEqual([
        { scope: 'IN_FORCE', country: 'gd', label: 'Category 5 through box 1', payoutCents: COVER + 1_000_000 },
        { scope: 'IN_FORCE', country: 'gd', label: 'Category 4 through box 2', payoutCents: COVER / 2 + 1_000_000 },
        { scope: 'NOT_STARTED', country: 'gd', label: 'Category 5 through box 1', payoutCents: COVER },
        { scope: 'NOT_STARTED', country: 'gd', label: 'Category 4 through box 2', payoutCents: COVER / 2 },
      ]);
      expect(p.exposureBasis).toEqual([
        { scope: 'IN_FORCE', country: 'gd', optionId: '3', policies: 2, coverageCents: 2 * COVER, remainingCents: COVER + 1_000_000 },
        { scope: 'NOT_STARTED', country: 'gd', optionId: '3', policies: 1, coverageCents: COVER, remainingCents: COVER },
      ]);
      // The grouped query agrees with the domain's policy-by-policy reference.
      const reference = exposureBases([
        { scope: 'IN_FORCE', country: 'gd' as CountryCode, optionId: '3' as OptionId, coverageCents: COVER, paidOutCents: 0 },
        { scope: 'IN_FORCE', country: 'gd' as CountryCode, optionId: '3' as OptionId, coverageCents: COVER, paidOutCents: 1_500_000 },
      ]);
      expect(reference[0]?.payoutAt['100']).toBe(COVER + 1_000_000);
      expect(reference[0]?.payoutAt['50']).toBe(COVER / 2 + 1_000_000);
    });

    it('lists every historical storm that paid, pages them, and finds one by name, year or island', async () => {
      const first = await ask({ limit: 20 });
      const all = first.historicalStorms.totalCount;
      expect(all).toBeGreaterThan(20);
      const pages: string[] = [];
      for (let offset = 0; offset < all; offset += 50) {
        const page = await ask({ offset, limit: 50 });
        pages.push(...page.historicalStorms.items.map((s) => `${s.country}:${s.stormId}`));
      }
      expect(new Set(pages).size).toBe(all);
      const payouts = first.historicalStorms.items.map((s) => s.payoutCents);
      expect(payouts).toEqual([...payouts].sort((a, b) => b - a));

      const ivan = await ask({ search: 'ivan 2004', country: 'gd' });
      expect(ivan.historicalStorms.items).toEqual([expect.objectContaining({ name: 'IVAN', country: 'gd' })]);
      // Ivan was a Category 3 in box 1 and a Category 4 in box 2 of Grenada: 50% under option 3, capped on the second policy.
      expect(ivan.historicalStorms.items[0]?.payoutCents).toBe(COVER / 2 + 1_000_000);
      expect((await ask({ country: 'dm' })).historicalStorms.items.every((s) => s.country === 'dm')).toBe(true);
      expect((await ask({ country: 'dm' })).historicalStorms.items.every((s) => s.payoutCents === 0)).toBe(true);

      const bad = await gqlAs(suite.app, admin, QUERY, { limit: 1000 });
      expect(bad.body.errors?.[0]?.message).toBe('Ask for 1 to 100 storms from offset 0 or more');
    });

    it('is for administrators only', async () => {
      const purchaser = await tokenFor(suite.app, 'purchaser@fhp.example');
      expect((await gqlAs(suite.app, purchaser, QUERY)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });
  },
  { clock: () => TODAY },
);
