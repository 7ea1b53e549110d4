import { parseHurdat2, type TrackPoint } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storms } from '../src/db/schema';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { ingestBdeck } from '../src/modules/storms/feeds/ingest';
import { pollFeed } from '../src/modules/storms/feeds/poller';
import { holderActiveStorms } from '../src/modules/storms/active-view';
import { bdeck, startFeed, type Feed } from './bdeck-feed';
import { describeApp } from './harness';
import { gqlAs, tokenFor, userId } from './identity-helpers';
import { ensureSeason, insertPolicies, shippedHurdat2, stormBlock } from './storm-helpers';

/**
 * Issue 22 item 4 (decision 173): what holders see while a storm is active, and the storm alerts of
 * a storm that arrives through a feed. Ivan 2004's real fixes, moved whole to September 2026 (the
 * demo's season in force) and served as a b-deck by a local HTTP server, approach and cross Grenada
 * one poll at a time; the clock follows the latest fix.
 */

const IVAN = parseHurdat2(stormBlock(shippedHurdat2('caribbean-1950-2023.txt'), 'AL092004'))[0]!;
const SHIFT_MS = Date.parse('2026-09-07T00:00:00Z') - Date.parse('2004-09-07T00:00:00Z');
const moved = (points: readonly TrackPoint[]) => points.map((point) => ({ ...point, time: new Date(Date.parse(point.time) + SHIFT_MS).toISOString() }));
const upTo = (time: string) => moved(IVAN.points.filter((point) => point.time <= time));
const STORM = { number: '30', name: 'IVAN' };

let now = new Date('2026-09-07T07:00:00Z');

const QUERY = `query($policyNumber: String) { getMyActiveStorms(policyNumber: $policyNumber) {
  policyNumber countryName stormId stormName classWords position distanceKm distance sentence
  latest { time status windKt lat lon }
  payout { state percent sourcesAgreeing sourcesRequired sentence }
} }`;

type Row = {
  policyNumber: string;
  stormId: string;
  classWords: string;
  distanceKm: number;
  distance: string;
  sentence: string;
  position: string;
  payout: { state: string; percent: number; sentence: string; sourcesAgreeing: number; sourcesRequired: number };
};

describeApp(
  'while a storm is active, its holders see where it is and what it has earned them, and are alerted once',
  (suite) => {
    const deps = () => lifecycleDeps(suite.app);
    let feed: Feed;
    let holder: string;
    let other: string;
    const poll = async (points: TrackPoint[]) => {
      feed.body = bdeck(points, STORM);
      now = new Date(Date.parse(points[points.length - 1]!.time) + 3_600_000);
      const outcome = await pollFeed(deps(), { name: 'nhc', url: feed.url }, { timeoutMs: 5_000 });
      expect(outcome.status).toMatch(/NEW|CHANGED/);
      await suite.app.identity.deliveries.settle();
    };
    // Tokens are signed afresh: the clock moves with the storm.
    const mine = async (policyNumber?: string, as = 'purchaser@fhp.example') => {
      const { body } = await gqlAs<{ getMyActiveStorms: Row[] }>(suite.app, await tokenFor(suite.app, as), QUERY, policyNumber ? { policyNumber } : {});
      expect(body.errors).toBeUndefined();
      return body.data!.getMyActiveStorms.filter((row) => row.policyNumber.startsWith('FHP-GD-ACT'));
    };

    /** Storm alerts in the outbox: the email's subject, or the text that says how close it came. */
    const alerts = () =>
      suite.app.identity.outbox.list().filter((message) => (message.channel === 'email' ? message.subject?.startsWith('Storm alert:') : / came within \d+ km of /.test(message.text)));

    beforeAll(async () => {
      feed = await startFeed('bal302026.dat');
      await ensureSeason(suite.app.db, 2026);
      holder = await userId(suite.app, 'purchaser@fhp.example');
      other = await userId(suite.app, 'purchaser.b@fhp.example');
      // Options T, 1, .., 5 for the holder; one policy (option T) for the other holder.
      await insertPolicies(suite.app.db, { count: 6, country: 'gd', seasonYear: 2026, owners: [holder], prefix: 'FHP-GD-ACT' });
      await insertPolicies(suite.app.db, { count: 1, country: 'gd', seasonYear: 2026, owners: [other], prefix: 'FHP-GD-ACTB' });
      suite.app.identity.outbox.clear();
    });

    afterAll(() => {
      feed.server.close();
    });

    it('a storm first seen on a feed 415 km away is shown on every policy of the island with its position, class and distance; no alert yet', async () => {
      await poll(upTo('2004-09-07T06:00:00Z'));
      const rows = await mine();
      expect(rows.map((row) => row.policyNumber)).toEqual(['FHP-GD-ACT-000000', 'FHP-GD-ACT-000001', 'FHP-GD-ACT-000002', 'FHP-GD-ACT-000003', 'FHP-GD-ACT-000004', 'FHP-GD-ACT-000005']);
      expect(rows[0]).toMatchObject({
        stormId: 'AL302026',
        classWords: 'Hurricane, category 2',
        position: '11.3°N 57.8°W',
        distanceKm: 415,
        distance: '415 km from Grenada',
        sentence: 'At Sep 7, 2:00 AM AST, Ivan (hurricane, category 2, 95 knots) was 415 km from Grenada, at 11.3°N 57.8°W.',
        payout: { state: 'NONE', percent: 0, sourcesAgreeing: 0, sourcesRequired: 1, sentence: 'No payout so far: the storm has not met the terms of your policy' },
      });
      expect(alerts()).toEqual([]);
    });

    it('when it first comes within 300 km the holder is alerted by email and text, once; later fixes alert nobody again', async () => {
      await poll(upTo('2004-09-07T12:00:00Z'));
      const sent = alerts().map((message) => [message.channel, message.to, message.channel === 'email' ? message.subject : message.text]);
      expect(sent.sort()).toEqual([
        ['email', 'purchaser.b@fhp.example', 'Storm alert: Ivan near Grenada'],
        ['email', 'purchaser@fhp.example', 'Storm alert: Ivan near Grenada'],
        ['sms', '+1 473 555 0101', 'Flexible Hurricane Protection: Ivan came within 240 km of Grenada. No claim is needed for your 6 policies there: a payout, if due, is automatic.'],
        ['sms', '+1 767 555 0102', 'Flexible Hurricane Protection: Ivan came within 240 km of Grenada. No claim is needed for policy FHP-GD-ACTB-000000: a payout, if due, is automatic.'],
      ]);
      const [row] = await mine('FHP-GD-ACT-000000');
      expect(row).toMatchObject({ classWords: 'Hurricane, category 3', distanceKm: 240, payout: { state: 'NONE' } });

      suite.app.identity.outbox.clear();
      // 64 km away, Category 3 in box 2: closer, still nothing paid, and no second alert.
      await poll(upTo('2004-09-07T18:00:00Z'));
      expect(alerts()).toEqual([]);
      expect((await mine('FHP-GD-ACT-000000'))[0]).toMatchObject({ distanceKm: 64, payout: { state: 'NONE' } });
    });

    it('once it qualifies, the payout is being prepared on the options it pays, and nothing on the others', async () => {
      await poll(upTo('2004-09-08T06:00:00Z'));
      const rows = await mine();
      expect(rows.map((row) => [row.policyNumber, row.payout.state, row.payout.sentence])).toEqual([
        ['FHP-GD-ACT-000000', 'PREPARING', 'Payout being prepared: 50% of your coverage'],
        ['FHP-GD-ACT-000001', 'PREPARING', 'Payout being prepared: 50% of your coverage'],
        ['FHP-GD-ACT-000002', 'PREPARING', 'Payout being prepared: 50% of your coverage'],
        ['FHP-GD-ACT-000003', 'PREPARING', 'Payout being prepared: 50% of your coverage'],
        ['FHP-GD-ACT-000004', 'PREPARING', 'Payout being prepared: 50% of your coverage'],
        ['FHP-GD-ACT-000005', 'NONE', 'No payout so far: the storm has not met the terms of your policy'],
      ]);
      expect(rows[0]).toMatchObject({ classWords: 'Hurricane, category 4', distanceKm: 254 });
      // Payout notices went out; the alert did not go out again.
      expect(alerts()).toEqual([]);
      expect(suite.app.identity.outbox.list().filter((message) => message.channel === 'email' && message.to === 'purchaser@fhp.example' && message.subject?.startsWith('Payout of')).length).toBeGreaterThan(0);
    });

    it("only the holder's own policies: another holder's number answers nothing, signed out is refused", async () => {
      expect(await mine('FHP-GD-ACTB-000000')).toEqual([]);
      const others = await mine(undefined, 'purchaser.b@fhp.example');
      expect(others.map((row) => row.policyNumber)).toEqual(['FHP-GD-ACTB-000000']);
      expect(await mine('FHP-GD-ACT-000000', 'purchaser.b@fhp.example')).toEqual([]);
      const anonymous = await gqlAs(suite.app, undefined, QUERY, {});
      expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const admin = await gqlAs<{ getMyActiveStorms: Row[] }>(suite.app, await tokenFor(suite.app, 'admin@fhp.example'), QUERY, { policyNumber: 'FHP-GD-ACT-000000' });
      expect(admin.body.data?.getMyActiveStorms ?? []).toEqual([]);
    });

    it('two sources required: one source alone shows the estimate awaiting a second source; both agreeing, the payout is prepared at the lower figure', async () => {
      // A second storm, stored without evaluation (no island), so no payout exists: the view alone.
      const crossing = upTo('2004-09-08T06:00:00Z');
      const text = bdeck(crossing, { number: '31', name: 'IVAN' });
      await ingestBdeck(deps(), 'nhc', 'bal312026.dat', text, { countries: [], notify: false });
      const view = async (required: number) => (await holderActiveStorms(suite.app.db, holder, now, required, 'FHP-GD-ACT-000000')).find((row) => row.stormId === 'AL312026')!;
      expect((await view(2)).payout).toEqual({ state: 'AWAITING_SOURCES', percent: 50, sourcesAgreeing: 1, sourcesRequired: 2, sentence: 'Estimated payout 50%: awaiting a second source' });
      // The mirror sees a weaker storm: Category 2 at most (within 25 km): 35% under option T.
      const weaker = crossing.map((point) => ({ ...point, windKt: Math.min(point.windKt!, 95) }));
      await ingestBdeck(deps(), 'mirror', 'bal312026.dat', bdeck(weaker, { number: '31', name: 'IVAN' }), { countries: [], notify: false });
      expect((await view(2)).payout).toMatchObject({ state: 'PREPARING', percent: 35, sourcesAgreeing: 2, sentence: 'Payout being prepared: 35% of your coverage' });
      expect((await view(1)).payout).toMatchObject({ state: 'PREPARING', percent: 50 });
    });

    it('a storm is no longer active 24 hours after its latest fix, nor once a best track replaced it', async () => {
      const latest = Date.parse(upTo('2004-09-08T06:00:00Z').at(-1)!.time);
      now = new Date(latest + 24 * 3_600_000);
      expect((await mine('FHP-GD-ACT-000000')).map((row) => row.stormId)).toEqual(['AL302026', 'AL312026']);
      await suite.app.db.update(storms).set({ trackSource: null }).where(eq(storms.id, 'AL312026'));
      expect((await mine('FHP-GD-ACT-000000')).map((row) => row.stormId)).toEqual(['AL302026']);
      now = new Date(latest + 24 * 3_600_000 + 60_000);
      expect(await mine('FHP-GD-ACT-000000')).toEqual([]);
    });
  },
  { clock: () => now },
);
