import { randomUUID } from 'node:crypto';
import { PRICE_CHANGED_MESSAGES } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { offers } from '../src/db/schema';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { gqlAs } from './identity-helpers';
import { customerWithKyc, PURCHASE, purchaseInput, rowCounts, type PurchaseAnswer } from './purchase-helpers';

/*
 * PurchasePolicy carries the discounted premium the customer saw and refuses when the price moved
 * between quote and purchase (issue 7 item 5): an offer that started, ended or changed its percent,
 * or a tampered figure. Each refusal says the price changed and to review it, and stores nothing.
 */

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

/*
 * The seeded Dominica early bird runs 2026-06-01 04:00 UTC .. 2027-06-01 03:59:59 UTC at 5%. Each
 * case quotes half an hour before a switch and buys after it, within the session's hour.
 */
const BEFORE_START = new Date('2026-06-01T03:30:00Z');
const AFTER_START = new Date('2026-06-01T04:00:01Z');
const BEFORE_END = new Date('2027-06-01T03:30:00Z');
const AFTER_END = new Date('2027-06-01T03:59:59.500Z'); // still 31 May in Port of Spain: the window is open
const DURING_OFFER = new Date('2027-03-15T16:00:00Z');
let now = DURING_OFFER;

const QUOTE = '{ quote(input: { country: "dm", coverage: 25000 }) { options { id premium { raw } discount { percent premium { raw } } } } }';
interface QuoteData {
  quote: { options: { id: string; premium: { raw: number }; discount: { percent: number; premium: { raw: number } } | null }[] };
}

describeApp(
  'purchase: the price the customer saw',
  (suite) => {
    const address = (name: string) => `${name}.${suite.kind}@fhp.example`;

    /** What the options step shows for option 3 now: the prices the web sends with the purchase. */
    async function seen(token: string) {
      const { body } = await gqlAs<QuoteData>(suite.app, token, QUOTE);
      const option = body.data!.quote.options.find((o) => o.id === '3')!;
      return { premium: option.premium.raw, discountedPremium: option.discount?.premium.raw ?? null };
    }

    async function expectPriceChanged(token: string, prices: Record<string, unknown>, message: string) {
      const before = await rowCounts(suite.app.db);
      const answer = await gqlAs(suite.app, token, PURCHASE, { input: purchaseInput({ ...prices, idempotencyKey: randomUUID() }) });
      expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'PRICE_CHANGED', display_message: message });
      expect(answer.body.data ?? null).toBeNull();
      expect(await rowCounts(suite.app.db)).toEqual(before);
    }

    async function expectBought(token: string, prices: Record<string, unknown>) {
      const answer = await gqlAs<{ PurchasePolicy: PurchaseAnswer }>(suite.app, token, PURCHASE, { input: purchaseInput({ ...prices, idempotencyKey: randomUUID() }) });
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data!.PurchasePolicy;
    }

    it('refuses when an offer started between quote and purchase, then sells at the new price', async () => {
      now = BEFORE_START;
      const token = await customerWithKyc(suite.app, smtp, address('offer.starts'));
      const before = await seen(token);
      expect(before).toEqual({ premium: 2470, discountedPremium: null });
      now = AFTER_START;
      await expectPriceChanged(token, before, PRICE_CHANGED_MESSAGES.offerStarted);
      const after = await seen(token);
      expect(after).toEqual({ premium: 2470, discountedPremium: 2346.5 });
      expect(await expectBought(token, after)).toMatchObject({ premium: 2470, discountedPremium: 2346.5 });
    });

    it('refuses when the offer ended between quote and purchase', async () => {
      now = BEFORE_END;
      const token = await customerWithKyc(suite.app, smtp, address('offer.ends'));
      const during = await seen(token);
      expect(during).toEqual({ premium: 2470, discountedPremium: 2346.5 });
      now = AFTER_END;
      await expectPriceChanged(token, during, PRICE_CHANGED_MESSAGES.offerEnded);
      // On the deadline day only payment in full is left.
      expect(await expectBought(token, { ...(await seen(token)), paymentPlan: 'FULL' })).toMatchObject({ premium: 2470, discountedPremium: null });
    });

    it("refuses when the offer's percent changed between quote and purchase", async () => {
      now = DURING_OFFER;
      const token = await customerWithKyc(suite.app, smtp, address('offer.changes'));
      const atFive = await seen(token);
      await suite.app.db.update(offers).set({ discountPercent: '10.00' }).where(eq(offers.id, 'dm-early-bird-2027'));
      try {
        suite.app.offers.invalidate();
        await expectPriceChanged(token, atFive, PRICE_CHANGED_MESSAGES.offerChanged);
        // 2,470.00 - 10% = 2,223.00.
        const atTen = await seen(token);
        expect(atTen).toEqual({ premium: 2470, discountedPremium: 2223 });
        expect(await expectBought(token, atTen)).toMatchObject({ discountedPremium: 2223 });
      } finally {
        await suite.app.db.update(offers).set({ discountPercent: '5.00' }).where(eq(offers.id, 'dm-early-bird-2027'));
        suite.app.offers.invalidate();
      }
    });

    it('refuses tampered prices, either figure, and stores nothing', async () => {
      now = DURING_OFFER;
      const token = await customerWithKyc(suite.app, smtp, address('tamperer'));
      await expectPriceChanged(token, { premium: 2470, discountedPremium: 2000 }, PRICE_CHANGED_MESSAGES.offerChanged);
      await expectPriceChanged(token, { premium: 2470, discountedPremium: 0 }, PRICE_CHANGED_MESSAGES.offerChanged);
      // Claiming no offer was shown while one applies.
      await expectPriceChanged(token, { premium: 2470, discountedPremium: null }, PRICE_CHANGED_MESSAGES.offerStarted);
      await expectPriceChanged(token, { premium: 2469.99, discountedPremium: 2346.5 }, PRICE_CHANGED_MESSAGES.premium);
      // The discounted premium sent as the premium, or another option's premium.
      await expectPriceChanged(token, { premium: 2346.5, discountedPremium: 2346.5 }, PRICE_CHANGED_MESSAGES.premium);
      await expectPriceChanged(token, { premium: 2470, discountedPremium: 2346.5, productDefination: '4' }, PRICE_CHANGED_MESSAGES.premium);
      // Left out (an older web page): the same as "no offer shown".
      const { discountedPremium: _left, ...withoutIt } = purchaseInput();
      const before = await rowCounts(suite.app.db);
      const answer = await gqlAs(suite.app, token, PURCHASE, { input: withoutIt });
      expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'PRICE_CHANGED', display_message: PRICE_CHANGED_MESSAGES.offerStarted });
      expect(await rowCounts(suite.app.db)).toEqual(before);
    });
  },
  { clock: () => now, env: { SMTP_URL: smtp.url } },
);
