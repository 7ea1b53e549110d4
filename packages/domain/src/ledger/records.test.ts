import { describe, expect, it } from 'vitest';
import { mirrorMismatch, type LedgerCheckpoint } from './checkpoints';
import { payoutCreatedRecord, policyStatusAfter, recordDifferences } from './records';

describe('ledger records (decision 135)', () => {
  const record = payoutCreatedRecord({ payoutId: 'p-1', policyNumber: 'FHP-GD-2027-000001', stormRef: null, percent: 50, contractPercent: 50, amountCents: 1_250_000 });

  it('agrees with an entry that says the same, whatever else the entry carries', () => {
    expect(record.data.storm).toBe('manual');
    expect(recordDifferences(record, { ...record, data: { ...record.data, to: 'PAYOUT_INTIMATION' } })).toEqual([]);
  });

  it('names each member that differs', () => {
    expect(recordDifferences(record, { ...record, valueCents: 1_250_100, data: { ...record.data, percent: 51 } })).toEqual(['valueCents', 'data.percent']);
    expect(recordDifferences(record, { ...record, kind: 'PAYOUT_PAID', txnId: 'p-2', data: {} })).toEqual([
      'kind',
      'txnId',
      'data.policyNumber',
      'data.storm',
      'data.percent',
      'data.contractPercent',
    ]);
  });

  it('reads the status an entry leaves its policy in', () => {
    expect(policyStatusAfter({ kind: 'PAYMENT_RECORDED', data: { to: 'ISSUED' } })).toBe('ISSUED');
    expect(policyStatusAfter({ kind: 'PAYOUT_CREATED', data: {} })).toBe('PAYOUT_INTIMATION');
    expect(policyStatusAfter({ kind: 'POLICY_ISSUED', data: {} })).toBeUndefined();
  });
});

describe('mirrorMismatch (decision 136)', () => {
  const checkpoint = (block: number, lastSequence: number, blockHash: string): LedgerCheckpoint => ({ block, lastSequence, blockHash, keyId: 'k', signature: 's', signedAt: '' });
  const stored = new Map([
    [1, { number: 1, lastSequence: 3, hash: 'a' }],
    [2, { number: 2, lastSequence: 6, hash: 'b' }],
  ]);

  it('accepts a mirror the blocks still match, older than the database', () => {
    expect(mirrorMismatch([checkpoint(1, 3, 'a')], (n) => stored.get(n))).toBeNull();
  });

  it('names the first block rewritten, cut off or moved', () => {
    expect(mirrorMismatch([checkpoint(1, 3, 'a'), checkpoint(2, 6, 'x')], (n) => stored.get(n))?.block).toBe(2);
    expect(mirrorMismatch([checkpoint(3, 9, 'c')], (n) => stored.get(n))?.reason).toBe('block 3 is in the mirrored checkpoints but no longer in the database');
    expect(mirrorMismatch([checkpoint(2, 7, 'b')], (n) => stored.get(n))?.reason).toBe('block 2 ends at entry 6, its mirrored checkpoint at 7');
  });
});
