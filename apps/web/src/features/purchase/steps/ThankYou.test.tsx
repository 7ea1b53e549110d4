import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PurchaseResult } from '../state/purchaseData';
import { ThankYou } from './ThankYou';

afterEach(cleanup);

const result: PurchaseResult = {
  policyNumber: 'FHP-DM-2027-000001',
  type: 'PROVISIONAL',
  status: 'PAYMENT_PENDING',
  premium: 2470,
  discountedPremium: 2346.5,
  purchasedBy: { email: 'ann@example.com', primaryContactNo: null, phoneVerified: false },
  paymentPlan: 'FULL',
  paymentChannel: 'CREDIT_UNION',
  schedule: [{ number: 1, dueDate: '2027-05-31', amount: { raw: 2346.5, cents: 234650, formatted: 'EC$2,346.50' } }],
  bankTransferReference: null,
};

function renderThankYou(purchase: PurchaseResult) {
  const router = createMemoryRouter([{ path: '/', element: <ThankYou result={purchase} onLeave={() => {}} /> }]);
  render(<RouterProvider router={router} />);
}

const premiumCell = () => screen.getByText('Premium', { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('thank-you screen', () => {
  it('strikes the original premium through beside the discounted one, as the options and preview steps do', () => {
    renderThankYou(result);
    expect(premiumCell().querySelector('del')?.textContent).toBe('Was EC$2,470.00');
    expect(premiumCell().querySelector('ins')?.textContent).toBe('Now EC$2,346.50');
  });

  it('shows the one premium when no offer applied', () => {
    renderThankYou({ ...result, discountedPremium: null });
    expect(premiumCell().textContent).toBe('EC$2,470.00');
    expect(premiumCell().querySelector('del')).toBeNull();
  });
});
