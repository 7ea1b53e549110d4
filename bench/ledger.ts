/**
 * The proof ledger's part of `npm run bench` (issue 19): on a ledger that proves real rows
 * (per policy: its payment, its issue, a storm's payout and its wire; 4 entries each, the rows in
 * `policies`, `payments` and `payouts`), in the same run on the same database:
 *
 * 1. Verifying 100,000 entries (BENCH_LEDGER_ENTRIES) the way `ledger:verify` does, chain and blocks
 *    and then reconciliation against the rows, beside the baseline of reading the same entries and
 *    hashing each payload once (target: under 3x), and the chain alone for comparison.
 * 2. An explorer page view (describeLedgerTxn: the entry, its block verified once, its Merkle path,
 *    its checkpoint) with 10% of the entries stored, then with all of them (target: flat, the
 *    larger within 1.5x of the smaller), beside what main did on every view: the whole ledger.
 *
 * On PGlite in memory always; on PostgreSQL too when TEST_DATABASE_URL (or DATABASE_URL) names a
 * server, in a scratch database of its own (never the named database itself). Ratios only: the
 * machine is shared, so nothing here is a timed test.
 */
import { performance } from 'node:perf_hooks';
import {
  BLOCK_MAX_ENTRIES,
  chainEntry,
  formatReceiptNumber,
  GENESIS_HASH,
  LEDGER_ACCOUNTS,
  payoutCreatedRecord,
  payoutStepRecord,
  paymentRecord,
  policyIssuedRecord,
  sealBlock,
  type LedgerBlock,
  type LedgerEntry,
  type LedgerPayload,
} from '@fhp/domain';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { DEVELOPMENT_LEDGER_CHECKPOINT_PRIVATE_KEY } from '../apps/server/src/config';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { ledgerBlocks, ledgerEntries, ledgerHead } from '../apps/server/src/db/schema';
import {
  createCheckpointSigner,
  LedgerIndex,
  ledgerAccountOf,
  reconcileLedger,
  sha256Hex,
  signUnsignedBlocks,
  verifyNewBlocks,
  verifyStoredLedger,
} from '../apps/server/src/modules/audit/ledger';
import { describeLedgerTxn, type ExplorerDeps } from '../apps/server/src/modules/audit/ledger/explorer';
import { SKIPPED_POSTGRES, withScratchPostgres } from './scratch-postgres';
import { runWhenStandalone } from './standalone';

const ENTRIES = Math.max(40, Math.floor(Number(process.env.BENCH_LEDGER_ENTRIES ?? 100_000) / 40) * 40);
const ENTRIES_PER_POLICY = 4;
const TARGET_RATIO = 3;
const TARGET_VIEW_RATIO = 1.5;
/** Best of this many runs of each: the machine is shared, the best run is the least disturbed. */
const RUNS = Number(process.env.BENCH_LEDGER_RUNS ?? 5);
/** Page views per measurement, over entries spread across the ledger. */
const VIEWS = 50;
const BATCH = 2000;
const HOLDERS = 500;
const KEY = 'bench-only-ledger-key-not-a-secret-0123456789';
const AT = new Date(Date.UTC(2027, 5, 1));

/** Reference rows the policies point at: a role, a season, the holders. */
export async function prepareReference(db: Db): Promise<void> {
  await db.execute(sql`insert into roles (name) values ('purchaser') on conflict do nothing`);
  await db.execute(sql`insert into seasons (year, cover_start, cover_end, payment_deadline, purchase_window_open, next_season_year)
    values (2027, '2027-06-01', '2028-05-31', '2027-05-31', true, 2028) on conflict do nothing`);
  await db.execute(sql`insert into users (vuid, email, role_id, first_name, last_name, status)
    select 'L' || n, 'ledger-holder' || n || '@example.com', (select id from roles where name = 'purchaser'), 'Holder', 'Number ' || n, 'ACC_CREATED'
    from generate_series(1, ${HOLDERS}::int) as n`);
}

interface Rows<T> {
  rows: T[];
}

/**
 * Policies `from`..`to` (numbers), each with a payment and a paid payout, and the ledger entries
 * the app would have appended for them, built by the same record builders, chained after `previous`.
 */
export async function fillPolicies(db: Db, from: number, to: number, previous: LedgerEntry | null): Promise<LedgerEntry[]> {
  await db.execute(sql`
    insert into policies (policy_number, owner_id, type, status, country, option_id, coverage_cents, premium_cents, season_year,
      payment_plan, payment_channel, politically_exposed, charged, use_of_proceeds, terms_of_use, idempotency_key, purchased_at, created_at,
      paid_cents, paid_out_cents, issued_at)
    select 'FHP-GD-2027-' || lpad(n::text, 6, '0'), (select id from users where vuid = 'L' || (1 + n % ${HOLDERS})), 'ACTUAL', 'PAYOUT_CONFIRMATION',
      'gd', '3', 2500000, 196000 + n % 1000, 2027, 'FULL', 'CREDIT_UNION', false, '{}'::jsonb, '[]'::jsonb, '[]'::jsonb, gen_random_uuid(),
      ${AT}, ${AT}, 196000 + n % 1000, 1250000, ${AT}
    from generate_series(${from}::int, ${to}::int) as n`);
  await db.execute(sql`
    insert into payments (policy_id, amount_cents, channel, reference, reference_key, paid_on, outstanding_after_cents, recorded_by, recorded_at)
    select p.id, p.premium_cents, 'CREDIT_UNION', 'REF-' || p.policy_number, 'ref' || p.policy_number, '2027-05-01', 0, p.owner_id, ${AT}
    from policies p where p.policy_number between ${policyNumber(from)} and ${policyNumber(to)}`);
  await db.execute(sql`
    insert into payouts (policy_id, storm_ref, percent, contract_percent, amount_cents, status, created_at, paid_at)
    select p.id, 'AL012027', 50, 50, 1250000, 'PAID', ${AT}, ${AT}
    from policies p where p.policy_number between ${policyNumber(from)} and ${policyNumber(to)}`);
  const rows = (await db.execute(sql`
    select p.policy_number, p.owner_id, p.premium_cents, pa.id::text as payment_id, pa.sequence, po.id::text as payout_id
    from policies p join payments pa on pa.policy_id = p.id join payouts po on po.policy_id = p.id
    where p.policy_number between ${policyNumber(from)} and ${policyNumber(to)} order by p.policy_number`)) as unknown as Rows<{
    policy_number: string;
    owner_id: string;
    premium_cents: number;
    payment_id: string;
    sequence: number;
    payout_id: string;
  }>;
  const entries: LedgerEntry[] = [];
  let last = previous;
  const push = (payload: LedgerPayload) => {
    last = chainEntry(sha256Hex, last, payload);
    entries.push(last);
  };
  const timestamp = AT.toISOString();
  for (const row of rows.rows) {
    const holder = ledgerAccountOf(KEY, row.owner_id);
    const policyNumber = row.policy_number;
    const payment = paymentRecord({ paymentId: row.payment_id, policyNumber, amountCents: row.premium_cents, receiptNumber: formatReceiptNumber(row.sequence), channel: 'CREDIT_UNION', paidOn: '2027-05-01' });
    push({ ...payment, from: holder, to: LEDGER_ACCOUNTS.premiums, timestamp, data: { ...payment.data, from: 'PAYMENT_PENDING', to: 'ISSUED' } });
    const issued = policyIssuedRecord({ policyNumber, coverageCents: 2_500_000, country: 'gd', optionId: '3', seasonYear: 2027 });
    push({ ...issued, from: LEDGER_ACCOUNTS.cover, to: holder, timestamp, data: { ...issued.data, premiumPaidCents: row.premium_cents } });
    const payout = { payoutId: row.payout_id, policyNumber, amountCents: 1_250_000 };
    push({ ...payoutCreatedRecord({ ...payout, stormRef: 'AL012027', percent: 50, contractPercent: 50 }), from: LEDGER_ACCOUNTS.payouts, to: holder, timestamp });
    const paid = payoutStepRecord('PAYOUT_PAID', payout);
    push({ ...paid, from: LEDGER_ACCOUNTS.payouts, to: holder, timestamp, data: { ...paid.data, from: 'PAYOUT_INTIMATION', to: 'PAYOUT_CONFIRMATION', percent: 50 } });
  }
  return entries;
}

const policyNumber = (n: number) => `FHP-GD-2027-${String(n).padStart(6, '0')}`;

/** Stores entries and seals them into blocks after `lastBlock`, moving the head. */
export async function store(db: Db, entries: readonly LedgerEntry[], lastBlock: LedgerBlock | null, previousEntryHash: string): Promise<LedgerBlock | null> {
  for (let i = 0; i < entries.length; i += 2000) {
    const rows = entries.slice(i, i + 2000).map((e) => {
      const { kind, txnId } = JSON.parse(e.payload) as LedgerPayload;
      return { sequence: e.sequence, hash: e.hash, prev_hash: e.prevHash, payload_hash: e.payloadHash, payload: e.payload, kind, txn_id: txnId };
    });
    await db.execute(sql`
      insert into ledger_entries (sequence, hash, prev_hash, payload_hash, payload, kind, txn_id, created_at)
      select u.sequence, u.hash, u.prev_hash, u.payload_hash, u.payload, u.kind, u.txn_id, ${AT}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as u(sequence int, hash text, prev_hash text, payload_hash text, payload text, kind text, txn_id text)`);
  }
  let block = lastBlock;
  let previousHash = previousEntryHash;
  const blocks: LedgerBlock[] = [];
  for (let first = 0; first < entries.length; first += BLOCK_MAX_ENTRIES) {
    const slice = entries.slice(first, first + BLOCK_MAX_ENTRIES);
    block = sealBlock(sha256Hex, block, previousHash, slice);
    blocks.push(block);
    previousHash = slice.at(-1)!.hash;
  }
  await db.insert(ledgerBlocks).values(blocks.map((b) => ({ ...b, sealedAt: AT })));
  const last = entries.at(-1)!;
  await db
    .update(ledgerHead)
    .set({ lastSequence: last.sequence, lastHash: last.hash, sealedSequence: block!.lastSequence, lastBlockNumber: block!.number, lastBlockHash: block!.hash })
    .where(eq(ledgerHead.id, 1));
  return block;
}

/** The baseline: read the same rows in the same batches and hash each payload once, nothing else. */
async function hashPayloads(db: Db): Promise<number> {
  let hashed = 0;
  for (let after = 0; ; ) {
    const rows = await db.select().from(ledgerEntries).where(gt(ledgerEntries.sequence, after)).orderBy(asc(ledgerEntries.sequence)).limit(BATCH);
    for (const row of rows) if (sha256Hex(row.payload).length === 64) hashed += 1;
    if (rows.length < BATCH) return hashed;
    after = rows.at(-1)!.sequence;
  }
}

/** What ledger:verify runs: the chain and blocks, then the rows against the entries. */
async function verifyAndReconcile(db: Db) {
  const index = new LedgerIndex();
  const verdict = await verifyStoredLedger(db, { observe: index.observe });
  const reconciled = await reconcileLedger(db, index);
  return { verdict, reconciled };
}

/** Best of RUNS runs of each, taken in turn so that drift on a shared machine hits them all alike. */
async function bestOfEach<T extends (() => Promise<unknown>)[]>(...runs: T): Promise<{ [K in keyof T]: number }> {
  const fastest = runs.map(() => Infinity);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, run] of runs.entries()) {
      const start = performance.now();
      await run();
      fastest[k] = Math.min(fastest[k]!, performance.now() - start);
    }
  }
  return fastest as { [K in keyof T]: number };
}

/** VIEWS page views of sealed entries spread over the ledger, as the explorer serves them. */
async function pageViews(db: Db, deps: ExplorerDeps, hashes: readonly string[]): Promise<void> {
  for (const hash of hashes) {
    const view = await describeLedgerTxn(db, hash, deps);
    if (!view?.verification.verified || !view.checkpoint) throw new Error(`entry ${hash} did not verify: ${JSON.stringify(view?.verification)}`);
  }
}

async function spreadHashes(db: Db, last: number): Promise<string[]> {
  const hashes: string[] = [];
  for (let i = 0; i < VIEWS; i++) {
    const sequence = 1 + Math.floor(((i + 0.5) * last) / VIEWS);
    const [row] = await db.select({ hash: ledgerEntries.hash }).from(ledgerEntries).where(eq(ledgerEntries.sequence, sequence));
    hashes.push(row!.hash);
  }
  return hashes;
}

export interface LedgerBenchResult {
  lines: string[];
  failures: number;
}

async function measure(name: string, database: Database): Promise<LedgerBenchResult> {
  const db = database.db;
  await database.prepare();
  await prepareReference(db);
  const signer = createCheckpointSigner(DEVELOPMENT_LEDGER_CHECKPOINT_PRIVATE_KEY);
  const deps: ExplorerDeps = { checkpointPublicKeyPem: signer.publicKeyPem, verifyBlocks: (upTo) => verifyNewBlocks(db, AT, upTo) };
  const row = (what: string, ms: number, extra = '') => `  ${what.padEnd(52)} ${ms.toFixed(ms < 10 ? 2 : 0).padStart(8)} ms${extra}`;
  const lines: string[] = [];

  // The ledger at 10% of its size: fill, seal, sign, verify the blocks once; then time page views.
  const policiesTotal = ENTRIES / ENTRIES_PER_POLICY;
  const small = policiesTotal / 10;
  const start = performance.now();
  const first = await fillPolicies(db, 1, small, null);
  let lastBlock = await store(db, first, null, GENESIS_HASH);
  await signUnsignedBlocks(db, signer, AT);
  await verifyNewBlocks(db, AT);
  const smallHashes = await spreadHashes(db, first.length);
  const [smallView, smallWhole] = await bestOfEach(
    () => pageViews(db, deps, smallHashes),
    () => verifyStoredLedger(db),
  );

  // Grown to the full size.
  const rest = await fillPolicies(db, small + 1, policiesTotal, first.at(-1)!);
  lastBlock = await store(db, rest, lastBlock, first.at(-1)!.hash);
  await signUnsignedBlocks(db, signer, AT);
  await verifyNewBlocks(db, AT);
  const filledS = (performance.now() - start) / 1000;
  const total = first.length + rest.length;
  const largeHashes = await spreadHashes(db, total);

  const check = await verifyAndReconcile(db);
  if (!check.verdict.ok || check.verdict.checked !== total || check.reconciled.problemCount > 0 || (await hashPayloads(db)) !== total) {
    return { lines: [`${name}: the stored ledger did not verify: ${JSON.stringify(check.verdict)} ${JSON.stringify(check.reconciled.problems.slice(0, 3))}`], failures: 1 };
  }
  const [largeView, hashMs, chainMs, reconcileMs] = await bestOfEach(
    () => pageViews(db, deps, largeHashes),
    () => hashPayloads(db),
    () => verifyStoredLedger(db),
    () => verifyAndReconcile(db),
  );
  const ratio = reconcileMs / hashMs;
  const viewRatio = largeView / smallView;
  const { policies, payments, payouts } = check.reconciled.rows;
  lines.push(
    `${name}: ${total.toLocaleString('en-US')} entries in ${lastBlock!.number} blocks proving ${policies.toLocaleString('en-US')} policies, ${payments.toLocaleString('en-US')} payments and ${payouts.toLocaleString('en-US')} payouts (filled in ${filledS.toFixed(0)} s), best of ${RUNS}`,
    row('read and hash the payloads (baseline)', hashMs),
    row('chain and blocks (verifyStoredLedger)', chainMs, `   ${(chainMs / hashMs).toFixed(2)}x baseline`),
    row('chain, blocks and reconciliation (ledger:verify)', reconcileMs, `   ${ratio.toFixed(2)}x baseline (target < ${TARGET_RATIO}: ${ratio < TARGET_RATIO ? 'met' : 'NOT met'})`),
    `  explorer page view (${VIEWS} views of entries spread over the ledger, per view):`,
    row(`  at ${first.length.toLocaleString('en-US')} entries`, smallView / VIEWS, `   (main re-verified the whole ledger per view: ${smallWhole.toFixed(0)} ms)`),
    row(`  at ${total.toLocaleString('en-US')} entries`, largeView / VIEWS, `   (main: ${chainMs.toFixed(0)} ms)`),
    `  page view ${total.toLocaleString('en-US')} / ${first.length.toLocaleString('en-US')} entries: ${viewRatio.toFixed(2)}x (target flat, < ${TARGET_VIEW_RATIO}: ${viewRatio < TARGET_VIEW_RATIO ? 'met' : 'NOT met'})`,
  );
  return { lines, failures: 0 };
}

/** Every database the ledger bench runs on, one after another. */
export async function runLedgerBench(): Promise<LedgerBenchResult> {
  const pglite = await openDatabase({ kind: 'pglite' });
  const results = [await measure('PGlite (in memory)', pglite).finally(() => pglite.close())];
  const postgres = await withScratchPostgres((database, label) => measure(label, database));
  results.push(postgres ?? { lines: [SKIPPED_POSTGRES], failures: 0 });
  return { lines: ['', 'Proof ledger: verification with reconciliation, and explorer page views', ...results.flatMap((r) => r.lines)], failures: results.reduce((n, r) => n + r.failures, 0) };
}

// `node --import tsx bench/ledger.ts` runs this part alone.
runWhenStandalone(import.meta.url, 'ledger', runLedgerBench);
