import { chainEntry, GENESIS_HASH, LEDGER_ACCOUNTS, parseLedgerPayload } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { ledgerBlocks, ledgerEntries, ledgerHead } from '../src/db/schema';
import { openDatabase, type Database } from '../src/db/client';
import { appendLedgerEntry, ledgerAccountOf, sha256Hex, type LedgerEntryRow, type NewLedgerEntry } from '../src/modules/audit/ledger';

export const LEDGER_TEST_AT = new Date('2027-03-01T12:00:00Z');
const TEST_KEY = 'test-key-0123456789abcdef0123456789ab';

/** A premium payment of EC$100 + n cents by a pseudonymous holder, as the payments module writes it. */
export function paymentEntry(n: number, userId = 'user-1'): NewLedgerEntry {
  return {
    kind: 'PAYMENT_RECORDED',
    txnId: `payment-${n}`,
    from: ledgerAccountOf(TEST_KEY, userId),
    to: LEDGER_ACCOUNTS.premiums,
    valueCents: 10_000 + n,
    data: { policyNumber: 'FHP-GD-2027-000001', instalment: n },
    at: LEDGER_TEST_AT,
  };
}

/** Appends payments `from`..`to` (inclusive), each in its own transaction. */
export async function appendPayments(db: Db, from: number, to: number): Promise<LedgerEntryRow[]> {
  const rows: LedgerEntryRow[] = [];
  for (let n = from; n <= to; n++) rows.push(await appendLedgerEntry(db, paymentEntry(n), LEDGER_TEST_AT));
  return rows;
}

/**
 * The ways the tests tamper with a stored ledger, in raw SQL as someone with database access would:
 * - alter: change an amount inside an entry's payload;
 * - delete: remove an entry;
 * - reorder: swap the sequence numbers of an entry and the next one;
 * - blockRoot: replace block 1's Merkle root.
 */
export const TAMPERINGS = {
  alter: (sequence: number) => [sql`update ledger_entries set payload = replace(payload, '"valueCents":', '"valueCents":9') where sequence = ${sequence}`],
  delete: (sequence: number) => [sql`delete from ledger_entries where sequence = ${sequence}`],
  // Through -1: the sequence is the primary key, checked row by row.
  reorder: (sequence: number) => [
    sql`update ledger_entries set sequence = -1 where sequence = ${sequence}`,
    sql`update ledger_entries set sequence = ${sequence} where sequence = ${sequence + 1}`,
    sql`update ledger_entries set sequence = ${sequence + 1} where sequence = -1`,
  ],
  blockRoot: () => [sql`update ledger_blocks set merkle_root = repeat('ab', 32) where number = 1`],
} as const;
export type Tampering = keyof typeof TAMPERINGS;

export async function tamper(db: Db, how: Tampering, sequence: number): Promise<void> {
  for (const statement of TAMPERINGS[how](sequence)) await db.execute(statement);
}

/** A second pool on the same PostgreSQL database: another app instance, as far as the ledger can tell. */
export async function secondPool(database: Database): Promise<Database> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  return openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
}

/** The stored ledger as it is, to put back after a test tampered with it. */
export async function snapshotLedger(db: Db) {
  return {
    entries: await db.select().from(ledgerEntries),
    blocks: await db.select().from(ledgerBlocks),
    head: (await db.select().from(ledgerHead))[0]!,
  };
}

export async function restoreLedger(db: Db, snapshot: Awaited<ReturnType<typeof snapshotLedger>>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(ledgerEntries);
    await tx.delete(ledgerBlocks);
    if (snapshot.entries.length > 0) await tx.insert(ledgerEntries).values(snapshot.entries);
    if (snapshot.blocks.length > 0) await tx.insert(ledgerBlocks).values(snapshot.blocks);
    await tx.update(ledgerHead).set(snapshot.head);
  });
}

/**
 * Rewrites the ledger from entry `from` on as someone with database access and no signing key
 * would: the entry at `from` is dropped when `drop` is set (else its payload's valueCents is
 * raised by `raiseCents`), every later entry is re-hashed onto the new chain, the blocks from
 * there on are dropped and the head is moved. The chain then verifies by itself; only the rows
 * (reconciliation) or a mirrored checkpoint can tell.
 */
export async function rewriteLedgerTail(db: Db, from: number, change: { drop: true } | { raiseCents: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(ledgerEntries).where(sql`${ledgerEntries.sequence} >= ${from}`).orderBy(ledgerEntries.sequence);
    const [previous] = from === 1 ? [] : await tx.select().from(ledgerEntries).where(sql`${ledgerEntries.sequence} = ${from - 1}`);
    const payloads = rows.map((row) => parseLedgerPayload(row.payload));
    if ('drop' in change) payloads.shift();
    else payloads[0] = { ...payloads[0]!, valueCents: (payloads[0]!.valueCents ?? 0) + change.raiseCents };
    await tx.execute(sql`delete from ledger_entries where sequence >= ${from}`);
    let last: Pick<LedgerEntryRow, 'sequence' | 'hash'> | null = previous ?? null;
    for (const payload of payloads) {
      const entry = chainEntry(sha256Hex, last, payload);
      await tx.insert(ledgerEntries).values({ ...entry, kind: payload.kind, txnId: payload.txnId, createdAt: LEDGER_TEST_AT });
      last = entry;
    }
    const [kept] = await tx.select().from(ledgerBlocks).where(sql`${ledgerBlocks.lastSequence} < ${from}`).orderBy(sql`${ledgerBlocks.number} desc`).limit(1);
    await tx.execute(sql`delete from ledger_blocks where last_sequence >= ${from}`);
    await tx
      .update(ledgerHead)
      .set({
        lastSequence: last?.sequence ?? 0,
        lastHash: last?.hash ?? GENESIS_HASH,
        sealedSequence: kept?.lastSequence ?? 0,
        lastBlockNumber: kept?.number ?? 0,
        lastBlockHash: kept?.hash ?? GENESIS_HASH,
      })
      .where(sql`${ledgerHead.id} = 1`);
  });
}
