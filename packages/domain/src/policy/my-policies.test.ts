import { describe, expect, it } from 'vitest';
import { isInList, myPoliciesInputSchema, MY_POLICIES_MESSAGES, policyDetailActions, type PolicyDetailFacts } from './my-policies';
import { POLICY_STATUSES } from './status';

describe('the holder policy lists', () => {
  it('sorts each (type, status) into the spec lists', () => {
    expect(isInList('ACTUAL', { type: 'ACTUAL', status: 'EVENT_MONITORING' })).toBe(true);
    expect(isInList('ACTUAL', { type: 'ACTUAL', status: 'EXPIRED' })).toBe(false);
    expect(isInList('ACTUAL', { type: 'PROVISIONAL', status: 'PAYMENT_PENDING' })).toBe(false);
    expect(isInList('PROVISIONAL', { type: 'PROVISIONAL', status: 'PAYMENT_PENDING' })).toBe(true);
    expect(isInList('PROVISIONAL', { type: 'PROVISIONAL', status: 'CANCELED' })).toBe(false);
    expect(isInList('ARCHIVED', { type: 'PROVISIONAL', status: 'CANCELED' })).toBe(true);
    expect(isInList('ARCHIVED', { type: 'ACTUAL', status: 'EXPIRED' })).toBe(true);
    expect(isInList('ARCHIVED', { type: 'ACTUAL', status: 'ISSUED' })).toBe(false);
  });

  it('defaults to skip 0, limit 10 and refuses bad paging with words', () => {
    expect(myPoliciesInputSchema.parse({ list: 'ACTUAL' })).toEqual({ list: 'ACTUAL', limit: 10, skip: 0, policyNumber: undefined });
    expect(myPoliciesInputSchema.parse({ list: 'ARCHIVED', policyNumber: ' fhp-gd ' }).policyNumber).toBe('FHP-GD');
    const message = (input: unknown) => myPoliciesInputSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ list: 'ALL' })).toBe(MY_POLICIES_MESSAGES.unknownList);
    expect(message({ list: 'ACTUAL', limit: 0 })).toBe(MY_POLICIES_MESSAGES.limitRange);
    expect(message({ list: 'ACTUAL', limit: 51 })).toBe(MY_POLICIES_MESSAGES.limitRange);
    expect(message({ list: 'ACTUAL', skip: -1 })).toBe(MY_POLICIES_MESSAGES.skipNegative);
    expect(message({ list: 'ACTUAL', skip: 1.5 })).toBe(MY_POLICIES_MESSAGES.skipNegative);
  });
});

describe('policyDetailActions (spec part 2 section 4)', () => {
  const base: PolicyDetailFacts = { type: 'PROVISIONAL', status: 'PAYMENT_PENDING', cancellationPending: false, blockchainTxnURL: null, payouts: [] };

  it('offers cancel on a provisional view only, never for a CANCELED or EXPIRED policy, nor twice', () => {
    expect(policyDetailActions('PROVISIONAL', base)).toEqual(['cancel']);
    for (const status of POLICY_STATUSES) {
      const offered = policyDetailActions('PROVISIONAL', { ...base, status }).includes('cancel');
      expect(offered, status).toBe(status === 'PAYMENT_PENDING');
    }
    expect(policyDetailActions('ARCHIVED', { ...base, status: 'CANCELED' })).toEqual([]);
    expect(policyDetailActions('ACTUAL', base)).not.toContain('cancel');
    expect(policyDetailActions('PROVISIONAL', { ...base, cancellationPending: true })).toEqual([]);
  });

  it('offers acknowledge on an actual policy (its list or the archive) only while some payout is PAID and not acknowledged', () => {
    const actual: PolicyDetailFacts = { ...base, type: 'ACTUAL', status: 'PAYOUT_CONFIRMATION' };
    const paid = { status: 'PAID', acknowledged: false };
    expect(policyDetailActions('ACTUAL', { ...actual, payouts: [paid] })).toEqual(['acknowledgePayout', 'analytics']);
    expect(policyDetailActions('ACTUAL', { ...actual, payouts: [{ ...paid, acknowledged: true }] })).toEqual(['analytics']);
    expect(policyDetailActions('ACTUAL', { ...actual, payouts: [{ status: 'PENDING', acknowledged: false }] })).toEqual(['analytics']);
    // Wired before the cover ended, acknowledged after it: the archive offers it.
    expect(policyDetailActions('ARCHIVED', { ...actual, status: 'EXPIRED', payouts: [paid] })).toEqual(['acknowledgePayout', 'analytics']);
    expect(policyDetailActions('ARCHIVED', { ...actual, status: 'EXPIRED', payouts: [{ ...paid, acknowledged: true }] })).toEqual(['analytics']);
    expect(policyDetailActions('PROVISIONAL', { ...base, payouts: [paid] })).toEqual(['cancel']);
  });

  it('offers the transaction view for an ACTUAL policy with a ledger link, on any view', () => {
    const issued: PolicyDetailFacts = { ...base, type: 'ACTUAL', status: 'ISSUED', blockchainTxnURL: '/explorer/ab' };
    expect(policyDetailActions('ACTUAL', issued)).toEqual(['viewTransaction', 'analytics']);
    expect(policyDetailActions('ARCHIVED', { ...issued, status: 'EXPIRED' })).toEqual(['viewTransaction', 'analytics']);
    expect(policyDetailActions('ACTUAL', { ...issued, blockchainTxnURL: null })).toEqual(['analytics']);
    expect(policyDetailActions('PROVISIONAL', { ...base, blockchainTxnURL: '/explorer/ab' })).toEqual(['cancel']);
  });

  it('offers the tracker on the actual view and on an archived ACTUAL policy, never on a provisional or cancelled one (issue 20 item 5)', () => {
    expect(policyDetailActions('ARCHIVED', { ...base, type: 'ACTUAL', status: 'EXPIRED' })).toContain('analytics');
    expect(policyDetailActions('ARCHIVED', { ...base, status: 'CANCELED' })).not.toContain('analytics');
    expect(policyDetailActions('PROVISIONAL', base)).not.toContain('analytics');
  });
});
