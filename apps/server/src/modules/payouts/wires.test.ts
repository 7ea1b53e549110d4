import { describe, expect, it } from 'vitest';
import { bankTransferCsv, csvField, type StormPayoutRow, type WireAccount } from './wires';

const row = (patch: Partial<StormPayoutRow>): StormPayoutRow => ({
  id: 'p1',
  policyId: 'x',
  ownerId: 'o1',
  policyNumber: 'FHP-GD-2026-000001',
  holderName: 'Alicia Charles',
  holderEmail: 'a@example.org',
  country: 'gd',
  optionId: 'T',
  percent: 40,
  contractPercent: 50,
  amountCents: 1_000_000,
  status: 'PENDING',
  createdAt: '2026-09-08T00:00:00.000Z',
  paidAt: null,
  wireReference: null,
  acknowledged: false,
  ...patch,
});

describe('the bank-transfer CSV', () => {
  it('neutralises every cell a spreadsheet would run as a formula, and quotes all', () => {
    for (const text of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx']) expect(csvField(text)).toBe(`"'${text}"`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(null)).toBe('""');
    expect(csvField(12.5)).toBe('"12.5"');
  });

  it('lists pending payouts only, with the account, a note when there is none or it cannot be read', () => {
    const accounts = new Map<string, WireAccount>([
      ['o1', { bankName: 'Grenada Co-operative Bank', accHolderName: 'Alicia Charles', accountNo: '100200300456', type: 'Savings', swiftCode: 'GCBKGDGD' }],
      ['o3', { bankName: 'RBTT', accHolderName: 'C', accountNo: null, type: 'Chequing', swiftCode: 'RBTTGDGD' }],
    ]);
    const lines = bankTransferCsv('AL092026', [row({}), row({ id: 'p2', ownerId: 'o2' }), row({ id: 'p3', ownerId: 'o3' }), row({ id: 'p4', status: 'PAID' })], accounts).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/"10000\.00","40","AL092026","PENDING","2026-09-08T00:00:00\.000Z","Grenada Co-operative Bank","Alicia Charles","100200300456","Savings","GCBKGDGD",""$/);
    expect(lines[2]).toMatch(/,"","","","","","No payout bank details on file: [^"]+"$/);
    expect(lines[3]).toMatch(/"RBTT","C","","Chequing","RBTTGDGD","The account number cannot be read \(BANK_ACCOUNT_KEY changed\): [^"]+"$/);
  });
});
