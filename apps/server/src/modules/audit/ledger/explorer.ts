import {
  blockHashInput,
  checkPublishedEntry,
  createChainVerifier,
  merkleProof,
  merkleRoot,
  parseLedgerPayload,
  type JsonValue,
  type LedgerPayload,
  type LedgerTxnStatus,
  type MerkleProof,
} from '@fhp/domain';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerEntries, ledgerHead, storms } from '../../../db/schema';
import { HEAD_ID, type LedgerEntryRow } from './append';
import { findCheckpoint, type LedgerCheckpointRow } from './checkpoints';
import { sha256Hex } from './hash';
import { checkpointProblem, type BlocksVerdict } from './incremental';
import { findBlockHolding, findEntryByHash, findEntryHashes } from './repository';
import type { LedgerBlockRow } from './seal';
import type { StoredLedgerBreak } from './verify';

/** Whether the chain from the genesis entry up to this entry (and its block) holds. */
export type EntryVerification = { verified: true; checkedEntries: number } | { verified: false; checkedEntries: number; brokenAt: StoredLedgerBreak };

/** What the explorer shows of one entry: the spec's fields plus what lets anyone check it. */
export interface LedgerTxnView {
  entry: LedgerEntryRow;
  /** The hashed payload as read back; null when it can no longer be read (a broken entry). */
  payload: LedgerPayload | null;
  /** The stored name of the storm the entry names by id (a payout's entries), for the page to write it by name; null otherwise. */
  stormName: string | null;
  status: LedgerTxnStatus;
  block: LedgerBlockRow | null;
  proof: MerkleProof | null;
  /** The signed checkpoint of the entry's block: what proves it to anyone holding a mirror. */
  checkpoint: LedgerCheckpointRow | null;
  verification: EntryVerification;
}

function readPayload(text: string): LedgerPayload | null {
  try {
    const payload = parseLedgerPayload(text) as Partial<LedgerPayload> | null;
    return payload && typeof payload === 'object' && typeof payload.from === 'string' && typeof payload.to === 'string' ? (payload as LedgerPayload) : null;
  } catch {
    return null;
  }
}

/** Why the entry's own block does not hold its stored entries, or null when it does. */
function blockProblem(block: LedgerBlockRow, leaves: string[]): string | null {
  if (leaves.length !== block.lastSequence - block.firstSequence + 1) return `block ${block.number} names entries that are missing`;
  if (merkleRoot(sha256Hex, leaves) !== block.merkleRoot) return `block ${block.number}'s Merkle root does not match its entries`;
  if (sha256Hex(blockHashInput(block)) !== block.hash) return `block ${block.number}'s hash does not match its contents`;
  return null;
}

/** What a page view needs besides the database: the key checkpoints are checked with, and the shared block verification. */
export interface ExplorerDeps {
  checkpointPublicKeyPem: string;
  /** Verifies the blocks sealed since the last verified one, up to a block (incremental.ts, shared between callers). */
  verifyBlocks(upTo?: number): Promise<BlocksVerdict>;
}

/**
 * One entry by its hash, or null when no entry has it. A page view costs the same however long the
 * ledger is (decision 138): the entry's own hashes, its block (verified once, remembered; verified
 * now if it never was), the Merkle path to the block's root, the block's hash and its signed
 * checkpoint. An entry no block holds yet is checked along the chain from the last sealed entry,
 * at most a few seconds of appends.
 */
export async function describeLedgerTxn(db: Db, hash: string, deps: ExplorerDeps): Promise<LedgerTxnView | null> {
  const entry = await findEntryByHash(db, hash);
  if (!entry) return null;
  let block = await findBlockHolding(db, entry.sequence);
  const broken = (brokenAt: StoredLedgerBreak, checkedEntries: number): EntryVerification => ({ verified: false, checkedEntries, brokenAt });

  let verification: EntryVerification = { verified: true, checkedEntries: entry.sequence };
  let proof: MerkleProof | null = null;
  let checkpoint: LedgerCheckpointRow | null = null;

  // The blocks up to this one (every sealed one, for a pending entry), verified once.
  if (!block?.verifiedAt) {
    const blocks = await deps.verifyBlocks(block?.number);
    if (!blocks.ok && blocks.brokenAt.sequence <= entry.sequence) verification = broken(blocks.brokenAt, blocks.brokenAt.sequence - 1);
    if (block) block = (await findBlockHolding(db, entry.sequence)) ?? block;
  }
  const own = checkPublishedEntry(sha256Hex, entry, null);
  if (verification.verified && !own.ok) verification = broken({ sequence: entry.sequence, reason: own.reason }, entry.sequence - 1);

  if (block) {
    const leaves = await findEntryHashes(db, block.firstSequence, block.lastSequence);
    const index = entry.sequence - block.firstSequence;
    if (leaves[index] === entry.hash) proof = merkleProof(sha256Hex, leaves, index);
    const problem = blockProblem(block, leaves);
    if (verification.verified && problem) verification = broken({ sequence: block.firstSequence, block: block.number, reason: problem }, entry.sequence);
    checkpoint = (await findCheckpoint(db, block.number)) ?? null;
    const signed = checkpoint ? checkpointProblem(deps.checkpointPublicKeyPem, block, checkpoint) : null;
    if (verification.verified && signed) verification = broken({ sequence: block.firstSequence, block: block.number, reason: signed }, entry.sequence);
  } else if (verification.verified) {
    const pending = await pendingChainProblem(db, entry.sequence);
    if (pending) verification = broken(pending, pending.sequence - 1);
  }

  const payload = readPayload(entry.payload);
  return {
    entry,
    payload,
    stormName: await stormNameOf(db, payloadData(payload)),
    status: block ? 'CONFIRMED' : 'PENDING',
    block: block ?? null,
    proof,
    checkpoint,
    verification,
  };
}

/** The chain from the last sealed entry up to `sequence` (entries no block holds yet), or null when it holds. */
async function pendingChainProblem(db: Db, sequence: number): Promise<StoredLedgerBreak | null> {
  const [head] = await db.select({ sealedSequence: ledgerHead.sealedSequence }).from(ledgerHead).where(eq(ledgerHead.id, HEAD_ID));
  const from = head?.sealedSequence ?? 0;
  const [start] = from === 0 ? [null] : await db.select({ sequence: ledgerEntries.sequence, hash: ledgerEntries.hash }).from(ledgerEntries).where(eq(ledgerEntries.sequence, from));
  if (from > 0 && !start) return { sequence: from, reason: `entry ${from} is missing` };
  const chain = createChainVerifier(sha256Hex, start ?? null);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(gt(ledgerEntries.sequence, from), lte(ledgerEntries.sequence, sequence)))
    .orderBy(asc(ledgerEntries.sequence));
  for (const row of rows) {
    const failure = chain.next(row);
    if (failure) return failure;
  }
  return (chain.last?.sequence ?? from) < sequence ? { sequence: (chain.last?.sequence ?? from) + 1, reason: 'it is missing' } : null;
}

/** The payload's `data`, for the explorer's details list (non-personal by the ledger's rules). */
/** A storm named by id only (a trigger's entry carries its own name): its stored name, when it is stored. */
async function stormNameOf(db: Db, data: { [key: string]: JsonValue } | null): Promise<string | null> {
  const id = data?.storm;
  if (typeof id !== 'string' || id === 'manual' || typeof data?.name === 'string') return null;
  const [row] = await db.select({ name: storms.name }).from(storms).where(eq(storms.id, id)).limit(1);
  return row?.name ?? null;
}

export function payloadData(payload: LedgerPayload | null): { [key: string]: JsonValue } | null {
  return payload && typeof payload.data === 'object' && payload.data !== null && !Array.isArray(payload.data) ? payload.data : null;
}
