import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyPolicyDetail } from './api';
import { PaymentsSection } from './PaymentsSection';

afterEach(cleanup);

const money = (cents: number) => ({ cents, formatted: `EC$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}` });

/** The demo's cancelled policy: half of EC$1,647.00 paid in two instalments, then cancelled. */
const payments = {
  paymentState: 'PARTIALLY_PAID',
  paymentPlan: 'TWO',
  payable: money(164_700),
  paid: money(82_350),
  outstanding: money(0),
  refundDue: money(82_350),
  minDue: { amount: money(0), dueDate: null, overdue: false },
  schedule: [
    { number: 1, dueDate: '2026-03-01', amount: money(82_350), state: 'PAID' },
    { number: 2, dueDate: '2026-05-01', amount: money(82_350), state: 'DUE' },
  ],
  payments: [{ id: 'r1', receiptNumber: 'R-000001', amount: money(82_350), channel: 'CREDIT_UNION', paidOn: '2026-02-20', receiptUrl: '/r1' }],
  contractUrl: null,
} as unknown as MyPolicyDetail['payments'];

describe('PaymentsSection', () => {
  it('a cancelled policy shows what was paid and the refund due, no schedule and nothing owed', () => {
    render(<PaymentsSection status="CANCELED" payments={payments} />);
    expect(screen.getByText('Refund due').nextSibling?.textContent).toBe('EC$823.50');
    expect(screen.getByText(/The EC\$823\.50 you paid will be refunded/)).toBeTruthy();
    expect(screen.queryByText('Still owed')).toBeNull();
    expect(screen.queryByText('Minimum due')).toBeNull();
    expect(screen.queryByText('Payment schedule')).toBeNull();
    expect(screen.getByText('Payments received')).toBeTruthy();
  });

  it('a policy still collecting shows what is owed and the schedule', () => {
    render(<PaymentsSection status="PAYMENT_PENDING" payments={{ ...payments, outstanding: money(82_350), refundDue: money(0) }} />);
    expect(screen.getByText('Still owed').nextSibling?.textContent).toBe('EC$823.50');
    expect(screen.getByText('Payment schedule')).toBeTruthy();
    expect(screen.queryByText('Refund due')).toBeNull();
  });
});
