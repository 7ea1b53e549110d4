/**
 * Offers and seasons edited by an administrator (issue 11 item 4): a saved offer reaches the very
 * next anonymous quote (the instance's caches are cleared), and bad input is refused in words with
 * nothing stored.
 */
import { ADMIN_CONFIG_MESSAGES } from '@fhp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { offers, seasons } from '../src/db/schema';
import { describeApp, testConfig } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';

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
  },
  { clock: () => now },
);
