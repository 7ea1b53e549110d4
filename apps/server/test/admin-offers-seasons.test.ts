/**
 * Offers and seasons edited by an administrator (issue 11 item 4): a saved offer reaches the very
 * next anonymous quote (the instance's caches are cleared), and bad input is refused in words with
 * nothing stored.
 */
import { ADMIN_CONFIG_MESSAGES } from '@fhp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { and, asc, eq } from 'drizzle-orm';
import { offers, policies, seasons, transactionLog } from '../src/db/schema';
import { describeApp, testConfig } from './harness';
import { gqlAs, tokenFor, userId } from './identity-helpers';
import { makeProvisional } from './lifecycle-helpers';

const now = new Date('2027-03-01T12:00:00Z');

const QUOTE_GD = '{ quote(input: { country: "gd", coverage: 25000 }) { options { id premium { cents } discount { percent premium { cents } } } } }';
type Quote = { quote: { options: { id: string; premium: { cents: number }; discount: { percent: number; premium: { cents: number } } | null }[] } };
const SAVE_OFFER = `mutation($input: OfferInput!) { saveOffer(input: $input) { id country discountPercent validFrom validTo canPurchase active } }`;
const SAVE_SEASON = `mutation($input: SeasonInput!) { saveSeason(input: $input) { year coverStart coverEnd paymentDeadline nextSeasonYear } }`;

const offer = (patch: Record<string, unknown> = {}) => ({
  country: 'gd',
  discountPercent: '10',
  validFrom: '2027-01-01',
  validTo: '2027-12-31',
  message: 'Ten percent off in Grenada',
  logo: '/brand/offer-early-bird.svg',
  canPurchase: true,
  active: true,
  ...patch,
});

describeApp(
  'admin: offers and seasons',
  (suite) => {
    let admin: string;
    beforeAll(async () => {
      admin = await tokenFor(suite.app, 'admin@fhp.example');
    });
    const anonymousQuote = async () => (await gqlAs<Quote>(suite.app, undefined, QUOTE_GD)).body.data?.quote.options.find((o) => o.id === '3');

    it('a new offer and its edit reach the next anonymous quote at once', async () => {
      expect((await anonymousQuote())?.discount).toBeNull();
      const created = await gqlAs<{ saveOffer: { id: string; validFrom: string; validTo: string } }>(suite.app, admin, SAVE_OFFER, { input: offer() });
      expect(created.body.errors).toBeUndefined();
      expect(created.body.data?.saveOffer).toMatchObject({ validFrom: '2027-01-01', validTo: '2027-12-31' });
      const quoted = await anonymousQuote();
      expect(quoted?.discount?.percent).toBe(10);
      expect(quoted?.discount?.premium.cents).toBe(Math.round((quoted?.premium.cents ?? 0) * 0.9));

      const id = created.body.data!.saveOffer.id;
      const edited = await gqlAs(suite.app, admin, SAVE_OFFER, { input: offer({ id, discountPercent: '12.5' }) });
      expect(edited.body.errors).toBeUndefined();
      expect((await anonymousQuote())?.discount?.percent).toBe(12.5);

      // Switched off: the quote has no discount again.
      await gqlAs(suite.app, admin, SAVE_OFFER, { input: offer({ id, active: false }) });
      expect((await anonymousQuote())?.discount).toBeNull();
    });

    describe('on another instance of the same database', () => {
      let other: FastifyInstance;
      beforeAll(async () => {
        // Its own caches on a clock that never moves: only the catalogue version can tell it of an edit.
        other = await buildApp({ config: testConfig(), database: suite.database, clock: () => now, monotonicNow: () => 0 });
        await other.ready();
      });
      afterAll(() => other.close());
      const otherQuote = async () => (await gqlAs<Quote>(other, undefined, QUOTE_GD)).body.data?.quote.options.find((o) => o.id === '3');

      it('an edit reaches its next quote once it checks the catalogue version (every second)', async () => {
        await other.catalogue.check();
        const before = (await otherQuote())?.discount?.percent ?? null;
        const created = await gqlAs<{ saveOffer: { id: string } }>(suite.app, admin, SAVE_OFFER, { input: offer({ discountPercent: '7' }) });
        expect(created.body.errors).toBeUndefined();
        // Not yet told: its offers and its public answers are still the old ones.
        expect((await otherQuote())?.discount?.percent ?? null).toBe(before);
        expect(await other.catalogue.check()).toBe(true);
        expect((await otherQuote())?.discount?.percent).toBe(7);
        expect(await other.catalogue.check()).toBe(false);
        await gqlAs(suite.app, admin, SAVE_OFFER, { input: offer({ id: created.body.data!.saveOffer.id, active: false }) });
        await other.catalogue.check();
        expect((await otherQuote())?.discount?.percent ?? null).toBe(before);
      });
    });

    it('refuses an offer of 101%, an end before its start and other bad input, storing nothing', async () => {
      const before = await suite.app.db.select().from(offers);
      const cases: [Record<string, unknown>, string][] = [
        [{ discountPercent: '101' }, ADMIN_CONFIG_MESSAGES.percentRange],
        [{ discountPercent: '-5' }, ADMIN_CONFIG_MESSAGES.percentInvalid],
        [{ discountPercent: '10.555' }, ADMIN_CONFIG_MESSAGES.percentInvalid],
        [{ validFrom: '2027-06-01', validTo: '2027-05-31' }, ADMIN_CONFIG_MESSAGES.offerEndBeforeStart],
        [{ validFrom: '2027-02-30' }, ADMIN_CONFIG_MESSAGES.dateInvalid],
        [{ country: 'us' }, ADMIN_CONFIG_MESSAGES.countryInvalid],
        [{ logo: 'javascript:alert(1)' }, ADMIN_CONFIG_MESSAGES.logoInvalid],
        [{ id: 'no-such-offer' }, ADMIN_CONFIG_MESSAGES.offerNotFound],
      ];
      for (const [patch, message] of cases) {
        const { body } = await gqlAs(suite.app, admin, SAVE_OFFER, { input: offer(patch) });
        expect(body.errors?.[0], JSON.stringify(patch)).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
      expect(await suite.app.db.select().from(offers)).toEqual(before);
    });

    it('saves a season and refuses one whose cover overlaps another, or whose dates are out of order', async () => {
      const saved = await gqlAs(suite.app, admin, SAVE_SEASON, {
        input: { year: 2035, coverStart: '2035-06-01', coverEnd: '2036-05-31', paymentDeadline: '2035-05-31', purchaseWindowOpen: false, nextSeasonYear: 2036 },
      });
      expect(saved.body.errors).toBeUndefined();
      const before = await suite.app.db.select().from(seasons);
      const cases: [Record<string, unknown>, string][] = [
        [{ year: 2036, coverStart: '2036-05-01', coverEnd: '2037-05-31', paymentDeadline: '2036-04-30' }, ADMIN_CONFIG_MESSAGES.seasonOverlap(2035)],
        [{ year: 2036, coverStart: '2036-06-01', coverEnd: '2036-05-31', paymentDeadline: '2036-05-31' }, ADMIN_CONFIG_MESSAGES.coverEndBeforeStart],
        [{ year: 2036, coverStart: '2036-06-01', coverEnd: '2037-05-31', paymentDeadline: '2037-06-30' }, ADMIN_CONFIG_MESSAGES.deadlineAfterCoverEnd],
        [{ year: 1999, coverStart: '1999-06-01', coverEnd: '2000-05-31', paymentDeadline: '1999-05-31' }, ADMIN_CONFIG_MESSAGES.yearInvalid],
      ];
      for (const [patch, message] of cases) {
        const { body } = await gqlAs(suite.app, admin, SAVE_SEASON, { input: { purchaseWindowOpen: false, nextSeasonYear: 2037, ...patch } });
        expect(body.errors?.[0], JSON.stringify(patch)).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
      expect(await suite.app.db.select().from(seasons)).toEqual(before);
      const listed = await gqlAs<{ adminSeasons: { year: number }[] }>(suite.app, admin, '{ adminSeasons { year } }');
      expect(listed.body.data?.adminSeasons[0]?.year).toBe(2035);
    });

    it('logs each season and offer edit with the administrator and the values before and after (issue 19 item 7)', async () => {
      const adminId = await userId(suite.app, 'admin@fhp.example');
      const input = { year: 2040, coverStart: '2040-06-01', coverEnd: '2041-05-31', paymentDeadline: '2040-05-31', purchaseWindowOpen: false, nextSeasonYear: 2041 };
      expect((await gqlAs(suite.app, admin, SAVE_SEASON, { input })).body.errors).toBeUndefined();
      // No policy yet: its dates may still move.
      expect((await gqlAs(suite.app, admin, SAVE_SEASON, { input: { ...input, paymentDeadline: '2040-05-15' } })).body.errors).toBeUndefined();
      const seasonLog = await suite.app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, 'season:2040')).orderBy(asc(transactionLog.seq));
      expect(seasonLog.map((entry) => [entry.action, entry.type, entry.performedBy, entry.ownerId, entry.location])).toEqual([
        ['Season created', 'CATALOGUE_EDIT', adminId, adminId, 'Back office'],
        ['Season changed', 'CATALOGUE_EDIT', adminId, adminId, 'Back office'],
      ]);
      expect(seasonLog[0]!.payload).toMatchObject({ before: null, after: { year: 2040, paymentDeadline: '2040-05-31' } });
      expect(seasonLog[1]!.payload).toMatchObject({ before: { paymentDeadline: '2040-05-31' }, after: { paymentDeadline: '2040-05-15' } });

      const created = await gqlAs<{ saveOffer: { id: string } }>(suite.app, admin, SAVE_OFFER, { input: offer({ id: null, country: 'dm', discountPercent: '3' }) });
      const id = created.body.data!.saveOffer.id;
      expect((await gqlAs(suite.app, admin, SAVE_OFFER, { input: offer({ id, country: 'dm', discountPercent: '4.5' }) })).body.errors).toBeUndefined();
      const offerLog = await suite.app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, `offer:${id}`)).orderBy(asc(transactionLog.seq));
      expect(offerLog.map((entry) => [entry.action, entry.performedBy])).toEqual([
        ['Offer created', adminId],
        ['Offer changed', adminId],
      ]);
      expect(offerLog[1]!.payload).toMatchObject({ before: { id, discountPercent: '3.00' }, after: { id, discountPercent: '4.50' } });
    });

    it('keeps the cover dates and deadline of a season with issued policies; its window stays editable (issue 19 item 7)', async () => {
      const input = { year: 2042, coverStart: '2042-06-01', coverEnd: '2043-05-31', paymentDeadline: '2042-05-31', purchaseWindowOpen: true, nextSeasonYear: 2043 };
      expect((await gqlAs(suite.app, admin, SAVE_SEASON, { input })).body.errors).toBeUndefined();
      const policy = await makeProvisional(suite.app, 'purchaser@fhp.example', { seasonYear: 2042, purchasedAt: '2042-03-01T16:00:00Z' });
      // A provisional policy does not fix the terms; an issued one does.
      expect((await gqlAs(suite.app, admin, SAVE_SEASON, { input: { ...input, paymentDeadline: '2042-05-30' } })).body.errors).toBeUndefined();
      await suite.app.db.update(policies).set({ type: 'ACTUAL', status: 'ISSUED', paidCents: policy.premiumCents }).where(eq(policies.id, policy.id));
      const stored = await suite.app.db.select().from(seasons).where(eq(seasons.year, 2042));
      const cases: [Record<string, unknown>, string][] = [
        [{ paymentDeadline: '2042-06-15', coverEnd: '2043-05-31' }, 'The payment deadline of the 2042 season cannot be changed: 1 policy has been issued on these terms'],
        [{ coverStart: '2042-07-01', coverEnd: '2043-06-30', paymentDeadline: '2042-05-30' }, 'The cover start and cover end of the 2042 season cannot be changed: 1 policy has been issued on these terms'],
      ];
      for (const [patch, message] of cases) {
        const { body } = await gqlAs(suite.app, admin, SAVE_SEASON, { input: { ...input, ...patch } });
        expect(body.errors?.[0], JSON.stringify(patch)).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
      expect(await suite.app.db.select().from(seasons).where(eq(seasons.year, 2042))).toEqual(stored);
      const closed = await gqlAs(suite.app, admin, SAVE_SEASON, { input: { ...input, paymentDeadline: '2042-05-30', purchaseWindowOpen: false, nextSeasonYear: 2044 } });
      expect(closed.body.errors).toBeUndefined();
      const changes = await suite.app.db.$count(transactionLog, and(eq(transactionLog.txnSetId, 'season:2042'), eq(transactionLog.action, 'Season changed')));
      expect(changes).toBe(2);
    });
  },
  { clock: () => now },
);
