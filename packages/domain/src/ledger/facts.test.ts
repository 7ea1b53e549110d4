import { describe, expect, it } from 'vitest';
import { ledgerDataFacts } from './facts';

const facts = (data: unknown, stormName?: string | null) => Object.fromEntries(ledgerDataFacts(data, stormName).map((fact) => [fact.label, fact.value]));

describe('a ledger entry in words (issue 20 item 4)', () => {
  it('an issued policy: the island, the option label, the premium in EC$, the season', () => {
    expect(ledgerDataFacts({ policyNumber: 'FHP-GD-2026-000042', country: 'gd', option: '2', seasonYear: 2026, premiumPaidCents: 252_300 })).toEqual([
      { label: 'Policy number', value: 'FHP-GD-2026-000042' },
      { label: 'Country', value: 'Grenada' },
      { label: 'Option', value: 'Option 2: Category 2 and above' },
      { label: 'Season', value: '2026 (June 1, 2026 to May 31, 2027)' },
      { label: 'Premium paid', value: 'EC$2,523.00' },
    ]);
  });

  it('a payout: the storm by its name with the id, shares in words', () => {
    expect(facts({ policyNumber: 'FHP-GD-2026-000042', storm: 'AL052026', percent: 35, contractPercent: 35 }, 'JANET EXERCISE')).toEqual({
      'Policy number': 'FHP-GD-2026-000042',
      Storm: 'Janet exercise (AL052026)',
      'Share paid': '35% of the coverage',
      'Share the contract gives': '35% of the coverage',
    });
    expect(facts({ storm: 'manual', percent: 10 })).toMatchObject({ Storm: 'None: a payout made by hand' });
    expect(facts({ storm: 'AL012027', percent: 10 })).toMatchObject({ Storm: 'AL012027' });
  });

  it("a storm evaluation's payouts: how many, and the root that proves them (decision 174)", () => {
    expect(facts({ storm: 'AL092004', name: 'IVAN', payoutRoot: 'ab'.repeat(32), payoutLeaves: 83_334, firstPayout: 'p-1', lastPayout: 'p-9' })).toMatchObject({
      'Payouts this evaluation created': '83,334',
      'Merkle root of its payouts': 'ab'.repeat(32),
      'First payout': 'p-1',
      'Last payout': 'p-9',
    });
  });

  it('a trigger: its own name, classes and what each option pays', () => {
    const trigger = facts({ storm: 'AL052026', name: 'JANET EXERCISE', country: 'dm', season: 2026, version: 1, c1: 'none', c2: 'C2', optionT: 70, option5: 0 });
    expect(trigger).toEqual({
      Storm: 'Janet exercise (AL052026)',
      Country: 'Dominica',
      Season: '2026 (June 1, 2026 to May 31, 2027)',
      'Track version': '1',
      'Strongest within 25 km (box 1)': 'None',
      'Strongest within 100 km (box 2)': 'Category 2',
      'Option T: Tropical Storm and above pays': '70% of the coverage',
      'Option 5: Category 5 only pays': '0% of the coverage',
    });
  });

  it('status changes, payments and cancellations', () => {
    expect(facts({ from: 'PAYMENT_PENDING', to: 'CANCELED', reason: 'PAYMENT_DEADLINE', refundDueCents: 82_350 })).toEqual({
      'Status before': 'Payment pending',
      'Status after': 'Canceled',
      Why: 'The premium was not paid in full by the payment deadline',
      'Refund due': 'EC$823.50',
    });
    expect(facts({ receiptNumber: 'R-000001', channel: 'CREDIT_UNION', paidOn: '2026-03-04' })).toEqual({
      'Receipt number': 'R-000001',
      Paid: 'At a partner credit union',
      'Paid on': 'March 4, 2026',
    });
  });

  it('an unknown key still reads as words; no record, no facts', () => {
    expect(ledgerDataFacts({ someNewField: 'x' })).toEqual([{ label: 'Some new field', value: 'x' }]);
    expect(ledgerDataFacts(null)).toEqual([]);
  });
});
