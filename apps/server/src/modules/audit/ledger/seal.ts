import { BLOCK_MAX_ENTRIES, GENESIS_HASH, LedgerSealError, pendingBlockRanges, sealBlock, type BlockLink } from '@fhp/domain';
import { Cron } from 'croner';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { ledgerBlocks, ledgerEntries, ledgerHead } from '../../../db/schema';
import { HEAD_ID } from './append';
import { sha256Hex } from './hash';

export type LedgerBlockRow = typeof ledgerBlocks.$inferSelect;

/**
 * Seals every entry appended since the last block, in blocks of at most `maxEntries` (decision
 * 015). Runs under the ledger head's row lock, the same lock appends take: two sealers (two
 * instances) queue up, and the second finds nothing left to seal, so blocks never fork. The unique
 * columns of `ledger_blocks` would refuse a second version of a block all the same.
 *
 * Entries that do not chain onto the last sealed one (a tampered ledger) are not sealed:
 * `LedgerSealError` says which entry and why, and nothing is written.
 */
export async function sealPendingBlocks(db: Db, sealedAt: Date, maxEntries = BLOCK_MAX_ENTRIES): Promise<LedgerBlockRow[]> {
  // A cheap look first: most runs find nothing to do and need not wait for the lock.
  const [peek] = await db.select().from(ledgerHead).where(eq(ledgerHead.id, HEAD_ID));
  if (!peek || peek.sealedSequence >= peek.lastSequence) return [];

  return db.transaction(async (tx) => {
    const [head] = await tx.select().from(ledgerHead).where(eq(ledgerHead.id, HEAD_ID)).for('update');
    if (!head) throw new Error('The ledger head row is missing: run the migrations');
    let previous: BlockLink | null = head.lastBlockNumber === 0 ? null : { number: head.lastBlockNumber, lastSequence: head.sealedSequence, hash: head.lastBlockHash };
    let previousEntryHash = GENESIS_HASH;
    if (head.sealedSequence > 0) {
      const [sealed] = await tx.select({ hash: ledgerEntries.hash }).from(ledgerEntries).where(eq(ledgerEntries.sequence, head.sealedSequence));
      if (!sealed) throw new LedgerSealError(head.sealedSequence, 'the last sealed entry is missing');
      previousEntryHash = sealed.hash;
    }

    const sealed: LedgerBlockRow[] = [];
    for (const { first, last } of pendingBlockRanges(head.sealedSequence, head.lastSequence, maxEntries)) {
      const entries = await tx
        .select({ sequence: ledgerEntries.sequence, prevHash: ledgerEntries.prevHash, hash: ledgerEntries.hash })
        .from(ledgerEntries)
        .where(and(gte(ledgerEntries.sequence, first), lte(ledgerEntries.sequence, last)))
        .orderBy(asc(ledgerEntries.sequence));
      // A row cut off the end of the range: sealBlock sees the others, so name the gap here.
      if (entries.length < last - first + 1 && entries.every((entry, i) => entry.sequence === first + i)) {
        throw new LedgerSealError(first + entries.length, 'it is missing or out of order');
      }
      const block = sealBlock(sha256Hex, previous, previousEntryHash, entries);
      const [row] = await tx.insert(ledgerBlocks).values({ ...block, sealedAt }).returning();
      if (!row) throw new Error('The ledger block was not stored');
      sealed.push(row);
      previous = block;
      previousEntryHash = entries.at(-1)!.hash;
    }
    const lastBlock = sealed.at(-1);
    // Another instance sealed everything between our look and the lock.
    if (!lastBlock) return sealed;
    await tx
      .update(ledgerHead)
      .set({ sealedSequence: lastBlock.lastSequence, lastBlockNumber: lastBlock.number, lastBlockHash: lastBlock.hash })
      .where(eq(ledgerHead.id, HEAD_ID));
    return sealed;
  });
}

/**
 * Runs `seal` (sealPendingBlocks, then the checkpoints and the blocks' verification) every `intervalSeconds` (and never two runs at once in this process);
 * `stop()` on app close. A ledger that no longer chains is logged (entry and reason, nothing
 * personal) and left unsealed until someone looks: `npm run ledger:verify` says where it breaks.
 */
export function startLedgerSealing(seal: () => Promise<LedgerBlockRow[]>, log: FastifyBaseLogger, intervalSeconds: number): { stop(): void } {
  const job = new Cron('* * * * * *', { protect: true, interval: intervalSeconds }, async () => {
    try {
      const blocks = await seal();
      if (blocks.length > 0) log.debug({ blocks: blocks.map((b) => b.number), sealedSequence: blocks.at(-1)!.lastSequence }, 'sealed ledger blocks');
    } catch (error) {
      if (error instanceof LedgerSealError) log.error({ sequence: error.sequence, reason: error.reason }, 'the ledger does not chain: pending entries were not sealed');
      else log.error({ err: error }, 'ledger sealing failed');
    }
  });
  return { stop: () => job.stop() };
}
