import { checkPublishedEntry, verifyPayoutLeaf, type LedgerEntry, type LedgerRecord, type PublishedCheck, type Sha256Hex } from '@fhp/domain';
import type { BlockchainTxn, PayoutProof } from './api';

const encoder = new TextEncoder();
const toHex = (digest: ArrayBuffer) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
/** Stands in for a hash not computed yet; no rule's answer is kept while one was used. */
const NOT_YET = 'not yet hashed';
const MAX_ROUNDS = 32;

/**
 * Runs one of the domain's synchronous ledger rules (they take a SHA-256 function) on the
 * browser's own WebCrypto, which hashes only asynchronously: a round runs the rule and notes every
 * text it had no hash for; those are hashed, and the rule runs again, until a round needs nothing
 * new. Only that round's answer counts, so every hash it used was a real one. A proof needs a
 * dozen hashes: a few rounds.
 */
export async function withWebCrypto<T>(rule: (sha256: Sha256Hex) => T, subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null): Promise<T> {
  if (!subtle) throw new Error('This browser offers no WebCrypto here (it needs a secure connection).');
  const known = new Map<string, string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const missing = new Set<string>();
    const result = rule((text) => {
      const hash = known.get(text);
      if (hash === undefined) missing.add(text);
      return hash ?? NOT_YET;
    });
    if (missing.size === 0) return result;
    await Promise.all([...missing].map(async (text) => known.set(text, toHex(await subtle.digest('SHA-256', encoder.encode(text))))));
  }
  throw new Error('The check needed more hashing rounds than any ledger rule does.');
}

/**
 * The explorer's own check, in the visitor's browser with the same rules the server uses: the
 * entry's hashes and, once sealed, its Merkle proof up to the block's root and the block's hash.
 */
export function checkInBrowser(txn: BlockchainTxn, subtle?: SubtleCrypto | null): Promise<PublishedCheck> {
  const entry: LedgerEntry = { sequence: txn.sequence, prevHash: txn.prevHash, payloadHash: txn.payloadHash, hash: txn.hash, payload: txn.payload };
  const inclusion = txn.block && txn.proof ? { block: txn.block, proof: { ...txn.proof, path: txn.proof.path.map((step) => ({ side: step.side as 'LEFT' | 'RIGHT', hash: step.hash })) } } : null;
  return withWebCrypto((sha256) => checkPublishedEntry(sha256, entry, inclusion), subtle);
}

/**
 * A payout's path checked in the visitor's browser (decision 174): the record shown hashes to a
 * leaf whose path leads to the root its storm evaluation's entry holds. Null when the answer has
 * no path or no root to check.
 */
export function checkPayoutInBrowser(payout: PayoutProof, subtle?: SubtleCrypto | null): Promise<boolean> | null {
  if (!payout.proof || !payout.entryRoot) return null;
  const proof = { ...payout.proof, path: payout.proof.path.map((step) => ({ side: step.side as 'LEFT' | 'RIGHT', hash: step.hash })) };
  const root = payout.entryRoot;
  return withWebCrypto((sha256) => verifyPayoutLeaf(sha256, payout.record as LedgerRecord, proof, root), subtle);
}
