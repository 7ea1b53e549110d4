import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CONFIGURATION_CACHE_TTL_MS } from '../src/modules/pricing/cached-load';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { chargeTiers, countryPricing, optionRates, policies, policySaleRates, seasons } from '../src/db/schema';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp, gql } from './harness';
import { gqlAs } from './identity-helpers';
import { customerWithKyc, PURCHASE, purchaseInput, rowCounts, type PurchaseAnswer } from './purchase-helpers';

/*
 * Rates, charge tiers and currency are data (issue 14 item 6): stored per country and season,
 * seeded from the spec's tables, read by one cached reader, and written into each policy sold.
 */

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

/** Mid-March 2027 in Port of Spain: the 2027 season is on sale; Grenada has no offer. */
const START = new Date('2027-03-15T16:00:00Z').getTime();
let wall = START;
let monotonic = 0;
/** Moves the wall clock (public query cache) and the monotonic one (pricing cache) together. */
const advance = (ms: number) => {
  wall += ms;
  monotonic += ms;
};

const QUOTE_GD = '{ quote(input: { country: "gd", coverage: 25000 }) { options { id rolPct premium { raw cents } } } }';
type QuoteData = { quote: { options: { id: string; rolPct: number; premium: { raw: number; cents: number } }[] } };
const option3 = (body: { data?: QuoteData | null }) => body.data?.quote.options.find((o) => o.id === '3');

// The spec's table (part 1 section 9), restated here so the test checks what the database holds.
const SPEC_RATES = {
  gd: { T: '10.42', '1': '9.46', '2': '8.41', '3': '7.84', '4': '7.49', '5': '5.51' },
  dm: { T: '12.62', '1': '11.72', '2': '10.61', '3': '9.88', '4': '8.98', '5': '5.56' },
} as const;

describeApp(
  'pricing as data',
  (suite) => {
    const address = (name: string) => `${name}.${suite.kind}@fhp.example`;

    it("a fresh database holds the spec's 12 rates, zero charge tiers and XCD for every seeded season", async () => {
      const db = suite.app.db;
      for (const year of [2026, 2027]) {
        const rates = await db.select().from(optionRates).where(eq(optionRates.seasonYear, year));
        expect(rates).toHaveLength(12);
        for (const rate of rates) expect(rate.rolPct).toBe(SPEC_RATES[rate.country as 'gd' | 'dm'][rate.optionId as 'T']);
        const heads = await db.select().from(countryPricing).where(eq(countryPricing.seasonYear, year));
        expect(heads.map((h) => [h.country, h.currencyCode, h.currencyLocale, h.platformChargeModel, h.insuranceProviderChargeModel]).sort()).toEqual([
          ['dm', 'XCD', 'en-US', 'volumepct', 'volumepct'],
          ['gd', 'XCD', 'en-US', 'volumepct', 'volumepct'],
        ]);
        for (const country of ['gd', 'dm']) {
          for (const charge of ['PLATFORM', 'INSURANCE_PROVIDER'] as const) {
            const tiers = await db
              .select({ max: chargeTiers.maxCoverageCents, pct: chargeTiers.unitAmountPct })
              .from(chargeTiers)
              .where(and(eq(chargeTiers.country, country), eq(chargeTiers.seasonYear, year), eq(chargeTiers.charge, charge)))
              .orderBy(asc(chargeTiers.position));
            // Up to EC$10,000, up to EC$50,000 and beyond, all zero.
            expect(tiers).toEqual([
              { max: 1_000_000, pct: '0.00' },
              { max: 5_000_000, pct: '0.00' },
              { max: null, pct: '0.00' },
            ]);
          }
        }
      }
    });

    it("a rate changed in the database reaches the next quote within the caches' lifetime, and never a policy sold before", async () => {
      const app = suite.app;
      const token = await customerWithKyc(app, smtp, address('rate.change'));
      // 25,000 x 7.84% = 1,960.00, bought at that price: the policy records 7.84%.
      expect(option3((await gql<QuoteData>(app, QUOTE_GD)).body)).toEqual({ id: '3', rolPct: 7.84, premium: { raw: 1960, cents: 196_000 } });
      const gd = { countryName: 'gd', premium: 1960, discountedPremium: null, benificiaryDetail: { ...purchaseInput().benificiaryDetail, address: { addressLine1: '1 Main Street', city: "St. George's", country: 'gd' } } };
      const bought = await gqlAs<{ PurchasePolicy: PurchaseAnswer }>(app, token, PURCHASE, { input: purchaseInput(gd) });
      expect(bought.body.errors).toBeUndefined();
      const sold = bought.body.data!.PurchasePolicy.policyNumber;

      const rate = and(eq(optionRates.country, 'gd'), eq(optionRates.seasonYear, 2027), eq(optionRates.optionId, '3'));
      await app.db.update(optionRates).set({ rolPct: '8.00' }).where(rate);
      try {
        // Within the pricing cache's 10 s the old rate still prices (the public query cache's 5 s are over).
        advance(CONFIGURATION_CACHE_TTL_MS - 1000);
        expect(option3((await gql<QuoteData>(app, QUOTE_GD)).body)?.premium.cents).toBe(196_000);
        // Past it the next quote has the new rate: signed in at once (never shared), anonymous once
        // the public answer cached just now has expired too (at most 10 s + 5 s after the edit).
        advance(1001);
        expect(option3((await gqlAs<QuoteData>(app, token, QUOTE_GD)).body)).toEqual({ id: '3', rolPct: 8, premium: { raw: 2000, cents: 200_000 } });
        advance(5000);
        expect(option3((await gql<QuoteData>(app, QUOTE_GD)).body)?.premium.cents).toBe(200_000);

        // The policy sold before keeps its premium and the rate it was sold at.
        const [policy] = await app.db.select().from(policies).where(eq(policies.policyNumber, sold));
        expect(policy).toMatchObject({ premiumCents: 196_000, discountedPremiumCents: null });
        const [soldAt] = await app.db.select().from(policySaleRates).where(eq(policySaleRates.policyId, policy!.id));
        expect(soldAt).toMatchObject({ pricingSeasonYear: 2027, rolPct: '7.84', platformChargePct: '0.00', insuranceProviderChargePct: '0.00', currencyCode: 'XCD' });

        // The old price is refused as changed, storing nothing; the new one sells and records 8%.
        const before = await rowCounts(app.db);
        const stale = await gqlAs(app, token, PURCHASE, { input: purchaseInput({ ...gd, idempotencyKey: randomUUID() }) });
        expect(stale.body.errors?.[0]?.extensions).toMatchObject({
          code: 'PRICE_CHANGED',
          display_message: 'The price of this policy has changed since you chose it. Please review the new price and confirm again.',
        });
        expect(await rowCounts(app.db)).toEqual(before);
        const fresh = await gqlAs<{ PurchasePolicy: PurchaseAnswer }>(app, token, PURCHASE, { input: purchaseInput({ ...gd, premium: 2000, idempotencyKey: randomUUID() }) });
        expect(fresh.body.errors).toBeUndefined();
        const [freshPolicy] = await app.db.select().from(policies).where(eq(policies.policyNumber, fresh.body.data!.PurchasePolicy.policyNumber));
        const [freshRates] = await app.db.select().from(policySaleRates).where(eq(policySaleRates.policyId, freshPolicy!.id));
        expect([freshPolicy!.premiumCents, freshRates!.rolPct]).toEqual([200_000, '8.00']);
      } finally {
        await app.db.update(optionRates).set({ rolPct: '7.84' }).where(rate);
        app.pricingConfig.invalidate();
        app.publicQueryCache.clear();
      }
    });

    it("a season without pricing of its own is priced with the latest earlier season's, until it gets its own", async () => {
      const app = suite.app;
      const edited = () => {
        // What an edit path does: this instance sees the change at once.
        app.pricingConfig.invalidate();
        app.publicQueryCache.clear();
      };
      await app.db.insert(seasons).values({ year: 2028, coverStart: '2028-06-01', coverEnd: '2029-05-31', paymentDeadline: '2028-05-31', purchaseWindowOpen: true, nextSeasonYear: 2029 });
      try {
        edited();
        expect((await gql<{ currentSeason: { year: number } }>(app, '{ currentSeason { year } }')).body.data?.currentSeason.year).toBe(2028);
        expect(option3((await gql<QuoteData>(app, QUOTE_GD)).body)?.rolPct).toBe(7.84);

        await app.db.insert(countryPricing).values({ country: 'gd', seasonYear: 2028, currencyCode: 'XCD', currencyLocale: 'en-US', platformChargeModel: 'volumepct', insuranceProviderChargeModel: 'volumepct' });
        await app.db.insert(optionRates).values(Object.entries({ T: '11.00', '1': '10.00', '2': '9.50', '3': '9.00', '4': '8.00', '5': '6.00' }).map(([optionId, rolPct]) => ({ country: 'gd', seasonYear: 2028, optionId, rolPct })));
        await app.db.insert(chargeTiers).values([
          { country: 'gd', seasonYear: 2028, charge: 'PLATFORM', position: 1, maxCoverageCents: null, unitAmountPct: '0.50' },
          { country: 'gd', seasonYear: 2028, charge: 'INSURANCE_PROVIDER', position: 1, maxCoverageCents: null, unitAmountPct: '0.00' },
        ]);
        edited();
        // 25,000 x (9.00% + 0.50%) = 2,375.00.
        expect(option3((await gql<QuoteData>(app, QUOTE_GD)).body)).toEqual({ id: '3', rolPct: 9, premium: { raw: 2375, cents: 237_500 } });
      } finally {
        await app.db.delete(countryPricing).where(eq(countryPricing.seasonYear, 2028));
        await app.db.delete(seasons).where(eq(seasons.year, 2028));
        edited();
      }
      expect(option3((await gql<QuoteData>(app, QUOTE_GD)).body)?.rolPct).toBe(7.84);
    });

    it("the data fix of migration 0007 records the spec's rates for a policy sold before rates were stored", async () => {
      const app = suite.app;
      const token = await customerWithKyc(app, smtp, address('sold.before'));
      const bought = await gqlAs<{ PurchasePolicy: PurchaseAnswer }>(app, token, PURCHASE, { input: purchaseInput({ productDefination: '5', premium: 1390, discountedPremium: 1320.5 }) });
      expect(bought.body.errors).toBeUndefined();
      const [policy] = await app.db.select().from(policies).where(eq(policies.policyNumber, bought.body.data!.PurchasePolicy.policyNumber));
      // As such a policy was before the migration: no sale-rate row.
      await app.db.delete(policySaleRates).where(eq(policySaleRates.policyId, policy!.id));
      const migration = readFileSync(new URL('../drizzle/0007_sale_rates_of_earlier_policies.sql', import.meta.url), 'utf8');
      await app.db.execute(sql.raw(migration));
      const [recorded] = await app.db.select().from(policySaleRates).where(eq(policySaleRates.policyId, policy!.id));
      // dm option 5 was 5.56% in the spec's edition, both charges zero.
      expect(recorded).toMatchObject({ pricingSeasonYear: 2027, rolPct: '5.56', platformChargePct: '0.00', insuranceProviderChargePct: '0.00', currencyCode: 'XCD' });
    });

    it('a stored pricing the domain refuses stops that country with a server error, not a customer one', async () => {
      const app = suite.app;
      const gd2027 = and(eq(countryPricing.country, 'gd'), eq(countryPricing.seasonYear, 2027));
      await app.db.update(countryPricing).set({ currencyCode: 'USD' }).where(gd2027);
      try {
        app.pricingConfig.invalidate();
        app.publicQueryCache.clear();
        const refused = await gql<QuoteData>(app, QUOTE_GD);
        expect(refused.status).toBe(500);
        expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', display_message: 'Something weird happened. Keep calm and try again.' });
        // Dominica's pricing is fine and still sells.
        const dm = await gql<QuoteData>(app, '{ quote(input: { country: "dm", coverage: 25000 }) { options { id rolPct premium { raw cents } } } }');
        expect(option3(dm.body)?.premium.cents).toBe(247_000);
      } finally {
        await app.db.update(countryPricing).set({ currencyCode: 'XCD' }).where(gd2027);
        app.pricingConfig.invalidate();
        app.publicQueryCache.clear();
      }
    });
  },
  { clock: () => new Date(wall), monotonicNow: () => monotonic, env: { SMTP_URL: smtp.url } },
);
