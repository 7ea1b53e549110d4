import type { Sha256Hex } from './chain';

/**
 * Merkle trees over a block's entries (product-decisions "Proof ledger": a Merkle root per block).
 *
 * - A leaf is an entry's hash, as stored (hex): it already commits to the entry's sequence,
 *   previous hash and payload.
 * - A parent is SHA-256 of `merkle:<left>:<right>`. The prefix keeps a parent from ever reading as
 *   an entry (whose hash input starts with its sequence number), so no inner node can pass for a
 *   leaf.
 * - An odd node at the end of a level is carried up unchanged (it is not paired with a copy of
 *   itself: duplicating it would let two different leaf lists share one root).
 * - A block of one entry has that entry's hash as its root.
 */

export interface MerkleStep {
  /** Where the sibling sits: LEFT means the sibling is hashed before the running value. */
  side: 'LEFT' | 'RIGHT';
  hash: string;
}

/**
 * An inclusion proof: the leaf's position in its block, the block's number of leaves and the
 * siblings from the leaf up to the root (levels where the node was carried up have none).
 */
export interface MerkleProof {
  index: number;
  leafCount: number;
  path: MerkleStep[];
}

export function merkleParent(sha256: Sha256Hex, left: string, right: string): string {
  return sha256(`merkle:${left}:${right}`);
}

function nextLevel(sha256: Sha256Hex, level: readonly string[]): string[] {
  const parents: string[] = [];
  for (let i = 0; i < level.length; i += 2) {
    parents.push(i + 1 < level.length ? merkleParent(sha256, level[i]!, level[i + 1]!) : level[i]!);
  }
  return parents;
}

/** The root over `leaves` in order. A block is never empty, so neither may `leaves` be. */
export function merkleRoot(sha256: Sha256Hex, leaves: readonly string[]): string {
  if (leaves.length === 0) throw new RangeError('A Merkle tree needs at least one leaf');
  let level: readonly string[] = leaves;
  while (level.length > 1) level = nextLevel(sha256, level);
  return level[0]!;
}

/**
 * The side of the sibling at each level for leaf `index` of `leafCount` (null: carried up, no
 * sibling). Both the prover and the checker derive it, so a proof cannot claim another position.
 */
function expectedSides(index: number, leafCount: number): ('LEFT' | 'RIGHT' | null)[] {
  const sides: ('LEFT' | 'RIGHT' | null)[] = [];
  for (let position = index, width = leafCount; width > 1; position = Math.floor(position / 2), width = Math.ceil(width / 2)) {
    if (position % 2 === 1) sides.push('LEFT');
    else sides.push(position + 1 < width ? 'RIGHT' : null);
  }
  return sides;
}

/** The inclusion proof of leaf `index` (0-based) among `leaves`. */
export function merkleProof(sha256: Sha256Hex, leaves: readonly string[], index: number): MerkleProof {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) {
    throw new RangeError(`Leaf ${index} is not in a tree of ${leaves.length} leaves`);
  }
  const path: MerkleStep[] = [];
  let level: readonly string[] = leaves;
  let position = index;
  for (const side of expectedSides(index, leaves.length)) {
    if (side === 'LEFT') path.push({ side, hash: level[position - 1]! });
    else if (side === 'RIGHT') path.push({ side, hash: level[position + 1]! });
    level = nextLevel(sha256, level);
    position = Math.floor(position / 2);
  }
  return { index, leafCount: leaves.length, path };
}

/**
 * The root that `leaf` and `proof` lead to, or null when the proof does not fit its own position
 * (wrong number of steps, a sibling on the wrong side, an index outside the block).
 */
export function merkleRootFromProof(sha256: Sha256Hex, leaf: string, proof: MerkleProof): string | null {
  const { index, leafCount, path } = proof;
  if (!Number.isInteger(leafCount) || leafCount < 1 || !Number.isInteger(index) || index < 0 || index >= leafCount) return null;
  const sides = expectedSides(index, leafCount).filter((side) => side !== null);
  if (sides.length !== path.length) return null;
  let value = leaf;
  for (const [i, step] of path.entries()) {
    if (step.side !== sides[i]) return null;
    value = step.side === 'LEFT' ? merkleParent(sha256, step.hash, value) : merkleParent(sha256, value, step.hash);
  }
  return value;
}

/** True when `proof` shows `leaf` at its stated position in the tree whose root is `root`. */
export function verifyMerkleProof(sha256: Sha256Hex, leaf: string, proof: MerkleProof, root: string): boolean {
  return merkleRootFromProof(sha256, leaf, proof) === root;
}
