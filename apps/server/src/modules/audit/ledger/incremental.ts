import { createBlockVerifier, createChainVerifier, type LedgerBlock } from '@fhp/domain';
import { and, asc, desc, eq, gt, gte, isNotNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerBlocks, ledgerCheckpoints, ledgerEntries } from '../../../db/schema';
import { checkpointSignatureValid } from './checkpoints';
import { sha256Hex } from './hash';
import { verifyStoredLedger, type StoredLedgerBreak } from './verify';

/**
 * Incremental verification (issue 19 item 18, decision 138). A sealed block is verified once, in
 * order after the last verified one (its entries by the chain rules from the entry before it, its
 * link, Merkle root and hash), and remembered in `verified_at`; the explorer then checks only an
 * entry's own hashes, its path to its block's root, the block's hash and its signed checkpoint.
 * The daily re-check (`recheckLedger`) verifies the whole ledger again and moves `verified_at`: a
 * tampering inside a verified block shows on the tampered entry's own page at once, on the others
 * after the next re-check.
 */

export type BlocksVerdict = { ok: true; verifiedThrough: number } | { ok: false; verifiedThrough: number; brokenAt: StoredLedgerBreak };

/** Blocks read per statement while verifying. */
const BLOCK_BATCH = 20;

/**
 * Verifies the sealed blocks after the last verified one, up to block `upTo` (default: every one),
 * and marks each good one verified at `at`. Stops at the first bad block: that one and everything
 * after stay unverified and the answer says where and why. Verified blocks form a prefix (block 1
 * up to some block), which is what lets it start after the last one.
 */
export async function verifyNewBlocks(db: Db, at: Date, upTo = 2_147_483_647): Promise<BlocksVerdict> {
  const [last] = await db.select().from(ledgerBlocks).where(isNotNull(ledgerBlocks.verifiedAt)).orderBy(desc(ledgerBlocks.number)).limit(1);
  let previousBlock: LedgerBlock | null = last ?? null;
  let previousEntry: { sequence: number; hash: string } | null = null;
  if (last) {
    const [entry] = await db.select({ sequence: ledgerEntries.sequence, hash: ledgerEntries.hash }).from(ledgerEntries).where(eq(ledgerEntries.sequence, last.lastSequence));
    if (!entry) return { ok: false, verifiedThrough: last.number - 1, brokenAt: { sequence: last.lastSequence, reason: `entry ${last.lastSequence} is missing` } };
    previousEntry = entry;
  }
  const chain = createChainVerifier(sha256Hex, previousEntry);
  const blocks = createBlockVerifier(sha256Hex, previousBlock);
  let verifiedThrough = last?.number ?? 0;
  for (;;) {
    const batch = await db
      .select()
      .from(ledgerBlocks)
      .where(and(gt(ledgerBlocks.number, verifiedThrough), lte(ledgerBlocks.number, upTo)))
      .orderBy(asc(ledgerBlocks.number))
      .limit(BLOCK_BATCH);
    if (batch.length === 0) return { ok: true, verifiedThrough };
    const good: number[] = [];
    let brokenAt: StoredLedgerBreak | null = null;
    for (const block of batch) {
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(and(gte(ledgerEntries.sequence, block.firstSequence), lte(ledgerEntries.sequence, block.lastSequence)))
        .orderBy(asc(ledgerEntries.sequence));
      const leaves: string[] = [];
      for (const row of entries) {
        const failure = chain.next(row);
        if (failure) {
          brokenAt = failure;
          break;
        }
        const payload = chain.lastPayload as { kind?: unknown; txnId?: unknown } | null;
        if (payload?.kind !== row.kind || payload?.txnId !== row.txnId) {
          brokenAt = { sequence: row.sequence, reason: 'its kind or transaction id differs from its payload' };
          break;
        }
        leaves.push(row.hash);
      }
      if (!brokenAt) {
        const failure = blocks.next(block, leaves);
        if (failure) brokenAt = { sequence: (previousBlock?.lastSequence ?? 0) + 1, block: block.number, reason: failure };
      }
      if (brokenAt) break;
      good.push(block.number);
      previousBlock = block;
    }
    if (good.length > 0) {
      await db.update(ledgerBlocks).set({ verifiedAt: at }).where(and(gte(ledgerBlocks.number, good[0]!), lte(ledgerBlocks.number, good.at(-1)!)));
      verifiedThrough = good.at(-1)!;
    }
    if (brokenAt) return { ok: false, verifiedThrough, brokenAt };
    if (batch.length < BLOCK_BATCH) return { ok: true, verifiedThrough };
  }
}

/** The first block whose stored checkpoint no longer holds (another hash, or a signature the key did not make). */
export async function firstBadCheckpoint(db: Db, publicKeyPem: string): Promise<{ block: number; firstSequence: number; reason: string } | null> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ number: ledgerBlocks.number, firstSequence: ledgerBlocks.firstSequence, hash: ledgerBlocks.hash, checkpoint: ledgerCheckpoints })
      .from(ledgerCheckpoints)
      .innerJoin(ledgerBlocks, eq(ledgerBlocks.number, ledgerCheckpoints.blockNumber))
      .where(gt(ledgerCheckpoints.blockNumber, after))
      .orderBy(asc(ledgerCheckpoints.blockNumber))
      .limit(1000);
    for (const { number, firstSequence, hash, checkpoint } of rows) {
      const problem = checkpointProblem(publicKeyPem, { number, hash }, checkpoint);
      if (problem) return { block: number, firstSequence, reason: problem };
    }
    if (rows.length < 1000) return null;
    after = rows.at(-1)!.number;
  }
}

/** Why a block's checkpoint does not prove it, or null when it does. */
export function checkpointProblem(
  publicKeyPem: string,
  block: { number: number; hash: string },
  checkpoint: { blockNumber: number; lastSequence: number; blockHash: string; signature: string },
): string | null {
  if (checkpoint.blockHash !== block.hash) return `block ${block.number}'s hash is not the one its checkpoint signed`;
  if (!checkpointSignatureValid(publicKeyPem, { block: checkpoint.blockNumber, lastSequence: checkpoint.lastSequence, blockHash: checkpoint.blockHash, signature: checkpoint.signature })) {
    return `block ${block.number}'s checkpoint signature is not the ledger key's`;
  }
  return null;
}

export interface RecheckResult {
  ok: boolean;
  /** Blocks now marked verified. */
  verified: number;
  brokenAt?: StoredLedgerBreak;
}

/**
 * The daily re-check: the whole ledger from the genesis entry, then every checkpoint. Blocks before
 * the first break are (re)marked verified at `at`; the broken one and every block after lose
 * their mark, so the explorer verifies them again, finds the break and says so.
 */
export async function recheckLedger(db: Db, at: Date, publicKeyPem: string): Promise<RecheckResult> {
  const verdict = await verifyStoredLedger(db);
  let brokenAt: StoredLedgerBreak | undefined = verdict.ok ? undefined : verdict.brokenAt;
  const checkpoint = await firstBadCheckpoint(db, publicKeyPem);
  if (checkpoint && (!brokenAt || checkpoint.firstSequence < brokenAt.sequence)) brokenAt = { sequence: checkpoint.firstSequence, block: checkpoint.block, reason: checkpoint.reason };
  return db.transaction(async (tx) => {
    if (brokenAt) {
      await tx.update(ledgerBlocks).set({ verifiedAt: null }).where(gte(ledgerBlocks.lastSequence, brokenAt.sequence));
      const marked = await tx.update(ledgerBlocks).set({ verifiedAt: at }).where(lt(ledgerBlocks.lastSequence, brokenAt.sequence)).returning({ number: ledgerBlocks.number });
      return { ok: false, verified: marked.length, brokenAt };
    }
    const marked = await tx.update(ledgerBlocks).set({ verifiedAt: at }).returning({ number: ledgerBlocks.number });
    return { ok: true, verified: marked.length };
  });
}
