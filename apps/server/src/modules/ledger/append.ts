import { chainEntry, type LedgerPayload } from '@fhp/domain';
import { eq } from 'drizzle-orm';
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
