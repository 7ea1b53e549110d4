import { describe, expect, it } from 'vitest';
import { isInList, myPoliciesInputSchema, MY_POLICIES_MESSAGES } from './my-policies';

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
