import { createBlockVerifier, createChainVerifier, type LedgerBlock, type LedgerPayload } from '@fhp/domain';
import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerBlocks, ledgerEntries, ledgerHead } from '../../../db/schema';
import { sha256Hex } from './hash';

/**
 * Where the stored ledger first breaks. `sequence` is the first entry that can no longer be
 * trusted: the bad entry itself, or the first entry of a bad block (with `block`, its number).
 */
export interface StoredLedgerBreak {
  sequence: number;
  reason: string;
  block?: number;
}

/** `headSequence`: the head row's sequence, how long the chain should be. */
export type StoredLedgerVerdict = { checked: number; blocksChecked: number; headSequence: number } & (
  | { ok: true }
  | { ok: false; brokenAt: StoredLedgerBreak }
);

/** Reads a table in key order, `batchSize` rows at a time. */
async function* inBatches<T>(read: (after: number) => Promise<T[]>, keyOf: (row: T) => number, batchSize: number): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    if (rows.length < batchSize) return;
    after = keyOf(rows.at(-1)!);
  }
}

/**
 * Verifies the stored ledger from the genesis entry, in batches, up to `upTo` (default: the head):
 * every entry by the domain's chain rules, that each row's `kind` and `txn_id` columns still say
 * what its hashed payload says, and every sealed block whose entries lie in that range (its range,
 * link, Merkle root over the stored entry hashes, and hash). A whole-ledger check also makes sure
 * the chain reaches the head and the blocks reach the head's last block (something cut off the
 * end leaves the head pointing past it). The first break found, in ledger order, is the answer.
 * `observe` is handed each good entry's payload, in order (reconciliation's index).
 */
export async function verifyStoredLedger(
  db: Db,
  options: { upTo?: number; batchSize?: number; observe?: (payload: LedgerPayload, sequence: number) => void } = {},
): Promise<StoredLedgerVerdict> {
  const batchSize = options.batchSize ?? 2000;
  const [head] = await db.select().from(ledgerHead).where(eq(ledgerHead.id, 1));
  const headSequence = head?.lastSequence ?? 0;
  const upTo = options.upTo ?? headSequence;
  const whole = upTo === headSequence;
  const chain = createChainVerifier(sha256Hex);
  const blockChain = createBlockVerifier(sha256Hex);
  const broken = (brokenAt: StoredLedgerBreak): StoredLedgerVerdict => ({ ok: false, checked: chain.checked, blocksChecked: blockChain.checked, headSequence, brokenAt });

  const entries = inBatches(
    (after) => db.select().from(ledgerEntries).where(gt(ledgerEntries.sequence, after)).orderBy(asc(ledgerEntries.sequence)).limit(batchSize),
    (row) => row.sequence,
    batchSize,
  );
  const blocks = inBatches<LedgerBlock>(
    (after) => db.select().from(ledgerBlocks).where(gt(ledgerBlocks.number, after)).orderBy(asc(ledgerBlocks.number)).limit(batchSize),
    (row) => row.number,
    batchSize,
  );
  // The block the entries are filling, and the hashes of its entries seen so far.
  let block = (await blocks.next()).value ?? null;
  let leaves: string[] = [];
  // A bad block breaks the ledger from the first entry after the last good block.
  const checkBlock = (current: LedgerBlock): StoredLedgerVerdict | null => {
    const failure = blockChain.next(current, leaves);
    const good = blockChain.last;
    return failure ? broken({ sequence: (good?.lastSequence ?? 0) + 1, block: (good?.number ?? 0) + 1, reason: failure }) : null;
  };

  for await (const row of entries) {
    if (row.sequence > upTo) break;
    const failure = chain.next(row);
    if (failure) return broken(failure);
    // The chain rules parsed the payload while checking its form: canonical JSON, so JSON.
    const payload = chain.lastPayload as { kind?: unknown; txnId?: unknown } | null;
    if (payload?.kind !== row.kind || payload?.txnId !== row.txnId) return broken({ sequence: row.sequence, reason: 'its kind or transaction id differs from its payload' });
    // Reconciliation (reconcile.ts) reads the payload parsed here instead of parsing it again.
    options.observe?.(payload as unknown as LedgerPayload, row.sequence);
    if (block === null) continue;
    leaves.push(row.hash);
    // A block is checked once its last entry has been; one that ends before where it should start
    // is checked at once, so that it cannot hide.
    if (row.sequence >= block.lastSequence) {
      const bad = checkBlock(block);
      if (bad) return bad;
      leaves = [];
      block = (await blocks.next()).value ?? null;
    }
  }

  const last = chain.last;
  const reached = last?.sequence ?? 0;
  if (reached < upTo) return broken({ sequence: reached + 1, reason: `entry ${reached + 1} is missing: the chain ends at ${reached} but should reach ${upTo}` });
  if (whole && head && reached > 0 && last?.hash !== head.lastHash) {
    return broken({ sequence: reached, reason: 'the last entry is not the one the ledger head names' });
  }
  if (!whole) return { ok: true, checked: chain.checked, blocksChecked: blockChain.checked, headSequence };
  // Every block must have been checked, and the last one must be the one the head names.
  if (block !== null) {
    return broken({ sequence: block.firstSequence, block: block.number, reason: `block ${block.number} names entries past the ledger's last entry` });
  }
  const lastBlock = blockChain.last;
  const lastNumber = lastBlock?.number ?? 0;
  if (head && head.lastBlockNumber > lastNumber) {
    return broken({
      sequence: (lastBlock?.lastSequence ?? 0) + 1,
      block: lastNumber + 1,
      reason: `block ${lastNumber + 1} is missing: the blocks end at ${lastNumber} but the ledger head names block ${head.lastBlockNumber}`,
    });
  }
  if (head && lastBlock && (head.lastBlockNumber < lastNumber || head.lastBlockHash !== lastBlock.hash)) {
    return broken({ sequence: lastBlock.firstSequence, block: lastNumber, reason: `block ${lastNumber} is not the last block the ledger head names` });
  }
  return { ok: true, checked: chain.checked, blocksChecked: blockChain.checked, headSequence };
}
