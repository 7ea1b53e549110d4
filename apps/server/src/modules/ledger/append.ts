import { chainEntry, type LedgerPayload } from '@fhp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerHead } from '../../db/schema';
import { sha256Hex } from './hash';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** An entry to append: the payload without its timestamp, and when the business event happened. */
export type NewLedgerEntry = Omit<LedgerPayload, 'timestamp'> & { at: Date };

/** The one row of `ledger_head`. */
export const HEAD_ID = 1;

/**
 * Appends one entry after the current head. Call it with the transaction of the change it proves,
 * as its last statement: the head row stays locked until that transaction ends, so appends from
 * every instance queue up one after another (and a rolled-back change leaves no entry). Given the
 * plain database it opens a transaction of its own.
 */
export async function appendLedgerEntry(db: Db, entry: NewLedgerEntry, appendedAt: Date): Promise<LedgerEntryRow> {
  const { at, ...rest } = entry;
  const payload: LedgerPayload = { ...rest, timestamp: at.toISOString() };
  return db.transaction(async (tx) => {
    const [head] = await tx.select().from(ledgerHead).where(eq(ledgerHead.id, HEAD_ID)).for('update');
    if (!head) throw new Error('The ledger head row is missing: run the migrations');
    const previous = head.lastSequence === 0 ? null : { sequence: head.lastSequence, hash: head.lastHash };
    const next = chainEntry(sha256Hex, previous, payload);
    const [row] = await tx
      .insert(ledgerEntries)
      .values({ ...next, kind: payload.kind, txnId: payload.txnId, createdAt: appendedAt })
      .returning();
    await tx.update(ledgerHead).set({ lastSequence: next.sequence, lastHash: next.hash }).where(eq(ledgerHead.id, HEAD_ID));
    if (!row) throw new Error('The ledger entry was not stored');
    return row;
  });
}

/** Rows per INSERT (one JSON parameter each). */
const APPEND_CHUNK = 10_000;

/**
 * Appends many entries in order under one lock of the head (the trigger engine's payouts of one
 * storm): the chain is computed in memory and written in multi-row inserts, so 100,000 entries
 * cost a few statements instead of 200,000 round trips. Same rules as `appendLedgerEntry`: call it
 * as the last step of the transaction that made the change.
 */
export async function appendLedgerEntries(db: Db, entries: readonly NewLedgerEntry[], appendedAt: Date): Promise<LedgerEntryRow[]> {
  if (entries.length === 0) return [];
  return db.transaction(async (tx) => {
    const [head] = await tx.select().from(ledgerHead).where(eq(ledgerHead.id, HEAD_ID)).for('update');
    if (!head) throw new Error('The ledger head row is missing: run the migrations');
    let previous = head.lastSequence === 0 ? null : { sequence: head.lastSequence, hash: head.lastHash };
    const rows: LedgerEntryRow[] = [];
    for (const { at, ...rest } of entries) {
      const payload: LedgerPayload = { ...rest, timestamp: at.toISOString() };
      const next = chainEntry(sha256Hex, previous, payload);
      rows.push({ ...next, kind: payload.kind, txnId: payload.txnId, createdAt: appendedAt });
      previous = { sequence: next.sequence, hash: next.hash };
    }
    // The chunk travels as one JSON parameter (jsonb_to_recordset): a few statements with one
    // parameter each instead of thousands of bound values, which is where a multi-row VALUES spends its time.
    for (let start = 0; start < rows.length; start += APPEND_CHUNK) {
      const chunk = rows.slice(start, start + APPEND_CHUNK).map((row) => ({
        sequence: row.sequence,
        hash: row.hash,
        prev_hash: row.prevHash,
        payload_hash: row.payloadHash,
        payload: row.payload,
        kind: row.kind,
        txn_id: row.txnId,
      }));
      await tx.execute(sql`
        INSERT INTO ledger_entries (sequence, hash, prev_hash, payload_hash, payload, kind, txn_id, created_at)
        SELECT u.sequence, u.hash, u.prev_hash, u.payload_hash, u.payload, u.kind, u.txn_id, ${appendedAt}
        FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
             AS u(sequence int, hash text, prev_hash text, payload_hash text, payload text, kind text, txn_id text)`);
    }
    await tx.update(ledgerHead).set({ lastSequence: previous!.sequence, lastHash: previous!.hash }).where(eq(ledgerHead.id, HEAD_ID));
    return rows;
  });
}
