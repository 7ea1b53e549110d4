import { describe, expect, it } from 'vitest';
import { fitsOneSms, gsm7Length } from '../sms';
import { payoutAcknowledgeReminderText, payoutCreatedText, payoutWiredText } from './payout-texts';

// The longest of each part we produce: coverage is at most EC$1,000,000 (a payout at most that),
// policy numbers are FHP-CC-YYYY-NNNNNN, and the storm name is cut at 20 characters.
const WORST = { policyNumber: 'FHP-GD-2027-999999', amountCents: 999_999_999, stormName: 'UNNAMED SUBTROPICAL DEPRESSION NINETEEN' };
const paidAt = '2027-09-28T15:00:00Z';

describe('payout texts', () => {
  it('say amount, policy and storm in words', () => {
    const created = payoutCreatedText({ policyNumber: 'FHP-GD-2026-000042', amountCents: 875_000, stormName: 'JANET EXERCISE' });
    expect(created).toBe('FHP: Janet exercise met the terms of policy FHP-GD-2026-000042. A payout of EC$8,750.00 will be wired to your bank within 15 days. No claim needed.');
    expect(payoutWiredText({ policyNumber: 'FHP-GD-2026-000042', amountCents: 875_000, stormName: 'JANET EXERCISE', paidAt })).toContain('was wired to your bank on Sep 28, 2027');
    expect(payoutAcknowledgeReminderText({ policyNumber: 'FHP-GD-2026-000042', amountCents: 875_000, stormName: null, paidAt })).toContain('Acknowledge payout');
  });

  it('each fit one plain GSM-7 part at their longest, with no link', () => {
    const texts = [
      payoutCreatedText(WORST),
      payoutCreatedText({ ...WORST, stormName: null }),
      payoutWiredText({ ...WORST, paidAt: '2027-12-30T15:00:00Z' }),
      payoutAcknowledgeReminderText({ ...WORST, paidAt: '2027-12-30T15:00:00Z' }),
    ];
    for (const text of texts) {
      expect(fitsOneSms(text), `${gsm7Length(text)}: ${text}`).toBe(true);
      expect(text).not.toMatch(/https?:|www\./);
    }
  });

  it('counts GSM-7 as a phone does', () => {
    expect(gsm7Length('EC$1.00')).toBe(7);
    expect(gsm7Length('[x]')).toBe(5);
    expect(gsm7Length('“quoted”')).toBeNull();
    expect(fitsOneSms('a'.repeat(161))).toBe(false);
  });
});
