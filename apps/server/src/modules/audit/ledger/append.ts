import { chainEntry, type LedgerPayload } from '@fhp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerEntries, ledgerHead } from '../../../db/schema';
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
const APPEND_CHUNK = 5_000;

/**
 * Appends many entries in order under one lock of the head (the trigger engine's payouts of one
 * storm): the chain is computed in memory and written in multi-row inserts, so 100,000 entries
 * cost a few statements instead of 200,000 round trips. Each chunk's insert is sent as soon as its
 * hashes are known and the next chunk is hashed while the database writes it, so the hashing hides
 * behind the writing. Same rules as `appendLedgerEntry`: call it as the last step of the
 * transaction that made the change.
 */
export async function appendLedgerEntries(db: Db, entries: readonly NewLedgerEntry[], appendedAt: Date): Promise<LedgerEntryRow[]> {
  if (entries.length === 0) return [];
  return db.transaction(async (tx) => {
    const [head] = await tx.select().from(ledgerHead).where(eq(ledgerHead.id, HEAD_ID)).for('update');
    if (!head) throw new Error('The ledger head row is missing: run the migrations');
    let previous = head.lastSequence === 0 ? null : { sequence: head.lastSequence, hash: head.lastHash };
    const rows: LedgerEntryRow[] = [];
    // One insert in flight at a time while the next chunk is hashed (a connection runs one
    // statement at a time; queueing more on it is not supported by the driver).
    let inFlight: Promise<unknown> | undefined;
    for (let start = 0; start < entries.length; start += APPEND_CHUNK) {
      const chunk: Record<string, string | number>[] = [];
      for (const { at, ...rest } of entries.slice(start, start + APPEND_CHUNK)) {
        const payload: LedgerPayload = { ...rest, timestamp: at.toISOString() };
        const next = chainEntry(sha256Hex, previous, payload);
        rows.push({ ...next, kind: payload.kind, txnId: payload.txnId, createdAt: appendedAt });
        chunk.push({ sequence: next.sequence, hash: next.hash, prev_hash: next.prevHash, payload_hash: next.payloadHash, payload: next.payload, kind: payload.kind, txn_id: payload.txnId });
        previous = { sequence: next.sequence, hash: next.hash };
      }
      const json = JSON.stringify(chunk);
      await inFlight;
      // The chunk travels as one JSON parameter (jsonb_to_recordset): one parameter instead of
      // thousands of bound values. then() sends it now (drizzle's queries are lazy); it is awaited
      // after the next chunk is hashed, and marked handled meanwhile so a failure is not reported
      // as unhandled before that await throws it.
      const write = tx.execute(sql`
        INSERT INTO ledger_entries (sequence, hash, prev_hash, payload_hash, payload, kind, txn_id, created_at)
        SELECT u.sequence, u.hash, u.prev_hash, u.payload_hash, u.payload, u.kind, u.txn_id, ${appendedAt}
        FROM jsonb_to_recordset(${json}::jsonb)
             AS u(sequence int, hash text, prev_hash text, payload_hash text, payload text, kind text, txn_id text)`);
      inFlight = write.then(() => undefined);
      inFlight.catch(() => undefined);
      // Let the statement leave before the next chunk's hashing takes the thread.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await inFlight;
    await tx.update(ledgerHead).set({ lastSequence: previous!.sequence, lastHash: previous!.hash }).where(eq(ledgerHead.id, HEAD_ID));
    return rows;
  });
}
