/**
 * The trigger engine's part of `npm run bench` (issue 10; issue 22 item 5): Ivan 2004 imported and
 * evaluated over 100,000 in-force Grenada policies (six options: 5 in 6 are paid) on PostgreSQL,
 * beside the plain writes of the rows the contract requires, in the same run on the same scratch
 * database: one set-based INSERT of the payout rows, one UPDATE of the policies' status, one INSERT
 * of their log entries and one ledger entry for the evaluation, into copies of the tables (same
 * indexes, checks and foreign keys; time-ordered ids as the engine draws them). Target: under 1.3
 * times those writes (decision 174: one ledger entry per evaluation). Then, reported: from a new
 * fix to stored payouts, the feed's path (a b-deck whose newest fix makes Ivan qualify over
 * Grenada, ingested and committed) over the same 100,000 policies. And the 220 shipped storms
 * imported from empty (no storm stored, the demo book): under 5 s; the same import over the
 * 100,000 fixture policies (the 2004 storms paying them again) is reported beside it.
 * Alone: `node --import tsx bench/storm-evaluation.ts`. Skipped without TEST_DATABASE_URL or
 * DATABASE_URL (a scratch database is created and dropped there).
 */
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { SKIPPED_POSTGRES, withScratchPostgres } from './scratch-postgres';
import type { Database } from '../apps/server/src/db/client';
import { ledgerEntries, seasons } from '../apps/server/src/db/schema';
import { seedDemoData } from '../apps/server/src/seed';
import { coverTermBounds, evaluateStorm, LEDGER_ACCOUNTS, parseHurdat2, type Storm } from '@fhp/domain';
import { appendLedgerEntries, appendLedgerEntry, ledgerAccountOf, type Ledger } from '../apps/server/src/modules/audit/ledger';
import { TXN_LOCATIONS, TXN_TYPES } from '../apps/server/src/modules/audit';
import { ACTIONS } from '../apps/server/src/modules/lifecycle';
import { ingestBdeck } from '../apps/server/src/modules/storms/feeds/ingest';
import { importStormText } from '../apps/server/src/modules/storms/service';
import { SHIPPED_STORMS_FILE } from '../apps/server/src/modules/storms/shipped';
import { bdeck } from '../apps/server/test/bdeck';
import { ensureSeason, insertPolicies, shippedHurdat2, stormBlock } from '../apps/server/test/storm-helpers';

const POLICIES = Number(process.env.BENCH_STORM_POLICIES ?? 100_000);
const TARGET_RATIO = 1.3;
const SHIPPED_TARGET_MS = 5000;
const RUNS = Number(process.env.BENCH_STORM_RUNS ?? 3);
const KEY = 'bench-only-ledger-key-not-a-secret-0123456789';

function deps(database: Database) {
  const ledger: Ledger = {
    append: (tx, entry) => appendLedgerEntry(tx, entry, new Date()),
    appendMany: (tx, entries) => appendLedgerEntries(tx, entries, new Date()),
    accountOf: (userId) => ledgerAccountOf(KEY, userId),
    seal: async () => [],
    verify: async () => {
      throw new Error('not in the bench');
    },
    checkpointKey: { keyId: '', publicKeyPem: '' },
    explorer: {
      checkpointPublicKeyPem: '',
      verifyBlocks: async () => {
        throw new Error('not in the bench');
      },
    },
    recheck: async () => {
      throw new Error('not in the bench');
    },
  };
  const silent = { info: () => undefined, error: () => undefined };
  return {
    db: database.db,
    ledger,
    // Ivan's best track published at the end of its season: a track pays its term only up to 12
    // months after the term's end (decision 140), so with today's clock it would pay nobody.
    clock: () => new Date('2004-11-30T16:00:00Z'),
    mailer: { mode: 'outbox' as const, send: async () => ({ via: 'outbox' as const, outboxId: 0 }), close: () => undefined },
    sms: { send: async () => undefined },
    log: silent,
  };
}

/** Puts the database back as before the evaluation (outside the timings). */
async function reset(database: Database): Promise<void> {
  await database.db.execute(sql`
    WITH gone AS (DELETE FROM payouts RETURNING policy_id)
    UPDATE policies SET status = 'EVENT_MONITORING', status_changed_at = NULL WHERE id IN (SELECT policy_id FROM gone)`);
  await database.db.execute(sql`DELETE FROM storm_alerts`);
  await database.db.execute(sql`DELETE FROM transaction_log WHERE payload ? 'stormRef'`);
  await database.db.execute(sql`DELETE FROM storm_evaluations`);
  await database.db.execute(sql`DELETE FROM storm_source_evaluations`);
  await database.db.execute(sql`DELETE FROM storm_source_points`);
  await database.db.execute(sql`DELETE FROM storm_source_tracks`);
  await database.db.execute(sql`DELETE FROM storm_track_points`);
  await database.db.execute(sql`DELETE FROM storms`);
  await database.db.execute(sql`TRUNCATE bench_payouts_copy, bench_log_copy`);
  await database.db.execute(sql`UPDATE bench_policies_copy SET status = 'EVENT_MONITORING', status_changed_at = NULL WHERE status <> 'EVENT_MONITORING'`);
  // Without it every run after the first would also pay for the dead rows the previous one left
  // (the copies are truncated or vacuumed too): each run starts from clean tables.
  await database.db.execute(
    sql`VACUUM ANALYZE policies, payouts, transaction_log, ledger_entries, storm_alerts, storm_evaluations, storm_track_points, storms, bench_payouts_copy, bench_policies_copy, bench_log_copy`,
  );
}

/**
 * Copies of the tables the contract writes, each with the real one's indexes, checks and foreign
 * keys (LIKE copies no foreign key: they are added), the policies' copy holding the same rows.
 */
async function createCopies(database: Database): Promise<void> {
  await database.db.execute(sql`CREATE TABLE bench_payouts_copy (LIKE payouts INCLUDING ALL)`);
  await database.db.execute(sql`ALTER TABLE bench_payouts_copy ADD FOREIGN KEY (policy_id) REFERENCES policies (id)`);
  await database.db.execute(sql`CREATE TABLE bench_policies_copy (LIKE policies INCLUDING ALL)`);
  await database.db.execute(sql`ALTER TABLE bench_policies_copy ADD FOREIGN KEY (owner_id) REFERENCES users (id)`);
  await database.db.execute(sql`CREATE TABLE bench_log_copy (LIKE transaction_log INCLUDING ALL)`);
  await database.db.execute(sql`ALTER TABLE bench_log_copy ADD FOREIGN KEY (owner_id) REFERENCES users (id), ADD FOREIGN KEY (performed_by) REFERENCES users (id)`);
}

/** A time-ordered uuid per row, as the engine draws them (uuid v7 order), from a row number. */
const orderedId = (over: string) => sql.raw(`('01900000-0000-7000-8000-' || lpad(to_hex(row_number() OVER (ORDER BY ${over})), 12, '0'))::uuid`);

/**
 * The plain writes of the rows Ivan's contract requires, in one transaction: the payout rows, the
 * policies' status, one log entry per payout, one ledger entry. Each a single set-based statement
 * over the policies Ivan pays (options T to 4, 50%), nothing read back, nothing checked.
 */
async function plainWrites(database: Database): Promise<void> {
  const paid = sql`country = 'gd' AND season_year = 2004 AND option_id <> '5'`;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO bench_payouts_copy (id, policy_id, storm_ref, percent, contract_percent, amount_cents, status, created_at)
      SELECT ${orderedId('id')}, id, 'AL092004', 50, 50, (coverage_cents::bigint * 50 + 50) / 100, 'PENDING', now() FROM policies WHERE ${paid} ORDER BY id`);
    await tx.execute(sql`UPDATE bench_policies_copy SET status = 'PAYOUT_INTIMATION', status_changed_at = now() WHERE ${paid}`);
    await tx.execute(sql`
      INSERT INTO bench_log_copy (id, owner_id, performed_by, type, action, payload, txn_set_id, location, created_at)
      SELECT ${orderedId('policy_number')}, owner_id, NULL, ${TXN_TYPES.POLICY_PURCHASE_FLOW}, ${ACTIONS.STORM_TRIGGERED},
             jsonb_build_object('policyNumber', policy_number, 'event', 'STORM_TRIGGERED', 'from', status, 'to', 'PAYOUT_INTIMATION',
                                'payoutId', id, 'stormRef', 'AL092004', 'percent', 50, 'contractPercent', 50,
                                'priorContractPercent', 0, 'amountCents', (coverage_cents::bigint * 50 + 50) / 100),
             policy_number, ${TXN_LOCATIONS.system}, now()
      FROM policies WHERE ${paid} ORDER BY policy_number`);
    await appendLedgerEntry(
      tx,
      {
        kind: 'TRIGGER_EVENT',
        txnId: 'AL092004-gd-2004-plain',
        from: LEDGER_ACCOUNTS.cover,
        to: LEDGER_ACCOUNTS.cover,
        valueCents: null,
        data: { storm: 'AL092004', country: 'gd', season: 2004, payoutRoot: '0'.repeat(64), payoutLeaves: 0 },
        at: new Date(),
      },
      new Date(),
    );
  });
}

/**
 * Ivan's fixes as a feed serves them: the track up to the fix before the one that makes it pay
 * over Grenada, and the track with that fix.
 */
function feedFiles(ivan: Storm, season: { coverStart: string; coverEnd: string }): { before: string; withFix: string } {
  const term = coverTermBounds(season);
  const first = ivan.points.findIndex((_, i) => evaluateStorm({ ...ivan, points: ivan.points.slice(0, i + 1) }, 'gd', term).payouts.T > 0);
  if (first < 1) throw new Error('Ivan never pays over Grenada in its fixes');
  return { before: bdeck(ivan.points.slice(0, first)), withFix: bdeck(ivan.points.slice(0, first + 1)) };
}

async function measure(label: string, database: Database): Promise<string[]> {
  await database.prepare(seedDemoData);
  await ensureSeason(database.db, 2004);
  await createCopies(database);
  const d = deps(database);
  const shippedText = readFileSync(SHIPPED_STORMS_FILE, 'utf8');

  // The shipped storms from empty: no storm stored, the demo book only.
  await reset(database);
  let start = performance.now();
  const fromEmpty = await importStormText(d, shippedText, { notify: false });
  const fromEmptyMs = performance.now() - start;

  await reset(database);
  const owners = ((await database.db.execute(sql`SELECT id FROM users ORDER BY email`)) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  await insertPolicies(database.db, { count: POLICIES, country: 'gd', seasonYear: 2004, owners, prefix: 'FHP-GD-2004' });
  await database.db.execute(sql`INSERT INTO bench_policies_copy SELECT * FROM policies`);
  await database.db.execute(sql`ANALYZE`);
  const ivanText = stormBlock(shippedHurdat2('sample.txt'), 'AL092004');

  let evaluateMs = Infinity;
  let plainMs = Infinity;
  let created = 0;
  let entries = 0;
  for (let run = 0; run < RUNS; run++) {
    await reset(database);
    start = performance.now();
    await plainWrites(database);
    plainMs = Math.min(plainMs, performance.now() - start);
    const ledgerBefore = await database.db.$count(ledgerEntries);
    start = performance.now();
    const result = await importStormText(d, ivanText, { notify: false });
    evaluateMs = Math.min(evaluateMs, performance.now() - start);
    created = result.payouts.length;
    entries = (await database.db.$count(ledgerEntries)) - ledgerBefore;
  }

  // From a new fix to stored payouts: the source's track stored without the fix (it pays nobody
  // yet), then the file with it, timed from the ingest's start to its commit.
  await reset(database);
  const [season] = await database.db.select().from(seasons).where(eq(seasons.year, 2004));
  const files = feedFiles(parseHurdat2(ivanText)[0]!, season!);
  await ingestBdeck(d, 'nhc', 'bal092004.dat', files.before, { notify: false });
  start = performance.now();
  const fed = await ingestBdeck(d, 'nhc', 'bal092004.dat', files.withFix, { notify: false });
  const feedMs = performance.now() - start;

  await reset(database);
  start = performance.now();
  const overFixture = await importStormText(d, shippedText, { notify: false });
  const overFixtureMs = performance.now() - start;

  const ratio = evaluateMs / plainMs;
  const count = (n: number) => n.toLocaleString('en-US');
  return [
    `trigger engine on ${label}: Ivan 2004 over ${count(POLICIES)} Grenada policies (${count(created)} payouts, their log entries and ${entries} ledger ${entries === 1 ? 'entry' : 'entries'}, the policies moved, alerts) ${evaluateMs.toFixed(0)} ms; ` +
      `the plain writes of the same rows (payouts, policies' status, log entries, one ledger entry) ${plainMs.toFixed(0)} ms; ratio ${ratio.toFixed(2)} (target < ${TARGET_RATIO}: ${ratio < TARGET_RATIO ? 'met' : 'MISSED'}; best of ${RUNS})`,
    `trigger engine on ${label}: from a new fix to stored payouts (a feed's b-deck whose newest fix makes Ivan pay over Grenada, ${count(fed.payouts.length)} payouts over ${count(POLICIES)} policies) ${feedMs.toFixed(0)} ms (reported)`,
    `shipped storms on ${label}: ${fromEmpty.storms.length} storms stored and evaluated against both islands from empty in ${fromEmptyMs.toFixed(0)} ms (target < ${SHIPPED_TARGET_MS} ms: ${fromEmptyMs < SHIPPED_TARGET_MS ? 'met' : 'MISSED'}); ` +
      `over the ${count(POLICIES)} fixture policies (the 2004 storms paying them again) ${overFixtureMs.toFixed(0)} ms (${count(overFixture.payouts.length)} payouts; reported)`,
  ];
}

export async function runStormEvaluationBench(): Promise<string[]> {
  return (await withScratchPostgres((database, label) => measure(label, database))) ?? [`trigger engine: ${SKIPPED_POSTGRES}`];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runStormEvaluationBench().then(
    (lines) => {
      console.log(lines.join('\n'));
      process.exit(0);
    },
    (error: unknown) => {
      console.error('trigger engine bench failed:', error);
      process.exit(1);
    },
  );
}
