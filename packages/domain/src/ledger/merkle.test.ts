import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { merkleParent, merkleProof, merkleRoot, merkleRootFromProof, verifyMerkleProof, type MerkleProof } from './merkle';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const leaf = (n: number) => sha256(`entry ${n}`);
const leaves = (count: number) => Array.from({ length: count }, (_, n) => leaf(n));

/** Random leaf lists of 1 to 40 distinct hashes. */
const leafLists = fc.integer({ min: 1, max: 40 }).map(leaves);

describe('Merkle roots', () => {
  it('pairs leaves in order and carries an odd last node up unchanged', () => {
    const [a, b, c, d, e] = leaves(5) as [string, string, string, string, string];
    const ab = sha256(`merkle:${a}:${b}`);
    const cd = sha256(`merkle:${c}:${d}`);
    expect(merkleRoot(sha256, [a])).toBe(a);
    expect(merkleRoot(sha256, [a, b])).toBe(ab);
    expect(merkleRoot(sha256, [a, b, c])).toBe(sha256(`merkle:${ab}:${c}`));
    expect(merkleRoot(sha256, [a, b, c, d])).toBe(sha256(`merkle:${ab}:${cd}`));
    expect(merkleRoot(sha256, [a, b, c, d, e])).toBe(sha256(`merkle:${sha256(`merkle:${ab}:${cd}`)}:${e}`));
  });

  it('refuses an empty tree', () => {
    expect(() => merkleRoot(sha256, [])).toThrow('at least one leaf');
  });

  it('changes when a leaf is changed, dropped, added, duplicated or moved', () => {
    fc.assert(
      fc.property(leafLists, fc.nat(), (list, at) => {
        const root = merkleRoot(sha256, list);
        const i = at % list.length;
        const changed = list.with(i, sha256('another entry'));
        expect(merkleRoot(sha256, changed)).not.toBe(root);
        expect(merkleRoot(sha256, [...list, sha256('one more')])).not.toBe(root);
        // Carrying the odd node up (instead of pairing it with itself) keeps [a, b, c] and [a, b, c, c] apart.
        expect(merkleRoot(sha256, [...list, list.at(-1)!])).not.toBe(root);
        if (list.length > 1) {
          expect(merkleRoot(sha256, list.toSpliced(i, 1))).not.toBe(root);
          const j = (i + 1) % list.length;
          const swapped = list.with(i, list[j]!).with(j, list[i]!);
          expect(merkleRoot(sha256, swapped)).not.toBe(root);
        }
      }),
    );
  });
});

describe('Merkle inclusion proofs', () => {
  it('prove every leaf of every tree, in at most ceil(log2 n) steps', () => {
    fc.assert(
      fc.property(leafLists, (list) => {
        const root = merkleRoot(sha256, list);
        for (const [index, value] of list.entries()) {
          const proof = merkleProof(sha256, list, index);
          expect(proof.path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(list.length)));
          expect(verifyMerkleProof(sha256, value, proof, root)).toBe(true);
        }
      }),
    );
  });

  it('fail for another leaf, a changed sibling, a moved position or another root', () => {
    fc.assert(
      fc.property(leafLists.filter((list) => list.length > 1), fc.nat(), (list, at) => {
        const index = at % list.length;
        const root = merkleRoot(sha256, list);
        const proof = merkleProof(sha256, list, index);
        const value = list[index]!;
        expect(verifyMerkleProof(sha256, sha256('forged entry'), proof, root)).toBe(false);
        expect(verifyMerkleProof(sha256, value, proof, merkleRoot(sha256, list.slice(1)))).toBe(false);
        const changedStep = { ...proof, path: proof.path.map((step, i) => (i === 0 ? { ...step, hash: sha256('x') } : step)) };
        expect(verifyMerkleProof(sha256, value, changedStep, root)).toBe(false);
        const flipped = { ...proof, path: proof.path.map((step) => ({ ...step, side: step.side === 'LEFT' ? ('RIGHT' as const) : ('LEFT' as const) })) };
        expect(verifyMerkleProof(sha256, value, flipped, root)).toBe(false);
        // The same steps claimed for another position no longer fit it (or lead elsewhere).
        const other = (index + 1) % list.length;
        expect(verifyMerkleProof(sha256, value, { ...proof, index: other }, root)).toBe(false);
        expect(verifyMerkleProof(sha256, value, { ...proof, path: proof.path.slice(1) }, root)).toBe(false);
      }),
    );
  });

  it('answers no root for a proof that cannot exist', () => {
    const proof = merkleProof(sha256, leaves(3), 2);
    expect(merkleRootFromProof(sha256, leaf(2), { ...proof, index: 3 })).toBeNull();
    expect(merkleRootFromProof(sha256, leaf(2), { ...proof, leafCount: 0 })).toBeNull();
    expect(merkleRootFromProof(sha256, leaf(2), { ...proof, index: -1 })).toBeNull();
    expect(merkleRootFromProof(sha256, leaf(2), { ...proof, index: 0.5 })).toBeNull();
    expect(() => merkleProof(sha256, leaves(3), 3)).toThrow('not in a tree of 3 leaves');
  });

  it('can be checked by hand: the third of five entries', () => {
    const list = leaves(5);
    const proof: MerkleProof = merkleProof(sha256, list, 2);
    // Entry 2 pairs with entry 3 on its right, then with (0,1) on its left; entry 4 is the last step.
    expect(proof).toEqual({
      index: 2,
      leafCount: 5,
      path: [
        { side: 'RIGHT', hash: list[3] },
        { side: 'LEFT', hash: merkleParent(sha256, list[0]!, list[1]!) },
        { side: 'RIGHT', hash: list[4] },
      ],
    });
    const step1 = sha256(`merkle:${list[2]}:${list[3]}`);
    const step2 = sha256(`merkle:${merkleParent(sha256, list[0]!, list[1]!)}:${step1}`);
    const step3 = sha256(`merkle:${step2}:${list[4]}`);
    expect(step3).toBe(merkleRoot(sha256, list));
  });
});
