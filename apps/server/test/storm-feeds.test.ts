import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseHurdat2, type TrackPoint } from '@fhp/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { ledgerEntries, payouts, policies, stormEvaluations, stormFeedStates, storms, stormSourcePoints, stormTrackPoints } from '../src/db/schema';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { ingestBdeck } from '../src/modules/storms/feeds/ingest';
import { nextPollSeconds, pollFeed } from '../src/modules/storms/feeds/poller';
import { importStormText } from '../src/modules/storms/service';
import { bdeck } from './bdeck';
import { describeApp } from './harness';
import { userId } from './identity-helpers';
import { ensureSeason, insertPolicies, shippedHurdat2, stormBlock, trackText } from './storm-helpers';

/**
 * Issue 22 items 1 and 2 (decisions 146-148): an advisory feed served by a local HTTP server. Ivan
 * 2004's real fixes, written as the b-deck the centre published (three radius lines per fix), cross
 * Grenada: one poll stores the source's track and pays at once; the same file again, answered 304 or
 * 200, creates nothing; a bad file stores nothing and backs off; the best track later replaces the
 * operational track without taking money back.
 */

/** A track pays up to 12 months after the term's end (decision 140): these suites live in Ivan's season. */
const IVAN_SEASON_CLOCK = (): Date => new Date('2004-11-30T16:00:00Z');
const IVAN = parseHurdat2(stormBlock(shippedHurdat2('caribbean-1950-2023.txt'), 'AL092004'))[0]!;
/** Up to 2004-09-08 06:00 UTC: past Grenada (the eye crossed near 2004-09-07 21:00). */
const CROSSING = IVAN.points.filter((point) => point.time <= '2004-09-08T06:00:00.000Z');
const LATER = IVAN.points.filter((point) => point.time <= '2004-09-09T00:00:00.000Z');


/** The feed: a b-deck file at /bal092004.dat, with an ETag it may honour, and the requests it got. */
interface Feed {
  server: Server;
  url: string;
  body: string;
  status: number;
  honoursEtag: boolean;
  requests: { ifNoneMatch: string | undefined; answered: number }[];
}

async function startFeed(): Promise<Feed> {
  const feed = { body: '', status: 200, honoursEtag: true, requests: [] } as unknown as Feed;
  feed.server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const etag = `"${Buffer.from(feed.body).toString('base64url').slice(-16)}-${feed.body.length}"`;
    const ifNoneMatch = request.headers['if-none-match'];
    let answered = feed.status;
    if (answered === 200 && feed.honoursEtag && ifNoneMatch === etag) answered = 304;
    feed.requests.push({ ifNoneMatch, answered });
    if (answered !== 200) {
      response.writeHead(answered).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain', ...(feed.honoursEtag ? { etag } : {}) }).end(feed.body);
  });
  feed.server.listen(0, '127.0.0.1');
  await once(feed.server, 'listening');
  const address = feed.server.address() as { port: number };
  feed.url = `http://127.0.0.1:${address.port}/atcf/btk/bal092004.dat`;
  return feed;
}

describeApp('advisory feeds: a storm crossing Grenada pays within one poll, and polling again creates nothing', (suite) => {
  const deps = () => lifecycleDeps(suite.app);
  let feed: Feed;
  const source = () => ({ name: 'nhc', url: feed.url });
  const poll = () => pollFeed(deps(), source(), { timeoutMs: 5_000 });

  beforeAll(async () => {
    feed = await startFeed();
    await ensureSeason(suite.app.db, 2004);
    const holder = await userId(suite.app, 'purchaser@fhp.example');
    await insertPolicies(suite.app.db, { count: 6, country: 'gd', seasonYear: 2004, owners: [holder], prefix: 'FHP-GD-2004' });
    suite.app.identity.outbox.clear();
  });

  afterAll(async () => {
    feed.server.close();
  });

  const stormPayouts = async () =>
    (
      await suite.app.db
        .select({ number: policies.policyNumber, option: policies.optionId, percent: payouts.percent })
        .from(payouts)
        .innerJoin(policies, eq(policies.id, payouts.policyId))
        .where(eq(payouts.stormRef, 'AL092004'))
        .orderBy(asc(policies.policyNumber), asc(payouts.contractPercent))
    ).map((row) => [row.number, row.option, row.percent]);
  const countOf = async (table: typeof ledgerEntries | typeof stormSourcePoints | typeof stormEvaluations) => (await suite.app.db.select({ n: count() }).from(table))[0]!.n;

  it('one poll stores the source track (radius lines as one fix), pays the storm over Grenada at once and sends the notices', async () => {
    feed.body = bdeck(CROSSING);
    const outcome = await poll();
    expect(outcome).toMatchObject({ source: 'nhc', status: 'CHANGED', failures: 0 });
    expect(outcome.result).toMatchObject({ stormId: 'AL092004', name: 'IVAN', change: 'NEW', points: CROSSING.length });
    // Category 4 within 25 km of Grenada: 50% under options T to 4, nothing under 5.
    expect(await stormPayouts()).toEqual([
      ['FHP-GD-2004-000000', 'T', 50],
      ['FHP-GD-2004-000001', '1', 50],
      ['FHP-GD-2004-000002', '2', 50],
      ['FHP-GD-2004-000003', '3', 50],
      ['FHP-GD-2004-000004', '4', 50],
    ]);
    const [storm] = await suite.app.db.select().from(storms).where(eq(storms.id, 'AL092004'));
    expect(storm).toMatchObject({ name: 'IVAN', trackSource: 'nhc', pointCount: CROSSING.length, version: 1 });
    expect(await suite.app.db.$count(stormSourcePoints, and(eq(stormSourcePoints.source, 'nhc'), eq(stormSourcePoints.stormId, 'AL092004')))).toBe(CROSSING.length);
    await suite.app.identity.deliveries.settle();
    const emails = suite.app.identity.outbox.list().filter((message) => message.channel === 'email');
    expect(emails.length).toBeGreaterThan(0);
    const [state] = await suite.app.db.select().from(stormFeedStates).where(eq(stormFeedStates.source, 'nhc'));
    expect(state).toMatchObject({ url: feed.url, failures: 0, lastError: null });
    expect(state!.etag).toMatch(/^".+"$/);
  });

  it('the same file again is asked with its ETag: a 304 costs no evaluation and no write', async () => {
    const evaluatedBefore = await suite.app.db.select().from(stormEvaluations).where(eq(stormEvaluations.stormId, 'AL092004'));
    const ledgerBefore = await countOf(ledgerEntries);
    const outcome = await poll();
    expect(outcome.status).toBe('NOT_MODIFIED');
    expect(feed.requests.at(-1)).toMatchObject({ answered: 304, ifNoneMatch: expect.stringMatching(/^".+"$/) });
    expect(await suite.app.db.select().from(stormEvaluations).where(eq(stormEvaluations.stormId, 'AL092004'))).toEqual(evaluatedBefore);
    expect(await countOf(ledgerEntries)).toBe(ledgerBefore);
    expect(await stormPayouts()).toHaveLength(5);
  });

  it('the same file again from a server that ignores validators (200) creates nothing: a fix published again changes nothing', async () => {
    feed.honoursEtag = false;
    const ledgerBefore = await countOf(ledgerEntries);
    const pointsBefore = await countOf(stormSourcePoints);
    const outcome = await poll();
    expect(outcome).toMatchObject({ status: 'UNCHANGED', result: { change: 'UNCHANGED' } });
    expect(feed.requests.at(-1)!.answered).toBe(200);
    expect(await countOf(ledgerEntries)).toBe(ledgerBefore);
    expect(await countOf(stormSourcePoints)).toBe(pointsBefore);
    expect(await stormPayouts()).toHaveLength(5);
    // An older copy (fewer fixes) changes nothing either.
    feed.body = bdeck(CROSSING.slice(0, -2));
    expect((await poll()).status).toBe('UNCHANGED');
    feed.body = bdeck(CROSSING);
  });

  it('two instances ingesting the same new file at once store it and pay once', async () => {
    const text = bdeck(LATER);
    const [a, b] = await Promise.all([ingestBdeck(deps(), 'nhc', 'bal092004.dat', text), ingestBdeck(deps(), 'nhc', 'bal092004.dat', text)]);
    expect([a.change, b.change].sort()).toEqual(['CHANGED', 'UNCHANGED']);
    // The later fixes are past the island: nothing more to pay.
    expect(await stormPayouts()).toHaveLength(5);
    const [storm] = await suite.app.db.select().from(storms).where(eq(storms.id, 'AL092004'));
    expect(storm).toMatchObject({ pointCount: LATER.length, version: 2 });
    expect(await suite.app.db.$count(stormTrackPoints, eq(stormTrackPoints.stormId, 'AL092004'))).toBe(LATER.length);
  });

  it('a file with a bad line stores nothing, says which line, and the source backs off', async () => {
    feed.honoursEtag = true;
    const lines = bdeck([...LATER, IVAN.points[LATER.length]!]).split('\n');
    lines[2] = lines[2]!.replace(/(\d)(\d)N,/, '$1.$2N,'); // degrees (9.7N) where the format writes tenths (97N)
    feed.body = lines.join('\n');
    const pointsBefore = await countOf(stormSourcePoints);
    const outcome = await poll();
    expect(outcome).toMatchObject({ status: 'FAILED', failures: 1 });
    expect(outcome.error).toMatch(/^Line 3: the latitude must be written in tenths of a degree/);
    expect(await countOf(stormSourcePoints)).toBe(pointsBefore);
    const [state] = await suite.app.db.select().from(stormFeedStates).where(eq(stormFeedStates.source, 'nhc'));
    expect(state).toMatchObject({ failures: 1, lastError: expect.stringMatching(/^Line 3:/) });
    expect(nextPollSeconds(300, state!.failures)).toBe(600);

    feed.status = 503;
    expect(await poll()).toMatchObject({ status: 'FAILED', failures: 2, error: 'the server answered 503' });
    expect(nextPollSeconds(300, 2)).toBe(1_200);
    expect(nextPollSeconds(300, 9)).toBe(3_600);

    // Mended: the next poll reads it (no validators were kept for the refused file) and the failures end.
    feed.status = 200;
    feed.body = bdeck([...LATER, IVAN.points[LATER.length]!]);
    expect(await poll()).toMatchObject({ status: 'CHANGED', failures: 0 });
  });

  it('a source that does not answer in time fails and backs off', async () => {
    const silent = createServer(() => undefined);
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const port = (silent.address() as { port: number }).port;
    try {
      const outcome = await pollFeed(deps(), { name: 'slow', url: `http://127.0.0.1:${port}/bal092004.dat` }, { timeoutMs: 200 });
      expect(outcome).toMatchObject({ status: 'FAILED', failures: 1, error: 'no answer within 0.2 s' });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('a file: source is read once and then answered from its modification time and size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fhp-feed-'));
    try {
      const path = join(dir, 'bal092004.dat');
      writeFileSync(path, bdeck(LATER));
      const local = { name: 'mirror', url: pathToFileURL(path).href };
      expect(await pollFeed(deps(), local, { timeoutMs: 1_000 })).toMatchObject({ status: 'CHANGED', result: { change: 'NEW', points: LATER.length } });
      expect((await pollFeed(deps(), local, { timeoutMs: 1_000 })).status).toBe('NOT_MODIFIED');
      // Each source's track is its own; the storm's track stays the first source's.
      expect(await suite.app.db.$count(stormSourcePoints, eq(stormSourcePoints.source, 'mirror'))).toBe(LATER.length);
      const [storm] = await suite.app.db.select().from(storms).where(eq(storms.id, 'AL092004'));
      expect(storm!.trackSource).toBe('nhc');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the HURDAT2 best track later replaces the operational track and takes no money back', async () => {
    const before = await stormPayouts();
    const result = await importStormText(deps(), stormBlock(shippedHurdat2('caribbean-1950-2023.txt'), 'AL092004'));
    expect(result.storms).toEqual([{ id: 'AL092004', name: 'IVAN', change: 'EXTENDED', points: IVAN.points.length }]);
    const [storm] = await suite.app.db.select().from(storms).where(eq(storms.id, 'AL092004'));
    expect(storm).toMatchObject({ trackSource: null, pointCount: IVAN.points.length });
    expect(await suite.app.db.$count(stormTrackPoints, eq(stormTrackPoints.stormId, 'AL092004'))).toBe(IVAN.points.length);
    // The best track gives the same figures here: nothing new, nothing taken back.
    expect(await stormPayouts()).toEqual(before);
  });
}, { clock: IVAN_SEASON_CLOCK, engines: 'both' }); // two ingests at once: locking

describe('STORM_FEEDS configuration', () => {
  it('reads name=URL pairs and the poll interval, and names what is wrong', () => {
    const config = loadConfig({ NODE_ENV: 'test', STORM_FEEDS: 'nhc=https://ftp.nhc.noaa.gov/atcf/btk/bal092026.dat, local=file:///srv/feeds/bal102026.dat', STORM_FEED_POLL_SECONDS: '120' });
    expect(config.stormFeeds).toMatchObject({
      sources: [
        { name: 'nhc', url: 'https://ftp.nhc.noaa.gov/atcf/btk/bal092026.dat' },
        { name: 'local', url: 'file:///srv/feeds/bal102026.dat' },
      ],
      pollSeconds: 120,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).stormFeeds).toMatchObject({ sources: [], pollSeconds: 300 });
    expect(() => loadConfig({ NODE_ENV: 'test', STORM_FEEDS: 'nhc=ftp://x/bal092026.dat,nhc=https://x/bal092026.dat,x=https://x/btk/' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'test', STORM_FEEDS: 'nhc=ftp://x/bal092026.dat,a=https://x/bal092026.dat,a=https://y/bal092026.dat,b=https://x/btk/' });
    } catch (error) {
      expect((error as Error).message).toContain('STORM_FEEDS: the URL of nhc must be an http://, https:// or file:// URL');
      expect((error as Error).message).toContain('STORM_FEEDS: the name a is given twice');
      expect((error as Error).message).toContain('STORM_FEEDS: the URL of b must name one b-deck file');
    }
  });
});

/** A synthetic storm crossing Grenada (12.1N 61.7W) at a given wind, as a feed and as a best track. */
function crossing(windKt: number): TrackPoint[] {
  const status = windKt >= 64 ? 'HU' : 'TS';
  return [
    { time: '2020-09-01T00:00:00.000Z', recordFlag: null, status, lat: 11.0, lon: -58.0, windKt, pressureMb: 980 },
    { time: '2020-09-01T06:00:00.000Z', recordFlag: null, status, lat: 11.6, lon: -60.0, windKt, pressureMb: 980 },
    { time: '2020-09-01T12:00:00.000Z', recordFlag: null, status, lat: 12.1, lon: -61.7, windKt, pressureMb: 980 },
  ];
}
const feedOf = (number: string, points: readonly TrackPoint[]) => bdeck(points).replaceAll('AL, 09,', `AL, ${number},`).replaceAll('IVAN', 'TESTER');

describeApp('the best track after a feed: a higher figure tops up, a lower one takes nothing back', (suite) => {
  const deps = () => lifecycleDeps(suite.app);
  beforeAll(async () => {
    await ensureSeason(suite.app.db, 2020);
    const holder = await userId(suite.app, 'purchaser@fhp.example');
    await insertPolicies(suite.app.db, { count: 6, country: 'gd', seasonYear: 2020, owners: [holder], prefix: 'FHP-GD-2020' });
  });
  const paid = async (storm: string) =>
    (
      await suite.app.db
        .select({ option: policies.optionId, percent: payouts.percent, contract: payouts.contractPercent })
        .from(payouts)
        .innerJoin(policies, eq(policies.id, payouts.policyId))
        .where(eq(payouts.stormRef, storm))
        .orderBy(asc(policies.policyNumber), asc(payouts.contractPercent))
    ).map((row) => `${row.option}:${row.percent}/${row.contract}`);

  it('a Category 1 on the feed pays 25%; the best track at Category 3 tops up to 50% and pays options 2 and 3', async () => {
    const fed = await ingestBdeck(deps(), 'nhc', 'bal312020.dat', feedOf('31', crossing(75)));
    expect(fed.payouts.map((p) => p.percent)).toEqual([25, 25]);
    await importStormText(deps(), trackText('AL312020', 'TESTER', crossing(100).map(({ time, status, lat, lon, windKt }) => ({ time, status, lat, lon, windKt: windKt! }))));
    expect(await paid('AL312020')).toEqual(['T:25/25', 'T:25/50', '1:25/25', '1:25/50', '2:50/50', '3:50/50']);
  });

  it('a Category 3 on the feed pays 50%; the best track at Category 1 takes nothing back, and the feed again changes nothing', async () => {
    const fed = await ingestBdeck(deps(), 'nhc', 'bal322020.dat', feedOf('32', crossing(100)));
    expect(fed.payouts.map((p) => p.percent)).toEqual([50, 50, 50, 50]);
    const best = await importStormText(deps(), trackText('AL322020', 'TESTER', crossing(75).map(({ time, status, lat, lon, windKt }) => ({ time, status, lat, lon, windKt: windKt! }))));
    expect(best.payouts).toEqual([]);
    expect(await paid('AL322020')).toEqual(['T:50/50', '1:50/50', '2:50/50', '3:50/50']);
    expect((await ingestBdeck(deps(), 'nhc', 'bal322020.dat', feedOf('32', crossing(100)))).change).toBe('UNCHANGED');
  });
}, { clock: () => new Date('2020-11-30T16:00:00Z') });

/** The server polls the configured feeds from its start (STORM_FEEDS), without anyone asking. */
const WIRED_DIR = mkdtempSync(join(tmpdir(), 'fhp-feed-wired-'));
writeFileSync(join(WIRED_DIR, 'bal092004.dat'), bdeck(CROSSING));
// After every database's run (each reads the file).
afterAll(() => rmSync(WIRED_DIR, { recursive: true, force: true }));

describeApp(
  'a server with STORM_FEEDS polls them from its start',
  (suite) => {
    it('stores the feed storm without a request', async () => {
      expect(suite.app.stormFeeds).not.toBeNull();
      const deadline = Date.now() + 20_000;
      // A poll stores the storm, then records the source's state in a statement of its own: wait for both.
      const polled = async () =>
        (await suite.app.db.$count(storms, eq(storms.id, 'AL092004'))) > 0 && (await suite.app.db.$count(stormFeedStates, eq(stormFeedStates.source, 'local'))) > 0;
      while (Date.now() < deadline && !(await polled())) await new Promise((resolve) => setTimeout(resolve, 100));
      const [storm] = await suite.app.db.select().from(storms).where(eq(storms.id, 'AL092004'));
      expect(storm).toMatchObject({ trackSource: 'local', pointCount: CROSSING.length });
      const [state] = await suite.app.db.select().from(stormFeedStates).where(eq(stormFeedStates.source, 'local'));
      expect(state).toMatchObject({ failures: 0 });
    });
  },
  { env: { STORM_FEEDS: `local=${pathToFileURL(join(WIRED_DIR, 'bal092004.dat')).href}` }, clock: IVAN_SEASON_CLOCK },
);
