import { describe, expect, it } from 'vitest';
import { pageInfo } from '../paging';
import { ledgerHashSchema } from './ledger-hash';
import { EXPLORER_MESSAGES, TXN_LIST_MESSAGES } from './messages';
import { TXN_TYPES, txnListInputSchema } from './txn-list';

const firstMessage = (input: unknown) => {
  const result = txnListInputSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the transaction log query input', () => {
  it('takes the spec’s three calls', () => {
    const kyc = txnListInputSchema.parse({ where: { txnOwner: { equals: 'V123' }, type: { in: ['KYC_SUBMISSION'] } }, limit: 100 });
    expect(kyc).toEqual({ where: { txnOwner: { equals: 'V123' }, type: { in: ['KYC_SUBMISSION'] } }, limit: 100, skip: 0 });
    const policy = txnListInputSchema.parse({
      where: { txnOwner: { equals: 'V123' }, type: { in: ['POLICY_PURCHASE_FLOW', 'KYC_SUBMISSION'] }, txnSetId: { in: ['FHP-GD-2027-000001', null] } },
      limit: 100,
    });
    expect(policy.where?.txnSetId?.in).toEqual(['FHP-GD-2027-000001', null]);
    const bank = txnListInputSchema.parse({ where: { performedBy: { equals: 'V123' }, type: { in: [TXN_TYPES.BANK_DETAIL] } } });
    expect(bank).toMatchObject({ limit: 100, skip: 0, where: { performedBy: { equals: 'V123' } } });
  });

  it('treats null like an omitted field and defaults to 100 entries from the first', () => {
    expect(txnListInputSchema.parse({ where: null, limit: null, skip: null })).toEqual({ where: undefined, limit: 100, skip: 0 });
    expect(txnListInputSchema.parse({ where: { txnOwner: null, type: null } })).toMatchObject({ where: { txnOwner: undefined, type: undefined } });
  });

  it('refuses a limit over 100 or under 1, a negative skip and an unknown type, in plain words', () => {
    expect(firstMessage({ limit: 1000 })).toBe(TXN_LIST_MESSAGES.limitRange);
    expect(firstMessage({ limit: 0 })).toBe(TXN_LIST_MESSAGES.limitRange);
    expect(firstMessage({ limit: 2.5 })).toBe(TXN_LIST_MESSAGES.limitRange);
    expect(firstMessage({ skip: -1 })).toBe(TXN_LIST_MESSAGES.skipNegative);
    expect(firstMessage({ where: { type: { in: ['PAYOUT'] } } })).toBe(
      'Unknown transaction type "PAYOUT". The types are KYC_SUBMISSION, POLICY_PURCHASE_FLOW, BANK_DETAIL, CONTENT_EDIT, CATALOGUE_EDIT.',
    );
    expect(firstMessage({ where: { type: { in: [] } } })).toBe(TXN_LIST_MESSAGES.typesRequired);
    expect(firstMessage({ where: { txnOwner: { equals: '  ' } } })).toBe(TXN_LIST_MESSAGES.accountIdRequired);
    expect(firstMessage({ where: { txnSetId: { in: Array.from({ length: 21 }, (_, n) => `P${n}`) } } })).toBe(TXN_LIST_MESSAGES.tooManyValues);
  });
});

describe('page info', () => {
  it('counts pages from 1 and rounds the last one up', () => {
    expect(pageInfo(0, 100, 0)).toEqual({ currentPage: 1, pageSize: 100, totalCount: 0, totalPages: 0 });
    expect(pageInfo(0, 100, 250)).toEqual({ currentPage: 1, pageSize: 100, totalCount: 250, totalPages: 3 });
    expect(pageInfo(200, 100, 250)).toMatchObject({ currentPage: 3 });
    expect(pageInfo(10, 10, 11)).toMatchObject({ currentPage: 2, totalPages: 2 });
  });
});

describe('the explorer’s hash', () => {
  it('takes 64 hex digits in any case, trimmed, and refuses anything else', () => {
    const hash = 'AB'.repeat(32);
    expect(ledgerHashSchema.parse(` ${hash} `)).toBe('ab'.repeat(32));
    for (const bad of ['', 'abc', 'g'.repeat(64), 'a'.repeat(65), `0x${'a'.repeat(62)}`]) {
      const result = ledgerHashSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(EXPLORER_MESSAGES.hashMalformed);
    }
  });
});
