import { blockHashInput, merkleProof, merkleRoot, parseLedgerPayload, type JsonValue, type LedgerPayload, type LedgerTxnStatus, type MerkleProof } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { storms } from '../../../db/schema';
import type { LedgerEntryRow } from './append';
import { sha256Hex } from './hash';
import { findBlockHolding, findEntryByHash, findEntryHashes } from './repository';
import type { LedgerBlockRow } from './seal';
import type { StoredLedgerBreak, StoredLedgerVerdict } from './verify';

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

/**
 * One entry by its hash, or null when no entry has it. `verifyLedger` is the whole-ledger check
 * (shared between concurrent callers, see verification.ts): the entry is verified when the first
 * break, if any, lies after it, and its own block holds together.
 */
export async function describeLedgerTxn(db: Db, hash: string, verifyLedger: () => Promise<StoredLedgerVerdict>): Promise<LedgerTxnView | null> {
  const entry = await findEntryByHash(db, hash);
  if (!entry) return null;
  const [block, verdict] = await Promise.all([findBlockHolding(db, entry.sequence), verifyLedger()]);

  let proof: MerkleProof | null = null;
  let ownBlockProblem: string | null = null;
  if (block) {
    const leaves = await findEntryHashes(db, block.firstSequence, block.lastSequence);
    ownBlockProblem = blockProblem(block, leaves);
    const index = entry.sequence - block.firstSequence;
    if (leaves[index] === entry.hash) proof = merkleProof(sha256Hex, leaves, index);
  }

  let verification: EntryVerification = { verified: true, checkedEntries: entry.sequence };
  if (!verdict.ok && verdict.brokenAt.sequence <= entry.sequence) {
    verification = { verified: false, checkedEntries: verdict.checked, brokenAt: verdict.brokenAt };
  } else if (block && ownBlockProblem) {
    verification = { verified: false, checkedEntries: entry.sequence, brokenAt: { sequence: block.firstSequence, block: block.number, reason: ownBlockProblem } };
  }

  const payload = readPayload(entry.payload);
  return {
    entry,
    payload,
    stormName: await stormNameOf(db, payloadData(payload)),
    status: block ? 'CONFIRMED' : 'PENDING',
    block: block ?? null,
    proof,
    verification,
  };
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
