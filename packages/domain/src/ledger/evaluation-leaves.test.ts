import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluationLeaves,
  evaluationLeavesData,
  evaluationLeavesOf,
  holdsPayout,
  payoutLeafHash,
  payoutProof,
  payoutRecordText,
  statusAfterPayoutLeaf,
  verifyPayoutLeaf,
  type PayoutLeaf,
} from './evaluation-leaves';
import { canonicalJson, type JsonValue } from './canonical';
import { merkleRoot } from './merkle';
import { payoutCreatedRecord } from './records';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const payout = (n: number, amountCents = 1_000_000 + n): PayoutLeaf => {
  const payoutId = `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
  return { payoutId, record: payoutCreatedRecord({ payoutId, policyNumber: `FHP-GD-2004-${String(n).padStart(6, '0')}`, stormRef: 'AL092004', percent: 50, contractPercent: 50, amountCents }) };
};
const payouts = (count: number) => Array.from({ length: count }, (_, n) => payout(n + 1));

describe('payout leaves of a storm evaluation (decision 174)', () => {
  it('roots the payouts in payout-id order, whatever order they came in', () => {
    const five = payouts(5);
    const leaves = evaluationLeaves(sha256, [...five].reverse())!;
    expect(leaves).toEqual({
      root: merkleRoot(
        sha256,
        five.map((p) => payoutLeafHash(sha256, p.record)),
      ),
      leafCount: 5,
      firstPayout: five[0]!.payoutId,
      lastPayout: five[4]!.payoutId,
    });
    expect(evaluationLeaves(sha256, [])).toBeNull();
  });

  it('never hashes a leaf as an entry or an inner node would', () => {
    const { record } = payout(1);
    expect(payoutLeafHash(sha256, record)).toBe(sha256(`payout-leaf:${canonicalJson(record as unknown as JsonValue)}`));
    expect(payoutLeafHash(sha256, record)).not.toBe(sha256(JSON.stringify(record)));
  });

  it('writes a payout record by hand exactly as canonicalJson does, and refuses what it refuses', () => {
    const records = fc.record({
      payoutId: fc.string(),
      policyNumber: fc.string(),
      stormRef: fc.option(fc.string()),
      percent: fc.oneof(fc.integer(), fc.double()),
      contractPercent: fc.integer({ min: -1000, max: 1000 }),
      amountCents: fc.oneof(fc.integer(), fc.constant(Number.MAX_SAFE_INTEGER + 2)),
    });
    fc.assert(
      fc.property(records, (payout) => {
        const record = payoutCreatedRecord(payout);
        let expected: string | undefined;
        try {
          expected = canonicalJson(record as unknown as JsonValue);
        } catch {
          expected = undefined;
        }
        if (expected === undefined) expect(() => payoutRecordText(record)).toThrow();
        else expect(payoutRecordText(record)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    // Another shape is written by the generic writer.
    const other = { ...payout(1).record, kind: 'PAYOUT_PAID' as const, data: { policyNumber: 'x' } };
    expect(payoutRecordText(other)).toBe(canonicalJson(other as unknown as JsonValue));
  });

  it('reads back what an entry says, and which payouts it holds', () => {
    const leaves = evaluationLeaves(sha256, payouts(3))!;
    expect(evaluationLeavesOf({ data: { storm: 'AL092004', ...evaluationLeavesData(leaves) } })).toEqual(leaves);
    expect(evaluationLeavesOf({ data: { storm: 'AL092004' } })).toBeNull();
    expect(evaluationLeavesOf(null)).toBeNull();
    expect(holdsPayout(leaves, payout(2).payoutId)).toBe(true);
    expect(holdsPayout(leaves, payout(4).payoutId)).toBe(false);
  });

  it('proves every payout by its path to the root, for trees of 1 to 33 leaves', () => {
    for (let count = 1; count <= 33; count++) {
      const all = payouts(count);
      const { root } = evaluationLeaves(sha256, all)!;
      for (const one of all) {
        const proved = payoutProof(sha256, all, one.payoutId)!;
        expect(proved.root).toBe(root);
        expect(verifyPayoutLeaf(sha256, one.record, proved.proof, root)).toBe(true);
      }
    }
  });

  it('fails a tampered leaf: an amount raised by one cent no longer leads to the root', () => {
    const all = payouts(7);
    const { root } = evaluationLeaves(sha256, all)!;
    const target = all[3]!;
    const { proof } = payoutProof(sha256, all, target.payoutId)!;
    const raised = { ...target.record, valueCents: target.record.valueCents! + 1 };
    expect(verifyPayoutLeaf(sha256, raised, proof, root)).toBe(false);
    // Rooted again with the raised row, the evaluation no longer has its entry's root either.
    expect(evaluationLeaves(sha256, all.map((p) => (p === target ? { ...p, record: raised } : p)))!.root).not.toBe(root);
  });

  it('fails a wrong path: another leaf’s path, a changed sibling, a claimed position or a shortened path', () => {
    const all = payouts(6);
    const { root } = evaluationLeaves(sha256, all)!;
    const own = payoutProof(sha256, all, all[2]!.payoutId)!.proof;
    const other = payoutProof(sha256, all, all[3]!.payoutId)!.proof;
    const record = all[2]!.record;
    expect(verifyPayoutLeaf(sha256, record, other, root)).toBe(false);
    expect(verifyPayoutLeaf(sha256, record, { ...own, path: own.path.map((step, i) => (i === 0 ? { ...step, hash: sha256('forged') } : step)) }, root)).toBe(false);
    expect(verifyPayoutLeaf(sha256, record, { ...own, index: 3 }, root)).toBe(false);
    expect(verifyPayoutLeaf(sha256, record, { ...own, path: own.path.slice(1) }, root)).toBe(false);
    expect(verifyPayoutLeaf(sha256, record, own, sha256('another root'))).toBe(false);
  });

  it('finds no proof for a payout the evaluation does not hold', () => {
    expect(payoutProof(sha256, payouts(4), payout(9).payoutId)).toBeNull();
  });

  it('moves a policy by the storm step, an expired one staying EXPIRED', () => {
    expect(statusAfterPayoutLeaf('EVENT_MONITORING')).toBe('PAYOUT_INTIMATION');
    expect(statusAfterPayoutLeaf('EXPIRED')).toBe('EXPIRED');
  });
});
