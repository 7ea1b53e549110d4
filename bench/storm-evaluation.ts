/**
 * The trigger engine's part of `npm run bench` (issue 10): Ivan 2004 imported and evaluated over
 * 100,000 in-force Grenada policies (six options: 5 in 6 are paid) on PostgreSQL, beside a plain
 * `INSERT ... SELECT` of the same 100,000 policies into a copy of the payouts table, in the same
 * run on the same scratch database. Targets: under 2 s, and under 3 times the plain insert. Then
 * the import of all shipped storms (220) into an empty database, evaluated against both islands.
 * Alone: `node --import tsx bench/storm-evaluation.ts`. Skipped without TEST_DATABASE_URL or
 * DATABASE_URL (a scratch database is created and dropped there).
 */
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { SKIPPED_POSTGRES, withScratchPostgres } from './scratch-postgres';
import type { Database } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/seed';
import { appendLedgerEntries, appendLedgerEntry, ledgerAccountOf, type Ledger } from '../apps/server/src/modules/audit/ledger';
import { importStormText } from '../apps/server/src/modules/storms/service';
import { SHIPPED_STORMS_FILE } from '../apps/server/src/modules/storms/shipped';
import { ensureSeason, insertPolicies, shippedHurdat2, stormBlock } from '../apps/server/test/storm-helpers';

const POLICIES = Number(process.env.BENCH_STORM_POLICIES ?? 100_000);
const TARGET_MS = 2000;
const TARGET_RATIO = 3;
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
  await database.db.execute(sql`DELETE FROM storm_track_points`);
  await database.db.execute(sql`DELETE FROM storms`);
  await database.db.execute(sql`TRUNCATE bench_payouts_copy`);
  // Without it every run after the first would also pay for the dead rows the previous one left
  // (the plain insert's table is truncated, so it would not): each run starts from clean tables.
  await database.db.execute(sql`VACUUM ANALYZE policies, payouts, transaction_log, ledger_entries, storm_alerts, storm_evaluations, storm_track_points, storms`);
}

async function measure(label: string, database: Database): Promise<string[]> {
  await database.prepare(seedDemoData);
  await ensureSeason(database.db, 2004);
  const owners = ((await database.db.execute(sql`SELECT id FROM users ORDER BY email`)) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  await insertPolicies(database.db, { count: POLICIES, country: 'gd', seasonYear: 2004, owners, prefix: 'FHP-GD-2004' });
  await database.db.execute(sql`CREATE TABLE bench_payouts_copy (LIKE payouts INCLUDING DEFAULTS INCLUDING INDEXES)`);
  await database.db.execute(sql`ANALYZE`);
  const ivan = stormBlock(shippedHurdat2('sample.txt'), 'AL092004');
  const d = deps(database);

  let evaluateMs = Infinity;
  let plainMs = Infinity;
  let created = 0;
  for (let run = 0; run < RUNS; run++) {
    await reset(database);
    let start = performance.now();
    await database.db.execute(sql`
      INSERT INTO bench_payouts_copy (policy_id, storm_ref, percent, contract_percent, amount_cents, status, created_at)
      SELECT id, 'AL092004', 50, 50, (coverage_cents::bigint * 50 + 50) / 100, 'PENDING', now() FROM policies WHERE country = 'gd' AND season_year = 2004`);
    plainMs = Math.min(plainMs, performance.now() - start);
    start = performance.now();
    const result = await importStormText(d, ivan, { notify: false });
    evaluateMs = Math.min(evaluateMs, performance.now() - start);
    created = result.payouts.length;
  }
  await reset(database);
  const shippedStart = performance.now();
  const shipped = await importStormText(d, readFileSync(SHIPPED_STORMS_FILE, 'utf8'), { notify: false });
  const shippedMs = performance.now() - shippedStart;

  const ratio = evaluateMs / plainMs;
  const met = evaluateMs < TARGET_MS && ratio < TARGET_RATIO;
  return [
    `trigger engine on ${label}: Ivan 2004 over ${POLICIES.toLocaleString('en-US')} Grenada policies (${created.toLocaleString('en-US')} payouts, alerts, log and ledger entries) ${evaluateMs.toFixed(0)} ms; ` +
      `plain INSERT ... SELECT of the same rows ${plainMs.toFixed(0)} ms; ratio ${ratio.toFixed(2)} (targets < ${TARGET_MS} ms and < ${TARGET_RATIO}: ${met ? 'met' : 'MISSED'}; best of ${RUNS})`,
    `shipped storms on ${label}: ${shipped.storms.length} storms stored and evaluated against both islands in ${shippedMs.toFixed(0)} ms (target < ${SHIPPED_TARGET_MS} ms: ${shippedMs < SHIPPED_TARGET_MS ? 'met' : 'MISSED'})`,
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
