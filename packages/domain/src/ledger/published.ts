import { blockHashInput, type LedgerBlock } from './blocks';
import { isCanonicalJson } from './canonical';
import { entryHashInput, type LedgerEntry, type Sha256Hex } from './chain';
import { verifyMerkleProof, type MerkleProof } from './merkle';

/**
 * What one explorer answer lets anyone check without the rest of the ledger: the entry's own
 * hashes and, once it is sealed, that it sits in its block under the block's Merkle root and that
 * the block's hash covers that root. The chain back to the genesis entry needs every entry before
 * it; the server checks that part.
 */

/** An entry is PENDING until a sealed block holds it, CONFIRMED after. */
export const LEDGER_TXN_STATUSES = ['CONFIRMED', 'PENDING'] as const;
export type LedgerTxnStatus = (typeof LEDGER_TXN_STATUSES)[number];

export interface Inclusion {
  block: LedgerBlock;
  proof: MerkleProof;
}

export type PublishedCheck = { ok: true } | { ok: false; reason: string };

export function checkPublishedEntry(sha256: Sha256Hex, entry: LedgerEntry, inclusion: Inclusion | null): PublishedCheck {
  const broken = (reason: string): PublishedCheck => ({ ok: false, reason });
  if (!isCanonicalJson(entry.payload)) return broken('its payload is not in canonical form');
  if (sha256(entry.payload) !== entry.payloadHash) return broken('its payload does not match its payload hash');
  if (sha256(entryHashInput(entry.sequence, entry.prevHash, entry.payloadHash)) !== entry.hash) return broken('its hash does not match its contents');
  if (inclusion === null) return { ok: true };
  const { block, proof } = inclusion;
  if (entry.sequence - block.firstSequence !== proof.index || block.lastSequence - block.firstSequence + 1 !== proof.leafCount) {
    return broken(`its proof does not place it at its position in block ${block.number}`);
  }
  if (!verifyMerkleProof(sha256, entry.hash, proof, block.merkleRoot)) return broken(`its Merkle proof does not lead to block ${block.number}'s root`);
  if (sha256(blockHashInput(block)) !== block.hash) return broken(`block ${block.number}'s hash does not match its contents`);
  return { ok: true };
}
