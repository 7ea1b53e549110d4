import { fitsOneSms, parseHurdat2 } from '@fhp/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { outboundMessages, payouts, stormAlerts, users } from '../src/db/schema';
import { seedDemoData } from '../src/seed';
import { anonymiseUser } from '../src/modules/admin-users/repository';
import type { OutboxMessage } from '../src/modules/notifications';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { drainStormNotices } from '../src/modules/storms/notice-drain';
import { storeStorms } from '../src/modules/storms/repository';
import { evaluateStoredStorms, importStormText } from '../src/modules/storms/service';
import { describeApp, testConfig } from './harness';
import { userId } from './identity-helpers';
import { databaseBeforeMigration } from './migration-helpers';
import { ensureSeason, importedOn, insertPolicies, trackText, type TrackSpec } from './storm-helpers';

/**
 * Storm notices through the delivery queue (decision 091): the payout and alert rows the import
 * commits are drained into `outbound_messages` after it, so each holder hears once, even when the
 * importing process dies right after its commit (the storm-notices job, run at start and every ten
 * minutes, queues what it left), and two drains at once never queue a notice twice.
 */

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());
const env = { SMTP_URL: smtp.url };

/** A Category 1 hurricane over Grenada (as in storm-updates.test.ts): options T and 1 pay 25%. */
const TRACK: TrackSpec[] = [
  { time: '2020-09-01T00:00:00Z', status: 'HU', lat: 11.0, lon: -58.0, windKt: 75 },
  { time: '2020-09-01T06:00:00Z', status: 'HU', lat: 11.6, lon: -60.0, windKt: 75 },
  { time: '2020-09-01T12:00:00Z', status: 'HU', lat: 12.1, lon: -61.7, windKt: 75 },
];
/** Per holder: 30 policies across the six options, 10 of them paid by each storm. */
const PER_HOLDER = 30;
const PAID_PER_HOLDER = 10;
const A = 'purchaser@fhp.example';
const B = 'purchaser.b@fhp.example';
/** Anonymised before the storms: its policies are paid, it is told nothing. */
const GONE = 'otp.purchaser@fhp.example';

describeApp(
  'storm notices drained into the delivery queue',
  (suite) => {
    // The exercise tracks of 2020 and 2021 are imported while both terms can still be paid (decision 140).
    const deps = () => importedOn(lifecycleDeps(suite.app), '2021-10-01T12:00:00Z');
    let phoneA = '';
    let holderA = '';
    let holderB = '';
    let holderGone = '';
    let goneAddress = '';

    beforeAll(async () => {
      const { db } = suite.app;
      await ensureSeason(db, 2020);
      holderA = await userId(suite.app, A);
      holderB = await userId(suite.app, B);
      holderGone = await userId(suite.app, GONE);
      // A has verified a phone; B has not: texts go to A only.
      await db.update(users).set({ phoneVerified: false }).where(eq(users.id, holderB));
      const [a] = await db.update(users).set({ phoneVerified: true }).where(eq(users.id, holderA)).returning();
      phoneA = a!.phone!;
      await insertPolicies(db, { count: PER_HOLDER, country: 'gd', seasonYear: 2020, owners: [holderA], prefix: 'FHP-GA-2020' });
      await insertPolicies(db, { count: PER_HOLDER, country: 'gd', seasonYear: 2020, owners: [holderB], prefix: 'FHP-GB-2020' });
      await insertPolicies(db, { count: PER_HOLDER, country: 'gd', seasonYear: 2020, owners: [holderGone], prefix: 'FHP-GC-2020' });
      const [row] = await db.select().from(users).where(eq(users.id, holderGone));
      await db.transaction((tx) => anonymiseUser(tx, row!, new Date()));
      goneAddress = (await db.select({ email: users.email }).from(users).where(eq(users.id, holderGone)))[0]!.email;
    });

    /** The policy numbers a storm pays per holder: options T and 1 (every sixth, and the one after). */
    const paidNumbers = (prefix: string) =>
      Array.from({ length: PER_HOLDER }, (_, i) => i)
        .filter((i) => i % 6 < 2)
        .map((i) => `${prefix}-${String(i).padStart(6, '0')}`);

    /** Another pool on the suite's PostgreSQL database, as a second instance has. */
    async function secondConnection(): Promise<Database> {
      const [{ name }] = ((await suite.app.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] }).rows;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      return openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    }

    /** What a storm's payouts and alerts owe: rows whose notice is not queued yet. */
    const owed = async (stormId: string) => ({
      payouts: await suite.app.db.$count(payouts, and(eq(payouts.stormRef, stormId), isNull(payouts.noticeQueuedAt))),
      alerts: await suite.app.db.$count(stormAlerts, and(eq(stormAlerts.stormId, stormId), isNull(stormAlerts.noticeQueuedAt))),
    });

    /** Every email sent since `from` (SMTP) and every text in the development outbox, once the worker has sent what is due. */
    const sentSince = async (from: number) => {
      await suite.app.identity.deliveries.settle();
      const mails = smtp.messages.slice(from);
      const texts = suite.app.identity.outbox.list().filter((message) => message.channel === 'sms');
      return { mails, texts };
    };

    /** Each holder got the alert and one email per payout, once; A's verified phone the same as texts; the anonymised holder nothing. */
    function expectToldOnce(sent: Awaited<ReturnType<typeof sentSince>>, stormName: string) {
      const to = (address: string) => sent.mails.filter((mail) => mail.envelopeTo.includes(address));
      for (const [address, prefix] of [
        [A, 'FHP-GA-2020'],
        [B, 'FHP-GB-2020'],
      ] as const) {
        const mails = to(address);
        expect(mails.filter((mail) => mail.subject === `Storm alert: ${stormName} near Grenada`)).toHaveLength(1);
        const payoutSubjects = mails.filter((mail) => mail.subject.startsWith('Payout of')).map((mail) => mail.subject.split(' on policy ')[1]);
        expect(payoutSubjects.sort()).toEqual(paidNumbers(prefix));
        expect(mails).toHaveLength(1 + PAID_PER_HOLDER);
      }
      expect(to(goneAddress)).toEqual([]);
      expect(sent.mails).toHaveLength(2 * (1 + PAID_PER_HOLDER));
      // Texts: A only (B's phone is not verified, the anonymised holder's is erased).
      expect(sent.texts.every((text) => text.to === phoneA)).toBe(true);
      expect(sent.texts.filter((text) => text.text.startsWith(`Flexible Hurricane Protection: ${stormName} passed over Grenada itself.`))).toHaveLength(1);
      // The created payout's text (issue 20 item 9): storm by name, policy, amount, in one plain SMS with no link.
      const payoutTexts = sent.texts.filter((text) => text.text.includes('A payout of'));
      expect(payoutTexts.map((text) => text.text.match(/met the terms of policy (\S+)\./)?.[1]).sort()).toEqual(paidNumbers('FHP-GA-2020'));
      for (const text of payoutTexts) {
        expect(text.text).toMatch(new RegExp(`^FHP: ${stormName} met the terms of policy FHP-GA-2020-\\d{6}\\. A payout of EC\\$[\\d,]+\\.\\d\\d will be wired`));
        expect(fitsOneSms(text.text)).toBe(true);
      }
      expect(sent.texts).toHaveLength(1 + PAID_PER_HOLDER);
    }

    it('an import: every holder hears of the alert and each payout once, through the queue; the drain job afterwards queues nothing', async () => {
      suite.app.identity.outbox.clear();
      const from = smtp.messages.length;
      const result = await importStormText(deps(), trackText('AL432020', 'ALPHA', TRACK));
      expect(result.payouts).toHaveLength(3 * PAID_PER_HOLDER);
      expect(result.alerts).toHaveLength(3);
      expect(await owed('AL432020')).toEqual({ payouts: 0, alerts: 0 });
      expectToldOnce(await sentSince(from), 'Alpha');
      expect(await suite.app.db.$count(outboundMessages)).toBe(0);

      const again = await suite.app.jobs.run('storm-notices', 'after-alpha');
      expect(again).toMatchObject({ ran: true, changed: 0 });
      expect((await sentSince(from)).mails).toHaveLength(2 * (1 + PAID_PER_HOLDER));
    });

    it('a process that dies right after the commit: nothing is lost, the next start queues the notices, once', async () => {
      suite.app.identity.outbox.clear();
      const from = smtp.messages.length;
      // The import commits and its process queues nothing (as if killed before its drain).
      await importStormText(deps(), trackText('AL442020', 'BRAVO', TRACK), { notify: false });
      expect(await owed('AL442020')).toEqual({ payouts: 3 * PAID_PER_HOLDER, alerts: 3 });
      expect(await suite.app.db.$count(outboundMessages)).toBe(0);

      // The next process on this database: its jobs run at start (a later minute than this one's start).
      const fresh = await buildApp({ config: testConfig(env), database: suite.database, clock: () => new Date(Date.now() + 120_000) });
      let freshTexts: OutboxMessage[] = [];
      try {
        await fresh.ready();
        await fresh.jobs.idle();
        await fresh.identity.deliveries.settle();
        freshTexts = fresh.identity.outbox.list().filter((message) => message.channel === 'sms');
      } finally {
        await fresh.close();
      }
      expect(await owed('AL442020')).toEqual({ payouts: 0, alerts: 0 });
      // Either process's worker may have sent a message (each once): texts are in both development outboxes.
      const sent = await sentSince(from);
      expectToldOnce({ mails: sent.mails, texts: [...freshTexts, ...sent.texts] }, 'Bravo');

      // Running the job again finds nothing owed and queues nothing.
      expect(await suite.app.jobs.run('storm-notices', 'after-bravo')).toMatchObject({ ran: true, changed: 0 });
      expect(await suite.app.db.$count(outboundMessages)).toBe(0);
      expect((await sentSince(from)).mails).toHaveLength(2 * (1 + PAID_PER_HOLDER));
    });

    it('the drain job finds what an import left and sends it once; a second run queues nothing', async () => {
      suite.app.identity.outbox.clear();
      const from = smtp.messages.length;
      await importStormText(deps(), trackText('AL452020', 'CHARLIE', TRACK), { notify: false });
      expect(await suite.app.db.$count(outboundMessages)).toBe(0);
      const run = await suite.app.jobs.run('storm-notices', 'after-charlie');
      expect(run).toMatchObject({ ran: true, changed: 3 + 3 * PAID_PER_HOLDER });
      expectToldOnce(await sentSince(from), 'Charlie');
      expect(await suite.app.jobs.run('storm-notices', 'after-charlie-again')).toMatchObject({ ran: true, changed: 0 });
      expectToldOnce(await sentSince(from), 'Charlie');
    });

    it('two drains at once (two connections on PostgreSQL) queue each notice once, each alert before its holder’s payouts', async () => {
      await importStormText(deps(), trackText('AL462020', 'DELTA', TRACK), { notify: false });
      const { deliveries } = suite.app.identity;
      // Held in the queue while the drains run, so what they wrote can be read.
      await deliveries.stop();
      let other: Database | undefined;
      try {
        if (suite.kind === 'postgres') other = await secondConnection();
        const at = new Date();
        // Two rows per transaction: the drains take turns over many chunks.
        const counts = await Promise.all([
          drainStormNotices({ db: suite.app.db, deliveries }, at, { chunk: 2 }),
          drainStormNotices({ db: (other ?? suite.database).db, deliveries }, at, { chunk: 2 }),
        ]);
        expect(counts[0] + counts[1]).toBe(3 + 3 * PAID_PER_HOLDER);
        expect(await owed('AL462020')).toEqual({ payouts: 0, alerts: 0 });

        const queued = await suite.app.db.select().from(outboundMessages).orderBy(asc(outboundMessages.id));
        const emails = queued.filter((row) => row.channel === 'email');
        for (const [address, prefix] of [
          [A, 'FHP-GA-2020'],
          [B, 'FHP-GB-2020'],
        ] as const) {
          const mine = emails.filter((row) => row.recipient === address);
          expect(mine.filter((row) => row.kind === 'storm alert email')).toHaveLength(1);
          expect(mine.filter((row) => row.kind === 'payout email').map((row) => row.subject!.split(' on policy ')[1]).sort()).toEqual(paidNumbers(prefix));
          // The alert (the storm is near) is queued before any of the holder's payouts.
          expect(mine[0]!.kind).toBe('storm alert email');
        }
        expect(emails).toHaveLength(2 * (1 + PAID_PER_HOLDER));
        const texts = queued.filter((row) => row.channel === 'sms');
        expect(texts.map((row) => row.recipient)).toEqual(Array(1 + PAID_PER_HOLDER).fill(phoneA));
        expect(texts[0]!.kind).toBe('storm alert text');
        expect(new Set(texts.map((row) => row.text)).size).toBe(texts.length);
      } finally {
        await other?.close();
        deliveries.start();
      }
      await deliveries.settle();
      expect(await suite.app.db.$count(outboundMessages)).toBe(0);
    });

    // Two connections holding rows against each other: PGlite has one, so the test exists on PostgreSQL only.
    const onPostgres = suite.kind === 'postgres' ? it : () => undefined;
    onPostgres('a payout waits while its holder’s alert is held by another drain (PostgreSQL: two connections)', async () => {
      // The 2020 policies are paid out in full by now: a book of the next season, and a storm in it.
      await ensureSeason(suite.app.db, 2021);
      for (const [index, owner] of [holderA, holderB, holderGone].entries()) {
        await insertPolicies(suite.app.db, { count: PER_HOLDER, country: 'gd', seasonYear: 2021, owners: [owner], prefix: `FHP-H${'ABC'[index]}-2021` });
      }
      const track = TRACK.map((point) => ({ ...point, time: point.time.replace('2020', '2021') }));
      await importStormText(deps(), trackText('AL472021', 'ECHO', track), { notify: false });
      expect(await owed('AL472021')).toEqual({ payouts: 3 * PAID_PER_HOLDER, alerts: 3 });

      const other = await secondConnection();
      const { deliveries } = suite.app.identity;
      let locked!: () => void;
      let release!: () => void;
      const lockHeld = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      // Another drain's transaction holds A's alert.
      const holding = other.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM storm_alerts WHERE storm_id = 'AL472021' AND owner_id = ${holderA} FOR UPDATE`);
        locked();
        await released;
      });
      try {
        await lockHeld;
        // B's and the anonymised holder's alerts and payouts; A's alert is skipped and A's payouts wait for it.
        expect(await drainStormNotices({ db: suite.app.db, deliveries }, new Date())).toBe(2 + 2 * PAID_PER_HOLDER);
        expect(await owed('AL472021')).toEqual({ payouts: PAID_PER_HOLDER, alerts: 1 });
        release();
        await holding;
        expect(await drainStormNotices({ db: suite.app.db, deliveries }, new Date())).toBe(1 + PAID_PER_HOLDER);
        expect(await owed('AL472021')).toEqual({ payouts: 0, alerts: 0 });
      } finally {
        release();
        await holding.catch(() => undefined);
        await other.close();
      }
      await deliveries.settle();
    });

    it('a storm evaluated again as told (the demo seed replays its storms so) owes no notice', async () => {
      const holderA = await userId(suite.app, A);
      await insertPolicies(suite.app.db, { count: 1, country: 'gd', seasonYear: 2020, owners: [holderA], prefix: 'FHP-GH-2020', optionId: 'T' });
      const track = TRACK.map((point) => ({ ...point, time: point.time.replace('2020-09-01', '2020-10-01') }));
      await suite.app.db.transaction((tx) => storeStorms(tx, parseHurdat2(trackText('AL482020', 'FOXTROT', track)), new Date('2020-10-02T12:00:00Z')));
      const result = await evaluateStoredStorms(deps(), ['AL482020'], { told: true });
      expect(result.payouts.map((payout) => payout.policyNumber)).toContain('FHP-GH-2020-000000');
      expect(result.alerts.length).toBeGreaterThan(0);
      expect(await owed('AL482020')).toEqual({ payouts: 0, alerts: 0 });
      expect(await drainStormNotices({ db: suite.app.db, deliveries: suite.app.identity.deliveries }, new Date())).toBe(0);
      // Evaluated again: the same engine's idempotency, nothing new.
      expect(await evaluateStoredStorms(deps(), ['AL482020'], { told: true })).toMatchObject({ payouts: [] });
    });

  },
  { env, engines: 'both' },
);

describe('migration storm_notices_drained on payouts and alerts stored before it', () => {
  it('marks their notices as sent (they were, after their import), so the drain sends nothing again', async () => {
    const { db, migrateRest, close } = await databaseBeforeMigration((tag) => tag.endsWith('_storm_notices_drained'));
    try {
      await seedDemoData(db);
      await ensureSeason(db, 2004);
      const owner = await userId({ db } as unknown as Parameters<typeof userId>[0], A);
      await insertPolicies(db, { count: 1, country: 'gd', seasonYear: 2004, owners: [owner], prefix: 'FHP-GD-2004', optionId: 'T', status: 'PAYOUT_INTIMATION' });
      await db.execute(sql`INSERT INTO storms (id, name, year, point_count, version, first_point_at, last_point_at, imported_at, updated_at)
        VALUES ('AL092004', 'IVAN', 2004, 1, 1, now(), now(), now(), now())`);
      await db.execute(sql`INSERT INTO payouts (policy_id, storm_ref, percent, contract_percent, amount_cents, status, created_at)
        SELECT id, 'AL092004', 50, 50, 1000, 'PENDING', '2004-09-08T00:00:00Z' FROM policies WHERE policy_number = 'FHP-GD-2004-000000'`);
      await db.execute(sql`INSERT INTO storm_alerts (storm_id, owner_id, country, closest_metres, closest_at, created_at)
        VALUES ('AL092004', ${owner}, 'gd', 12000, now(), '2004-09-08T00:00:00Z')`);

      await migrateRest();

      expect((await db.select({ at: payouts.noticeQueuedAt }).from(payouts)).map((row) => row.at?.toISOString())).toEqual(['2004-09-08T00:00:00.000Z']);
      expect((await db.select({ at: stormAlerts.noticeQueuedAt }).from(stormAlerts)).map((row) => row.at?.toISOString())).toEqual(['2004-09-08T00:00:00.000Z']);
      const written: unknown[] = [];
      const deliveries = { enqueue: async (_tx: unknown, messages: readonly unknown[]) => void written.push(...messages), kick: () => undefined };
      expect(await drainStormNotices({ db, deliveries }, new Date())).toBe(0);
      expect(written).toEqual([]);
    } finally {
      await close();
    }
  });
});
