/**
 * The transaction log query at scale (`node --import tsx bench/txn-list.ts`, also run by
 * `npm run bench`): 1,000,000 entries (BENCH_TXN_ROWS) of 2,000 holders, one of them with 5,000,
 * and the spec's three timelines as that holder asks them (target: a page and its count cost less
 * than 50 primary-key reads), plus two back-office lists for information, each through the very
 * statements getTxnList runs (page and count), against a baseline measured in the same run: reading
 * one entry by its primary key. PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL (or
 * DATABASE_URL) names a server, in a scratch database created and dropped here.
 */
import { performance } from 'node:perf_hooks';
import { txnListInputSchema, type RecordScope } from '@fhp/domain';
import { eq, sql } from 'drizzle-orm';
import { SKIPPED_POSTGRES, withScratchPostgres } from './scratch-postgres';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { transactionLog, users } from '../apps/server/src/db/schema';
import { txnListFilter, txnListStatements } from '../apps/server/src/modules/audit/txn-list';
import { runWhenStandalone } from './standalone';
import { fastest } from './timing';

const ROWS = Number(process.env.BENCH_TXN_ROWS ?? 1_000_000);
const HOLDERS = 2000;
const BUSY_HOLDER_ROWS = 5000;
const RUNS = 7;
/** A page of a timeline should cost no more than this many primary-key reads. */
const TARGET_RATIO = 50;

async function fill(database: Database): Promise<{ busy: { id: string; vuid: string }; admin: { id: string; vuid: string } }> {
  const db = database.db;
  await database.prepare();
  await db.execute(sql`insert into roles (name) values ('purchaser'), ('admin') on conflict do nothing`);
  await db.execute(sql`insert into users (vuid, email, role_id, first_name, last_name, status)
    select 'H' || n, 'holder' || n || '@example.com', (select id from roles where name = case when n = 0 then 'admin' else 'purchaser' end), 'Holder', 'Number ' || n, 'ACC_CREATED'
    from generate_series(0, ${HOLDERS}::int) as n`);
  // Holder 1 has BUSY_HOLDER_ROWS entries; the rest are spread over the others, in chunks so one
  // statement never holds the whole million in memory.
  const others = ROWS - BUSY_HOLDER_ROWS;
  const statement = (from: number, to: number, holder: string) => sql`insert into transaction_log (owner_id, performed_by, type, action, payload, txn_set_id, location, created_at)
    select u.id, case when n % 7 = 0 then (select id from users where vuid = 'H0') else u.id end,
      case when n % 3 = 0 then 'KYC_SUBMISSION' when n % 3 = 1 then 'BANK_DETAIL' else 'POLICY_PURCHASE_FLOW' end,
      'step ' || n, jsonb_build_object('n', n), case when n % 3 = 2 then 'FHP-GD-2027-' || lpad((n % 997)::text, 6, '0') else null end,
      'Customer portal', timestamptz '2027-05-01' - make_interval(secs => n)
    from generate_series(${from}::int, ${to}::int) as n join users u on u.vuid = ${sql.raw(holder)}`;
  await db.execute(statement(1, BUSY_HOLDER_ROWS, `'H1'`));
  for (let from = 1; from <= others; from += 100_000) {
    await db.execute(statement(from, Math.min(from + 99_999, others), `'H' || (2 + n % ${HOLDERS - 1})`));
  }
  await db.execute(sql`analyze transaction_log`);
  const pick = async (vuid: string) => (await db.select({ id: users.id, vuid: users.vuid }).from(users).where(eq(users.vuid, vuid)))[0]!;
  return { busy: await pick('H1'), admin: await pick('H0') };
}

async function measure(name: string, database: Database): Promise<string[]> {
  const start = performance.now();
  const { busy, admin } = await fill(database);
  const filled = performance.now() - start;
  const db = database.db;
  const [one] = await db.select({ id: transactionLog.id }).from(transactionLog).limit(1);
  const baseline = await fastest(RUNS, () => db.select().from(transactionLog).where(eq(transactionLog.id, one!.id)));

  const own: RecordScope = { kind: 'own', ownerId: busy.id };
  // The spec's calls, as the holder with 5,000 entries makes them (target), then two back-office
  // lists whose count walks a large part of the table (printed for information).
  const shapes: [string, RecordScope, unknown, target: boolean][] = [
    ['KYC timeline', own, { where: { txnOwner: { equals: busy.vuid }, type: { in: ['KYC_SUBMISSION'] } }, limit: 100 }, true],
    ['policy timeline', own, { where: { txnOwner: { equals: busy.vuid }, type: { in: ['POLICY_PURCHASE_FLOW', 'KYC_SUBMISSION'] }, txnSetId: { in: ['FHP-GD-2027-000005', null] } }, limit: 100 }, true],
    ['bank timeline', own, { where: { performedBy: { equals: busy.vuid }, type: { in: ['BANK_DETAIL'] } } }, true],
    ['the holder’s 30th page', own, { skip: 2900, limit: 100 }, true],
    ['admin: one admin’s bank changes (48k)', { kind: 'all' }, { where: { performedBy: { equals: admin.vuid }, type: { in: ['BANK_DETAIL'] } } }, false],
    ['admin: first page of everything', { kind: 'all' }, {}, false],
  ];
  const lines = [`${name}: ${ROWS.toLocaleString('en-US')} entries of ${HOLDERS.toLocaleString('en-US')} holders (filled in ${(filled / 1000).toFixed(0)} s), best of ${RUNS}`];
  lines.push(`  ${'primary-key read of one entry (baseline)'.padEnd(40)} ${baseline.toFixed(2).padStart(8)} ms`);
  for (const [label, scope, input, target] of shapes) {
    const query = txnListInputSchema.parse(input);
    const ms = await fastest(RUNS, async () => {
      const filter = await txnListFilter(db, scope as Exclude<RecordScope, { kind: 'none' }>, query.where);
      const statements = txnListStatements(db, filter ?? undefined, query.limit, query.skip);
      await Promise.all([statements.rows, statements.count]);
    });
    const ratio = ms / baseline;
    const verdict = target ? `(target < ${TARGET_RATIO}: ${ratio < TARGET_RATIO ? 'met' : 'NOT met'})` : '(back office, no target)';
    lines.push(`  ${label.padEnd(40)} ${ms.toFixed(2).padStart(8)} ms   ratio ${ratio.toFixed(0).padStart(4)} ${verdict}`);
  }
  return lines;
}

export async function runTxnListBench(): Promise<string[]> {
  const lines = ['', 'Transaction log query (getTxnList)'];
  const pglite = await openDatabase({ kind: 'pglite' });
  lines.push(...(await measure('PGlite (in memory)', pglite).finally(() => pglite.close())));
  const postgres = await withScratchPostgres((database, label) => measure(label, database));
  lines.push(...(postgres ?? [SKIPPED_POSTGRES]));
  return lines;
}

runWhenStandalone(import.meta.url, 'transaction log', runTxnListBench);
