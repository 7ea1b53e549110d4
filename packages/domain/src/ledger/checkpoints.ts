/**
 * Signed checkpoints (product-decisions "Proof ledger", decision 136): every sealed block's hash is
 * signed (ES256) when it is sealed and published in an append-only list anyone can mirror. The
 * chain proves that nothing changed *inside* the history the database holds now; it cannot tell a
 * history rewritten from some entry on and re-hashed to the end. A mirrored copy of the list can:
 * the rewritten blocks no longer have the hashes that were signed and published.
 */

/** The signature algorithm (JWS name): ECDSA on P-256 with SHA-256, signature as r||s. */
export const CHECKPOINT_ALGORITHM = 'ES256';

/** One signed checkpoint, as published (JSON). */
export interface LedgerCheckpoint {
  block: number;
  lastSequence: number;
  blockHash: string;
  keyId: string;
  /** base64url of the 64-byte r||s signature of `checkpointMessage`. */
  signature: string;
  signedAt: string;
}

/** What GET /api/v1/ledger/checkpoints answers, and what a mirror keeps (the same document). */
export interface CheckpointList {
  algorithm: typeof CHECKPOINT_ALGORITHM;
  keyId: string;
  publicKeyPem: string;
  checkpoints: LedgerCheckpoint[];
}

/** The exact text that is signed: versioned, so a later format can never be mistaken for this one. */
export function checkpointMessage(checkpoint: Pick<LedgerCheckpoint, 'block' | 'lastSequence' | 'blockHash'>): string {
  return `fhp-ledger-checkpoint:v1:${checkpoint.block}:${checkpoint.lastSequence}:${checkpoint.blockHash}`;
}

/** A block as the database holds it now, for comparison with a mirrored checkpoint. */
export interface StoredBlockForCheckpoint {
  number: number;
  lastSequence: number;
  hash: string;
}

/**
 * The first mirrored checkpoint the stored blocks no longer match, and why, or null when every one
 * matches. `stored` answers a block by its number. Blocks sealed after the mirror was taken are not
 * the mirror's business.
 */
export function mirrorMismatch(
  mirrored: readonly LedgerCheckpoint[],
  stored: (block: number) => StoredBlockForCheckpoint | undefined,
): { block: number; reason: string } | null {
  for (const checkpoint of mirrored) {
    const block = stored(checkpoint.block);
    if (!block) return { block: checkpoint.block, reason: `block ${checkpoint.block} is in the mirrored checkpoints but no longer in the database` };
    if (block.hash !== checkpoint.blockHash) {
      return { block: checkpoint.block, reason: `block ${checkpoint.block}'s hash is not the one its mirrored checkpoint signed: history was rewritten from there on` };
    }
    if (block.lastSequence !== checkpoint.lastSequence) {
      return { block: checkpoint.block, reason: `block ${checkpoint.block} ends at entry ${block.lastSequence}, its mirrored checkpoint at ${checkpoint.lastSequence}` };
    }
  }
  return null;
}
