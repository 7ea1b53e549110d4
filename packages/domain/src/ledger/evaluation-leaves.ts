import { canonicalJson, type JsonValue } from './canonical';
import type { LedgerPayload, Sha256Hex } from './chain';
import { merkleProof, merkleRoot, verifyMerkleProof, type MerkleProof } from './merkle';
import type { LedgerRecord } from './records';
import { stormTriggeredStatus, type PolicyStatus } from '../policy/status';

/**
 * One ledger entry per storm evaluation (product-decisions "Proof ledger", decision 174): the
 * payouts one evaluation creates are the leaves of a Merkle tree whose root that evaluation's
 * entry holds; a payout is proved by its path to that entry, then by the entry's own chain, block
 * and checkpoint.
 *
 * - A leaf is the SHA-256 of `payout-leaf:` and the canonical JSON of the payout's record (the
 *   same `payoutCreatedRecord` the reconciliation rebuilds from the row). The prefix keeps a leaf
 *   from ever reading as an entry (whose hash input starts with its sequence) or as an inner node
 *   (`merkle:`).
 * - The leaves are in payout-id order: the engine draws time-ordered ids, so anyone holding the
 *   rows rebuilds the same order without a stored position.
 * - The tree is the blocks' (merkle.ts): the same parents, the same odd node carried up.
 */

/** What an evaluation's entry says about its payouts, in its `data`. */
export interface EvaluationLeaves {
  root: string;
  leafCount: number;
  /** The first and last payout ids in leaf order: which payouts of the storm the entry holds. */
  firstPayout: string;
  lastPayout: string;
}

/** A payout's record with the id that orders it among the evaluation's leaves. */
export interface PayoutLeaf {
  payoutId: string;
  record: LedgerRecord;
}

const LEAF_PREFIX = 'payout-leaf:';

/**
 * The canonical JSON of a payout's record, written by hand for the shape `payoutCreatedRecord`
 * builds (the members in canonical order, strings escaped by JSON.stringify as canonicalJson
 * does): the generic writer took 0.8 s of Ivan's 83,334 leaves. Any other shape is written by
 * canonicalJson, which also refuses what the ledger cannot hold.
 */
export function payoutRecordText(record: LedgerRecord): string {
  const { data, kind, txnId, valueCents } = record;
  const { contractPercent, percent, policyNumber, storm } = data;
  if (
    kind === 'PAYOUT_CREATED' &&
    Object.keys(data).length === 4 &&
    Number.isSafeInteger(contractPercent) &&
    Number.isSafeInteger(percent) &&
    Number.isSafeInteger(valueCents) &&
    typeof policyNumber === 'string' &&
    typeof storm === 'string'
  ) {
    return `{"data":{"contractPercent":${contractPercent},"percent":${percent},"policyNumber":${JSON.stringify(policyNumber)},"storm":${JSON.stringify(storm)}},"kind":"PAYOUT_CREATED","txnId":${JSON.stringify(txnId)},"valueCents":${valueCents}}`;
  }
  return canonicalJson(record as unknown as JsonValue);
}

/** The leaf of a payout's record. */
export function payoutLeafHash(sha256: Sha256Hex, record: LedgerRecord): string {
  return sha256(`${LEAF_PREFIX}${payoutRecordText(record)}`);
}

/** Lower-case uuids compare as text the way PostgreSQL compares them. */
const byPayoutId = (a: PayoutLeaf, b: PayoutLeaf) => (a.payoutId < b.payoutId ? -1 : a.payoutId > b.payoutId ? 1 : 0);

/** The leaves in the order the tree holds them (payout id), whatever order they came in. */
export function orderedPayoutLeaves(leaves: readonly PayoutLeaf[]): PayoutLeaf[] {
  return [...leaves].sort(byPayoutId);
}

/** What an evaluation's entry records for these payouts; null when it created none. */
export function evaluationLeaves(sha256: Sha256Hex, payouts: readonly PayoutLeaf[]): EvaluationLeaves | null {
  if (payouts.length === 0) return null;
  const ordered = orderedPayoutLeaves(payouts);
  return {
    root: merkleRoot(
      sha256,
      ordered.map((leaf) => payoutLeafHash(sha256, leaf.record)),
    ),
    leafCount: ordered.length,
    firstPayout: ordered[0]!.payoutId,
    lastPayout: ordered.at(-1)!.payoutId,
  };
}

/** The members an evaluation's entry carries in its `data` (strings and integers, as every entry's). */
export function evaluationLeavesData(leaves: EvaluationLeaves): { [key: string]: string | number } {
  return { payoutRoot: leaves.root, payoutLeaves: leaves.leafCount, firstPayout: leaves.firstPayout, lastPayout: leaves.lastPayout };
}

/** The leaves an entry says it holds, or null when it holds none (an entry of another kind, or an older trigger). */
export function evaluationLeavesOf(payload: Pick<LedgerPayload, 'data'> | null): EvaluationLeaves | null {
  const data = payload?.data as Record<string, unknown> | undefined;
  const root = data?.payoutRoot;
  const leafCount = data?.payoutLeaves;
  const firstPayout = data?.firstPayout;
  const lastPayout = data?.lastPayout;
  if (typeof root !== 'string' || typeof leafCount !== 'number' || typeof firstPayout !== 'string' || typeof lastPayout !== 'string') return null;
  return { root, leafCount, firstPayout, lastPayout };
}

/** Whether a payout id falls among an entry's leaves (between its first and last payout). */
export function holdsPayout(leaves: EvaluationLeaves, payoutId: string): boolean {
  return leaves.firstPayout <= payoutId && payoutId <= leaves.lastPayout;
}

/** One payout's path to its evaluation's root. */
export interface PayoutProof {
  leaf: string;
  proof: MerkleProof;
  root: string;
}

/** The proof of `payoutId` among the evaluation's payouts as they are now, or null when it is not one of them. */
export function payoutProof(sha256: Sha256Hex, payouts: readonly PayoutLeaf[], payoutId: string): PayoutProof | null {
  const ordered = orderedPayoutLeaves(payouts);
  const index = ordered.findIndex((leaf) => leaf.payoutId === payoutId);
  if (index < 0) return null;
  const hashes = ordered.map((leaf) => payoutLeafHash(sha256, leaf.record));
  return { leaf: hashes[index]!, proof: merkleProof(sha256, hashes, index), root: merkleRoot(sha256, hashes) };
}

/**
 * Whether a payout's record, by its path, leads to the root its evaluation's entry holds. The
 * record is rebuilt from the row by the caller: a row changed since the entry no longer leads there.
 */
export function verifyPayoutLeaf(sha256: Sha256Hex, record: LedgerRecord, proof: MerkleProof, root: string): boolean {
  return verifyMerkleProof(sha256, payoutLeafHash(sha256, record), proof, root);
}

/**
 * The status a payout leaf leaves its policy in, from the status the ledger had it in before: the
 * machine's storm step (an expired policy stays EXPIRED). The engine moved the row by that step
 * when it wrote the payout; the leaf itself does not carry the status, it is no member of the row.
 */
export function statusAfterPayoutLeaf(before: PolicyStatus): PolicyStatus {
  return stormTriggeredStatus(before) ?? before;
}
