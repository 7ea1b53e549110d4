import { OPTION_IDS } from '@fhp/domain';
import { expect, it } from 'vitest';
import { describeApp, gql, type GraphQLBody } from '../../../test/harness';
import { purchaseWindowOpenAt } from './purchase-window';
import { currentSeason } from './service';

/** Inside the seeded Dominica early-bird offer (2026-06-01 .. 2027-05-31 AST). */
const DURING_OFFER = new Date('2026-12-01T12:00:00Z');
const AFTER_OFFER = new Date('2027-06-01T04:00:00Z');

const QUOTE = `query Quote($input: QuoteInput!) {
  quote(input: $input) {
    country countryName coverage { raw cents formatted }
    options {
      id label rolPct
      premium { raw cents formatted }
      coverage { raw cents formatted }
      discount { percent amount { raw cents formatted } premium { raw cents formatted } }
      triggeringParams { id params coveragePct coverage { cents formatted } }
    }
  }
}`;

interface Money {
  raw: number;
  cents: number;
  formatted: string;
}
interface QuoteData {
  quote: {
    country: string;
    countryName: string;
    coverage: Money;
    options: {
      id: string;
      label: string;
      rolPct: number;
      premium: Money;
      coverage: Money;
      discount: { percent: number; amount: Money; premium: Money } | null;
      triggeringParams: { id: number; params: string[]; coveragePct: number; coverage: { cents: number; formatted: string } }[];
    }[];
  };
}

function firstError<T>(body: GraphQLBody<T>) {
  return body.errors?.[0];
}

describeApp(
  'quote and offers (during the Dominica offer)',
  (suite) => {
    const quote = (input: Record<string, unknown>) => gql<QuoteData>(suite.app, QUOTE, { input });

    it('quotes all six options for dm 25,000 with the 5% offer applied', async () => {
      const { status, body } = await quote({ country: 'dm', coverage: 25000 });
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      const q = body.data!.quote;
      expect(q).toMatchObject({ country: 'dm', countryName: 'Dominica', coverage: { raw: 25000, cents: 2_500_000, formatted: 'EC$25,000.00' } });
      expect(q.options.map((o) => o.id)).toEqual([...OPTION_IDS]);
      const option3 = q.options.find((o) => o.id === '3')!;
      expect(option3.rolPct).toBe(9.88);
      expect(option3.premium).toEqual({ raw: 2470, cents: 247_000, formatted: 'EC$2,470.00' });
      expect(option3.coverage.formatted).toBe('EC$25,000.00');
      // 5% of 2,470.00 = 123.50; 2,470.00 - 123.50 = 2,346.50.
      expect(option3.discount).toEqual({
        percent: 5,
        amount: { raw: 123.5, cents: 12_350, formatted: 'EC$123.50' },
        premium: { raw: 2346.5, cents: 234_650, formatted: 'EC$2,346.50' },
      });
      // Option 3 pays 50% from Category 3 in box 1 and 100% for Category 5 in boxes 1 and 2.
      expect(option3.triggeringParams.map((p) => [p.id, p.params, p.coveragePct, p.coverage.formatted])).toEqual([
        [1, ['TS', 'BOX_1'], 0, 'EC$0.00'],
        [2, ['C1', 'BOX_1'], 0, 'EC$0.00'],
        [3, ['C2', 'BOX_1'], 0, 'EC$0.00'],
        [4, ['C3', 'BOX_1'], 50, 'EC$12,500.00'],
        [5, ['C4', 'BOX_1_AND_2'], 50, 'EC$12,500.00'],
        [6, ['C5', 'BOX_1_AND_2'], 100, 'EC$25,000.00'],
      ]);
      expect(q.options.every((o) => o.discount?.percent === 5)).toBe(true);
    });

    it('quotes gd without a discount', async () => {
      const { body } = await quote({ country: 'gd', coverage: 25000 });
      expect(body.errors).toBeUndefined();
      const options = body.data!.quote.options;
      expect(options).toHaveLength(6);
      expect(options.every((o) => o.discount === null)).toBe(true);
      // gd option 3: 7.84% of 25,000 = 1,960.00.
      expect(options.find((o) => o.id === '3')!.premium.formatted).toBe('EC$1,960.00');
    });

    it.each([
      [{ country: 'xx', coverage: 25000 }, 'unsupported country xx for this product'],
      [{ country: 'dm', coverage: 1299.99 }, /1,300/],
      [{ country: 'dm', coverage: 270000.01 }, /270,000/],
    ])('refuses %o with a clear BAD_USER_INPUT message', async (input, message) => {
      const { status, body } = await quote(input);
      expect(status).toBe(200);
      const error = firstError(body);
      expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(error?.message).toMatch(message);
      expect(error?.extensions?.display_message).toBe(error?.message);
    });

    it('accepts the limits themselves', async () => {
      for (const coverage of [1300, 270000]) {
        const { body } = await quote({ country: 'gd', coverage });
        expect(body.errors).toBeUndefined();
        expect(body.data!.quote.coverage.raw).toBe(coverage);
      }
    });

    it('refuses a coverage of the wrong type as a 400, not a 500', async () => {
      const { status, body } = await gql(suite.app, QUOTE, { input: { country: 'dm', coverage: 'lots' } });
      expect(status).toBe(400);
      expect(firstError(body)?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('CheckOfferIsApplicable reads the dm offer from the database', async () => {
      const { body } = await gql<{ dm: unknown; gd: unknown }>(
        suite.app,
        `query {
          dm: CheckOfferIsApplicable(input: { countryName: "dm" }) { applicable message logo canPurchase discountPercent }
          gd: CheckOfferIsApplicable(input: { countryName: "gd" }) { applicable message logo canPurchase discountPercent }
        }`,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data?.dm).toEqual({
        applicable: true,
        message: expect.stringContaining('Early-bird discount for Dominica'),
        logo: expect.any(String),
        canPurchase: true,
        discountPercent: 5,
      });
      expect(body.data?.gd).toEqual({ applicable: false, message: null, logo: null, canPurchase: true, discountPercent: 0 });
    });

    it('CheckOfferIsApplicable refuses an unknown country', async () => {
      const { body } = await gql(suite.app, 'query { CheckOfferIsApplicable(input: { countryName: "xx" }) { applicable } }');
      expect(firstError(body)).toMatchObject({
        message: 'unsupported country xx for this product',
        extensions: { code: 'BAD_USER_INPUT', display_message: 'unsupported country xx for this product' },
      });
    });

    it('currentSeason is the season on sale', async () => {
      const { body } = await gql(suite.app, '{ currentSeason { year coverStart coverEnd paymentDeadline purchaseWindowOpen nextSeasonYear } }');
      expect(body.data?.currentSeason).toEqual({
        year: 2027,
        coverStart: '2027-06-01',
        coverEnd: '2028-05-31',
        paymentDeadline: '2027-05-31',
        purchaseWindowOpen: true,
        nextSeasonYear: 2028,
      });
    });
  },
  { clock: () => DURING_OFFER },
);

for (const [title, instant, open] of [
  // 2027-06-01 03:00 UTC is still 31 May in Port of Spain (UTC-4): the deadline day, open.
  ['on the payment deadline, local time', '2027-06-01T03:00:00Z', true],
  ['past the payment deadline', '2027-06-01T12:00:00Z', false],
] as const) {
  describeApp(
    `currentSeason ${title}`,
    (suite) => {
      it(`answers purchaseWindowOpen ${open}, as PurchasePolicy decides`, async () => {
        const season = await currentSeason(suite.app.db);
        expect(season.purchaseWindowOpen).toBe(true); // the stored flag alone says open
        expect(purchaseWindowOpenAt(season, new Date(instant))).toBe(open);
        const { body } = await gql<{ currentSeason: { purchaseWindowOpen: boolean } }>(suite.app, '{ currentSeason { purchaseWindowOpen } }');
        expect(body.errors).toBeUndefined();
        expect(body.data?.currentSeason.purchaseWindowOpen).toBe(open);
      });
    },
    { clock: () => new Date(instant) },
  );
}

describeApp(
  'quote after the Dominica offer ended',
  (suite) => {
    it('applies no discount and reports no offer', async () => {
      const { body } = await gql<QuoteData & { CheckOfferIsApplicable: { applicable: boolean } }>(
        suite.app,
        `query { quote(input: { country: "dm", coverage: 25000 }) { options { id discount { percent } premium { formatted } } }
                 CheckOfferIsApplicable(input: { countryName: "dm" }) { applicable } }`,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data!.quote.options.every((o) => o.discount === null)).toBe(true);
      expect(body.data!.quote.options.find((o) => o.id === '3')!.premium.formatted).toBe('EC$2,470.00');
      expect(body.data!.CheckOfferIsApplicable.applicable).toBe(false);
    });
  },
  { clock: () => AFTER_OFFER },
);
