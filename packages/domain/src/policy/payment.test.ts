import { describe, expect, it } from 'vitest';
import { cancelledPaymentsText, formatReceiptNumber, paymentReferenceKey, paymentRefusal, recordPaymentInputSchema, stillOwedCents } from './payment';

const valid = { policyNumber: 'FHP-GD-2027-000001', amount: 500, channel: 'CREDIT_UNION', reference: 'CU-0042/17', paidOn: '2027-03-15' };
const firstMessage = (input: unknown) => recordPaymentInputSchema.safeParse(input).error?.issues[0]?.message;

describe('recordPaymentInputSchema', () => {
  it('turns the EC$ amount (number or typed text) into cents', () => {
    expect(recordPaymentInputSchema.parse(valid)).toEqual({ ...valid, amount: 50_000 });
    expect(recordPaymentInputSchema.parse({ ...valid, amount: '1,234.56' }).amount).toBe(123_456);
    expect(recordPaymentInputSchema.parse({ ...valid, amount: 0.01 }).amount).toBe(1);
  });

  it.each([
    [0, 'Amount must be more than EC$0.00'],
    [-5, 'Amount must be more than EC$0.00'],
    ['-5', 'Amount must be more than EC$0.00'],
    [10.005, 'Amount can have at most 2 decimals'],
    ['10.005', 'Amount can have at most 2 decimals'],
    ['ten', 'Amount must be a number in EC$'],
    ['', 'Amount is required'],
    [undefined, 'Amount is required'],
  ])('refuses the amount %s: %s', (amount, message) => {
    expect(firstMessage({ ...valid, amount })).toBe(message);
  });

  it('requires a reference of letters, digits, spaces, hyphens or slashes, up to 40 characters', () => {
    expect(firstMessage({ ...valid, reference: '  ' })).toBe('Payment reference is required');
    expect(firstMessage({ ...valid, reference: 'x'.repeat(41) })).toBe('Payment reference must be at most 40 characters');
    expect(firstMessage({ ...valid, reference: 'ref;drop' })).toBe('Payment reference may contain only letters, digits, spaces, hyphens and slashes');
  });

  it('requires a real paid-on date, a channel and a policy number', () => {
    expect(firstMessage({ ...valid, paidOn: '2027-02-30' })).toBe('Paid-on date must be a date written YYYY-MM-DD');
    expect(firstMessage({ ...valid, channel: 'CARD' })).toBe('Please choose where the payment was made');
    expect(firstMessage({ ...valid, policyNumber: ' ' })).toBe('Policy number is required');
  });
});

describe('paymentRefusal', () => {
  const context = { outstandingCents: 100_000, purchaseDate: '2027-03-01', today: '2027-03-15' };
  it('accepts up to what is still owed, paid between the purchase and today', () => {
    expect(paymentRefusal({ amount: 100_000, paidOn: '2027-03-15' }, context)).toBeNull();
    expect(paymentRefusal({ amount: 1, paidOn: '2027-03-01' }, context)).toBeNull();
  });
  it('refuses an overpayment, a future date, a date before the purchase and a paid-up policy', () => {
    expect(paymentRefusal({ amount: 100_001, paidOn: '2027-03-15' }, context)).toBe('The payment of EC$1,000.01 is more than the EC$1,000.00 still due');
    expect(paymentRefusal({ amount: 100, paidOn: '2027-03-16' }, context)).toBe('The paid-on date cannot be in the future (today is 15/03/2027)');
    expect(paymentRefusal({ amount: 100, paidOn: '2027-02-28' }, context)).toBe('The paid-on date cannot be before the policy was bought (01/03/2027)');
    expect(paymentRefusal({ amount: 100, paidOn: '2027-03-10' }, { ...context, outstandingCents: 0 })).toBe('Nothing is owed on this policy: it is fully paid.');
  });
  it('refuses a payment made after the payment deadline, naming it', () => {
    const late = { ...context, today: '2027-06-02', paymentDeadline: '2027-05-31' };
    expect(paymentRefusal({ amount: 100, paidOn: '2027-05-31' }, late)).toBeNull();
    expect(paymentRefusal({ amount: 100, paidOn: '2027-06-01' }, late)).toBe(
      'A payment made on 01/06/2027 cannot be recorded: the premium was due by the payment deadline of 31/05/2027',
    );
  });
});

describe('references and receipts', () => {
  it('compares references without spaces, hyphens or case', () => {
    expect(paymentReferenceKey('cu-0042 17')).toBe(paymentReferenceKey('CU004217'));
    expect(paymentReferenceKey('CU/1')).not.toBe(paymentReferenceKey('CU1'));
  });
  it('numbers receipts with six digits', () => {
    expect(formatReceiptNumber(42)).toBe('R-000042');
  });
});

describe('a cancelled policy owes nothing (issue 20 item 3)', () => {
  it('owes the rest of the premium until it is cancelled, then nothing', () => {
    expect(stillOwedCents({ status: 'PAYMENT_PENDING', payableCents: 164_700, paidCents: 82_350 })).toBe(82_350);
    expect(stillOwedCents({ status: 'CANCELED', payableCents: 164_700, paidCents: 82_350 })).toBe(0);
    expect(stillOwedCents({ status: 'ISSUED', payableCents: 164_700, paidCents: 164_700 })).toBe(0);
  });

  it('says the refund due, or that nothing is owed either way', () => {
    expect(cancelledPaymentsText(82_350)).toBe('This policy was canceled, so nothing more is owed. The EC$823.50 you paid will be refunded; our team will contact you about it.');
    expect(cancelledPaymentsText(0)).toBe('This policy was canceled. No payment was received, so nothing is owed either way.');
  });
});
