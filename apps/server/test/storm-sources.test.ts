import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { TrackPoint } from '@fhp/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { ledgerEntries, payouts, policies, stormEvaluations, stormFeedStates, stormSourceEvaluations, transactionLog } from '../src/db/schema';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { pollFeed } from '../src/modules/storms/feeds/poller';
import { describeApp } from './harness';
import { gqlAs, tokenFor, userId } from './identity-helpers';
import { ensureSeason, insertPolicies } from './storm-helpers';

/**
 * Issue 22 item 3 (decision 149): two feed sources served by a local HTTP server, two of two
 * required (PAYOUT_SOURCES_REQUIRED=2). One source alone pays nothing; both agreeing pay; one seeing
 * a weaker storm pays the lower figure and the admin sees each source's figures; the admin pays the
 * difference with a reason (log, ledger, top-ups); a source that stopped answering is shown silent.
 */

const tenths = (value: number, positive: string, negative: string, width: number) => `${String(Math.round(Math.abs(value) * 10)).padStart(width - 1)}${value < 0 ? negative : positive}`;

/** A b-deck fix: one line per wind radius (34, 50, 64 kt), as the centres publish it. */
function bdeckLines(number: string, point: TrackPoint): string[] {
  const dtg = point.time.slice(0, 13).replace(/[-T]/g, '');
  const radii = point.windKt! >= 64 ? [34, 50, 64] : [34];
  return radii.map(
    (radius) =>
      `AL, ${number}, ${dtg},   , BEST,   0, ${tenths(point.lat, 'N', 'S', 4)}, ${tenths(point.lon, 'E', 'W', 5)}, ${String(point.windKt).padStart(3)}, ${String(point.pressureMb ?? 0).padStart(4)}, ${point.status}, ${String(radius).padStart(3)}, NEQ,   60,   50,   40,   50, 1010,  200,  15,   0,   0,   L,   0,    ,   0,   0,     TESTER, D,`,
  );
}

/** A storm crossing Grenada (12.1N 61.7W) at one wind, as a b-deck of storm `number` of 2020. */
function crossing(number: string, windKt: number): string {
  const status = windKt >= 64 ? 'HU' : 'TS';
  const points: TrackPoint[] = [
    { time: '2020-09-01T00:00:00.000Z', recordFlag: null, status, lat: 11.0, lon: -58.0, windKt, pressureMb: 980 },
    { time: '2020-09-01T06:00:00.000Z', recordFlag: null, status, lat: 11.6, lon: -60.0, windKt, pressureMb: 980 },
    { time: '2020-09-01T12:00:00.000Z', recordFlag: null, status, lat: 12.1, lon: -61.7, windKt, pressureMb: 980 },
  ];
  return `${points.flatMap((point) => bdeckLines(number, point)).join('\n')}\n`;
}

/** Two sources' files on one local server: /<source>/bal<NN>2020.dat. */
async function startFeeds(): Promise<{ server: Server; base: string; files: Map<string, string> }> {
  const files = new Map<string, string>();
  const server = createServer((request, response) => {
    const body = files.get(request.url ?? '');
    if (body === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'text/plain' }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, files };
}

const DIFFERENCES = `{ stormSourceDifferences { stormId name country seasonYear sourcesRequired payable paid { option percent } sources { source c1 payouts { option percent } } approval { reason approvedBy } } }`;
const PAY = `mutation Pay($stormId: String!, $country: String!, $seasonYear: Int!, $reason: String!) { payStormSourceDifference(stormId: $stormId, country: $country, seasonYear: $seasonYear, reason: $reason) { message payoutCount total { formatted } } }`;
const FEEDS = `{ stormFeeds { source failures silent answeredAt } }`;
const REASON = 'Reconnaissance flight confirmed Category 3 winds over Grenada';

/** "T:50 1:50 ..." of the options that pay. */
const paying = (figures: { option: string; percent: number }[]) =>
  figures
    .filter((figure) => figure.percent > 0)
    .map((figure) => `${figure.option}:${figure.percent}`)
    .join(' ');

/** A track pays up to 12 months after the term's end (decision 140): the suites live in 2020's season. */
const SEASON_2020_NOW = new Date('2020-11-30T16:00:00Z');

describeApp(
  'sources that must agree: two of two',
  (suite) => {
    const deps = () => lifecycleDeps(suite.app);
    let feeds: Awaited<ReturnType<typeof startFeeds>>;
    let admin = '';
    let holder = '';
    let teller = '';
    const poll = (source: string, file: string) => pollFeed(deps(), { name: source, url: `${feeds.base}/${source}/${file}` }, suite.app.config.stormFeeds);
    const paid = async (storm: string) =>
      (
        await suite.app.db
          .select({ option: policies.optionId, percent: payouts.percent, contract: payouts.contractPercent })
          .from(payouts)
          .innerJoin(policies, eq(policies.id, payouts.policyId))
          .where(eq(payouts.stormRef, storm))
          .orderBy(asc(policies.policyNumber), asc(payouts.contractPercent))
      ).map((row) => `${row.option}:${row.percent}/${row.contract}`);
    const differences = async () => {
      const answer = await gqlAs<{ stormSourceDifferences: { stormId: string; country: string; payable: boolean; paid: { option: string; percent: number }[]; sources: { source: string; c1: string | null; payouts: { option: string; percent: number }[] }[]; approval: { reason: string; approvedBy: string } | null }[] }>(suite.app, admin, DIFFERENCES);
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data!.stormSourceDifferences;
    };

    beforeAll(async () => {
      feeds = await startFeeds();
      admin = await tokenFor(suite.app, 'admin@fhp.example');
      holder = await tokenFor(suite.app, 'purchaser@fhp.example');
      teller = await tokenFor(suite.app, 'teller@fhp.example');
      await ensureSeason(suite.app.db, 2020);
      await insertPolicies(suite.app.db, { count: 6, country: 'gd', seasonYear: 2020, owners: [await userId(suite.app, 'purchaser@fhp.example')], prefix: 'FHP-GD-2020' });
    });
    afterAll(() => {
      feeds.server.close();
    });

    it('reads PAYOUT_SOURCES_REQUIRED', () => {
      expect(suite.app.config.stormFeeds.sourcesRequired).toBe(2);
    });

    it('one source alone pays nothing, keeps its verdict, and the storm shows to admins with its figures', async () => {
      feeds.files.set('/nhc/bal332020.dat', crossing('33', 100));
      expect(await poll('nhc', 'bal332020.dat')).toMatchObject({ status: 'CHANGED', result: { stormId: 'AL332020', payouts: [] } });
      expect(await paid('AL332020')).toEqual([]);
      const [own] = await suite.app.db.select().from(stormSourceEvaluations).where(and(eq(stormSourceEvaluations.stormId, 'AL332020'), eq(stormSourceEvaluations.country, 'gd')));
      expect(own).toMatchObject({ source: 'nhc', c1: 'C3', payouts: { T: 50, '3': 50, '4': 0 } });
      const [paidVerdict] = await suite.app.db.select().from(stormEvaluations).where(and(eq(stormEvaluations.stormId, 'AL332020'), eq(stormEvaluations.country, 'gd')));
      expect(paidVerdict).toMatchObject({ c1: null, payouts: { T: 0, '3': 0 }, ledgerSequence: null });
      const shown = (await differences()).find((row) => row.stormId === 'AL332020' && row.country === 'gd');
      expect(shown).toMatchObject({ payable: true, approval: null });
      expect(paying(shown!.paid)).toBe('');
      expect(shown!.sources.map((source) => `${source.source} ${paying(source.payouts)}`)).toEqual(['nhc T:50 1:50 2:50 3:50']);
    });

    it('the second source agreeing pays, and the storm no longer shows as a difference', async () => {
      feeds.files.set('/mirror/bal332020.dat', crossing('33', 100));
      const outcome = await poll('mirror', 'bal332020.dat');
      expect(outcome.result!.payouts.map((payout) => payout.percent)).toEqual([50, 50, 50, 50]);
      expect(await paid('AL332020')).toEqual(['T:50/50', '1:50/50', '2:50/50', '3:50/50']);
      expect((await differences()).filter((row) => row.stormId === 'AL332020')).toEqual([]);
      // Polling both again pays nothing more.
      expect((await poll('nhc', 'bal332020.dat')).status).toBe('UNCHANGED');
      expect(await paid('AL332020')).toHaveLength(4);
    });

    it('one source seeing a weaker storm pays the lower figure, and admins see each source’s figure per option', async () => {
      feeds.files.set('/nhc/bal342020.dat', crossing('34', 100));
      feeds.files.set('/mirror/bal342020.dat', crossing('34', 75));
      await poll('nhc', 'bal342020.dat');
      await poll('mirror', 'bal342020.dat');
      expect(await paid('AL342020')).toEqual(['T:25/25', '1:25/25']);
      const shown = (await differences()).find((row) => row.stormId === 'AL342020' && row.country === 'gd')!;
      expect(shown).toMatchObject({ payable: true, approval: null });
      expect(paying(shown.paid)).toBe('T:25 1:25');
      expect(shown.sources.map((source) => `${source.source} ${source.c1} ${paying(source.payouts)}`)).toEqual(['mirror C1 T:25 1:25', 'nhc C3 T:50 1:50 2:50 3:50']);
    });

    it('only an admin may pay the difference, and only with a reason', async () => {
      const variables = { stormId: 'AL342020', country: 'gd', seasonYear: 2020, reason: REASON };
      expect((await gqlAs(suite.app, undefined, PAY, variables)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      for (const token of [holder, teller]) expect((await gqlAs(suite.app, token, PAY, variables)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      for (const token of [holder, teller]) expect((await gqlAs(suite.app, token, DIFFERENCES)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await gqlAs(suite.app, holder, FEEDS)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const short = await gqlAs(suite.app, admin, PAY, { ...variables, reason: 'because' });
      expect(short.body.errors?.[0]?.message).toBe('Write why the difference is paid (at least 10 characters).');
      const unknown = await gqlAs(suite.app, admin, PAY, { ...variables, stormId: 'AL992020' });
      expect(unknown.body.errors?.[0]?.message).toBe('This storm was not found.');
      expect(await paid('AL342020')).toEqual(['T:25/25', '1:25/25']);
    });

    it('an admin pays the difference with a reason: topped up to the higher source, logged, and on the ledger', async () => {
      const answer = await gqlAs<{ payStormSourceDifference: { message: string; payoutCount: number } }>(suite.app, admin, PAY, { stormId: 'al342020', country: 'gd', seasonYear: 2020, reason: REASON });
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data!.payStormSourceDifference).toMatchObject({ message: 'The difference is paid: 4 payouts topped up.', payoutCount: 4 });
      expect(await paid('AL342020')).toEqual(['T:25/25', 'T:25/50', '1:25/25', '1:25/50', '2:50/50', '3:50/50']);
      const [logged] = await suite.app.db.select().from(transactionLog).where(eq(transactionLog.action, 'SOURCE_DIFFERENCE_PAID'));
      expect(logged).toMatchObject({ ownerId: await userId(suite.app, 'admin@fhp.example'), location: 'Back office' });
      expect(logged!.payload).toMatchObject({ stormRef: 'AL342020', country: 'gd', reason: REASON, approved: { T: 50, '3': 50 }, sources: { nhc: { T: 50 }, mirror: { T: 25 } } });
      expect((logged!.payload.payoutIds as string[]).length).toBe(4);
      const [entry] = await suite.app.db.select().from(ledgerEntries).orderBy(desc(ledgerEntries.sequence)).limit(1);
      const data = (JSON.parse(entry!.payload) as { data: Record<string, unknown> }).data;
      expect(data).toMatchObject({ storm: 'AL342020', decision: 'SOURCE_DIFFERENCE_PAID', reasonSha256: createHash('sha256').update(REASON).digest('hex'), optionT: 50, option3: 50 });
      expect(entry!.payload).not.toContain('Reconnaissance');
      // Still shown, with the approval; nothing more to pay, and asking again is refused in words.
      const shown = (await differences()).find((row) => row.stormId === 'AL342020' && row.country === 'gd')!;
      expect(shown).toMatchObject({ payable: false, approval: { reason: REASON } });
      expect(paying(shown.paid)).toBe('T:50 1:50 2:50 3:50');
      const again = await gqlAs(suite.app, admin, PAY, { stormId: 'AL342020', country: 'gd', seasonYear: 2020, reason: REASON });
      expect(again.body.errors?.[0]?.message).toBe('The sources agree on this storm over this island: there is no difference to pay.');
      // A later poll of the weaker source takes nothing back.
      feeds.files.set('/mirror/bal342020.dat', crossing('34', 74));
      await poll('mirror', 'bal342020.dat');
      expect(await paid('AL342020')).toHaveLength(6);
      expect(await suite.app.ledger.verify()).toMatchObject({ ok: true });
    });

    it('a source with no answer for an hour while a storm is active is shown silent', async () => {
      const answered = async () => (await gqlAs<{ stormFeeds: { source: string; silent: boolean; failures: number }[] }>(suite.app, admin, FEEDS)).body.data!.stormFeeds;
      expect((await answered()).map((feed) => `${feed.source} ${feed.silent}`)).toEqual(['mirror false', 'nhc false']);
      await suite.app.db
        .update(stormFeedStates)
        .set({ answeredAt: new Date(SEASON_2020_NOW.getTime() - 2 * 60 * 60 * 1000), failures: 7, lastError: 'the server answered 503' })
        .where(eq(stormFeedStates.source, 'mirror'));
      expect(await answered()).toMatchObject([
        { source: 'mirror', silent: true, failures: 7 },
        { source: 'nhc', silent: false, failures: 0 },
      ]);
    });
  },
  { env: { PAYOUT_SOURCES_REQUIRED: '2' }, clock: () => SEASON_2020_NOW },
);

describeApp('sources that must agree: one required (the default) pays the highest figure, as before', (suite) => {
  let feeds: Awaited<ReturnType<typeof startFeeds>>;
  beforeAll(async () => {
    feeds = await startFeeds();
    await ensureSeason(suite.app.db, 2020);
    await insertPolicies(suite.app.db, { count: 6, country: 'gd', seasonYear: 2020, owners: [await userId(suite.app, 'purchaser@fhp.example')], prefix: 'FHP-GD-2020' });
  });
  afterAll(() => {
    feeds.server.close();
  });

  it('a weaker source after a stronger one takes nothing back and pays nothing more; the difference shows, with nothing to pay', async () => {
    const deps = lifecycleDeps(suite.app);
    const poll = (source: string) => pollFeed(deps, { name: source, url: `${feeds.base}/${source}/bal352020.dat` }, suite.app.config.stormFeeds);
    feeds.files.set('/mirror/bal352020.dat', crossing('35', 75));
    feeds.files.set('/nhc/bal352020.dat', crossing('35', 100));
    expect((await poll('mirror')).result!.payouts.map((payout) => payout.percent)).toEqual([25, 25]);
    expect((await poll('nhc')).result!.payouts.map((payout) => `${payout.percent}/${payout.contractPercent}`)).toEqual(['25/50', '25/50', '50/50', '50/50']);
    const [paidVerdict] = await suite.app.db.select().from(stormEvaluations).where(and(eq(stormEvaluations.stormId, 'AL352020'), eq(stormEvaluations.country, 'gd')));
    expect(paidVerdict).toMatchObject({ c1: 'C3', payouts: { T: 50, '3': 50 } });
    const admin = await tokenFor(suite.app, 'admin@fhp.example');
    const shown = (await gqlAs<{ stormSourceDifferences: { stormId: string; payable: boolean; sourcesRequired: number }[] }>(suite.app, admin, DIFFERENCES)).body.data!.stormSourceDifferences;
    expect(shown.filter((row) => row.stormId === 'AL352020')).toMatchObject([{ payable: false, sourcesRequired: 1 }]);
  });
}, { clock: () => SEASON_2020_NOW });

describe('PAYOUT_SOURCES_REQUIRED configuration', () => {
  it('defaults to one, and may not ask more sources than STORM_FEEDS names', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).stormFeeds.sourcesRequired).toBe(1);
    const feeds = 'nhc=https://ftp.nhc.noaa.gov/atcf/btk/bal092026.dat,mirror=https://mirror.example/btk/bal092026.dat';
    expect(loadConfig({ NODE_ENV: 'test', STORM_FEEDS: feeds, PAYOUT_SOURCES_REQUIRED: '2' }).stormFeeds.sourcesRequired).toBe(2);
    expect(() => loadConfig({ NODE_ENV: 'test', STORM_FEEDS: feeds, PAYOUT_SOURCES_REQUIRED: '3' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PAYOUT_SOURCES_REQUIRED: '0' })).toThrow(/PAYOUT_SOURCES_REQUIRED: must be at least 1/);
  });
});
