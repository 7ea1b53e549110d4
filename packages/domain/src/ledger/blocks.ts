import { GENESIS_HASH, type LedgerEntry, type Sha256Hex } from './chain';
import { merkleRoot } from './merkle';

/**
 * Blocks of the proof ledger: consecutive entries sealed under one Merkle root, each block linked
 * to the one before by its hash, like the entries themselves. A block's hash commits to its number,
 * its range of entries, its root and the previous block's hash, so changing, dropping or
 * reordering a block breaks every block after it.
 */

/** At most this many entries go into one block (a proof then has at most 10 steps). */
export const BLOCK_MAX_ENTRIES = 1000;

export interface LedgerBlock {
  number: number;
  firstSequence: number;
  lastSequence: number;
  merkleRoot: string;
  /** The previous block's hash; GENESIS_HASH for block 1. */
  prevBlockHash: string;
  hash: string;
}

export type BlockLink = Pick<LedgerBlock, 'number' | 'lastSequence' | 'hash'>;

export function blockHashInput(block: Omit<LedgerBlock, 'hash'>): string {
  return `block:${block.number}:${block.firstSequence}:${block.lastSequence}:${block.merkleRoot}:${block.prevBlockHash}`;
}

/** The ranges of entries to seal next, in order: everything after `sealedSequence` up to the head. */
export function pendingBlockRanges(sealedSequence: number, headSequence: number, maxEntries = BLOCK_MAX_ENTRIES): { first: number; last: number }[] {
  const ranges: { first: number; last: number }[] = [];
  for (let first = sealedSequence + 1; first <= headSequence; first += maxEntries) {
    ranges.push({ first, last: Math.min(first + maxEntries - 1, headSequence) });
  }
  return ranges;
}

export class LedgerSealError extends Error {
  override name = 'LedgerSealError';
  constructor(
    readonly sequence: number,
    readonly reason: string,
  ) {
    super(`Entry ${sequence} cannot be sealed: ${reason}`);
  }
}

/**
 * The block after `previous` (null: the first block) over `entries`, which must follow the last
 * sealed entry (whose hash is `previousEntryHash`, GENESIS_HASH before the first) without a gap and
 * each link to the one before. A ledger that does not chain is never sealed: sealing it would
 * vouch for the break.
 */
export function sealBlock(
  sha256: Sha256Hex,
  previous: BlockLink | null,
  previousEntryHash: string,
  entries: readonly Pick<LedgerEntry, 'sequence' | 'prevHash' | 'hash'>[],
): LedgerBlock {
  const firstSequence = (previous?.lastSequence ?? 0) + 1;
  if (entries.length === 0) throw new LedgerSealError(firstSequence, 'there is nothing to seal');
  let expectedSequence = firstSequence;
  let expectedPrevHash = previousEntryHash;
  for (const entry of entries) {
    if (entry.sequence !== expectedSequence) throw new LedgerSealError(expectedSequence, 'it is missing or out of order');
    if (entry.prevHash !== expectedPrevHash) throw new LedgerSealError(entry.sequence, 'its previous hash does not match the entry before it');
    expectedSequence += 1;
    expectedPrevHash = entry.hash;
  }
  const header = {
    number: (previous?.number ?? 0) + 1,
    firstSequence,
    lastSequence: expectedSequence - 1,
    merkleRoot: merkleRoot(sha256, entries.map((entry) => entry.hash)),
    prevBlockHash: previous?.hash ?? GENESIS_HASH,
  };
  return { ...header, hash: sha256(blockHashInput(header)) };
}

/**
 * Checks blocks one at a time, in order from block 1, each with the hashes of its entries as
 * stored (the caller has checked those entries with the chain rules). `next` answers null for a
 * good block, or why it is broken. `after`: start after a block already verified (the explorer
 * verifies the blocks sealed since the last one it verified, decision 138).
 */
export function createBlockVerifier(sha256: Sha256Hex, after: LedgerBlock | null = null) {
  let previous: LedgerBlock | null = after;
  let checked = 0;
  return {
    next(block: LedgerBlock, leaves: readonly string[]): string | null {
      const expectedNumber = (previous?.number ?? 0) + 1;
      if (block.number !== expectedNumber) {
        return `block ${expectedNumber} should come next, but block ${block.number} does: one is missing or out of order`;
      }
      if (block.firstSequence !== (previous?.lastSequence ?? 0) + 1 || block.lastSequence < block.firstSequence) {
        return `block ${block.number} does not start right after the block before it`;
      }
      if (block.prevBlockHash !== (previous?.hash ?? GENESIS_HASH)) return `block ${block.number}'s previous block hash does not match the block before it`;
      if (leaves.length !== block.lastSequence - block.firstSequence + 1) return `block ${block.number} names entries that are missing`;
      if (merkleRoot(sha256, leaves) !== block.merkleRoot) return `block ${block.number}'s Merkle root does not match its entries`;
      if (sha256(blockHashInput(block)) !== block.hash) return `block ${block.number}'s hash does not match its contents`;
      previous = block;
      checked += 1;
      return null;
    },
    get checked() {
      return checked;
    },
    get last() {
      return previous;
    },
  };
}
