import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentChannel, PaymentPlan } from '@fhp/domain';
import type { PurchaseResult } from '../state/purchaseData';
import { discountedOption3 } from '../state/testing';
import { PaymentStep } from './PaymentStep';

afterEach(cleanup);

const option = discountedOption3;

/** The step with its plan and channel held as the flow holds them. */
function Harness({
  onConfirm,
  onPriceChanged = () => {},
  today = '2026-11-22',
  deadline = '2027-05-31',
}: {
  onConfirm: () => Promise<PurchaseResult>;
  onPriceChanged?: () => void;
  today?: string;
  deadline?: string;
}) {
  const [plan, setPlan] = useState<PaymentPlan | null>(null);
  const [channel, setChannel] = useState<PaymentChannel | null>(null);
  return (
    <PaymentStep
      option={option}
      plan={plan}
      channel={channel}
      today={today}
      deadline={deadline}
      onChange={(nextPlan, nextChannel) => {
        setPlan(nextPlan);
        setChannel(nextChannel);
      }}
      onBack={() => {}}
      onConfirm={onConfirm}
      onPriceChanged={onPriceChanged}
      onDone={() => {}}
    />
  );
}

const rows = () => within(screen.getByRole('table', { name: 'Your payment schedule' })).getAllByRole('row').slice(1).map((row) => row.textContent);

describe('payment schedule', () => {
  // 190 days from 22/11/2026 to 31/05/2027: instalments on days 0, 63, 126 and 190; the odd 2 cents on the first.
  it('splits the discounted premium into 4 instalments, the last due on the deadline', () => {
    render(<Harness onConfirm={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: '4 instalments' }));
    expect(rows()).toEqual([
      'Instalment 122/11/2026EC$586.64',
      'Instalment 224/01/2027EC$586.62',
      'Instalment 328/03/2027EC$586.62',
      'Instalment 431/05/2027EC$586.62',
    ]);
  });

  it('pays in full by the deadline', () => {
    render(<Harness onConfirm={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Pay in full' }));
    expect(rows()).toEqual(['Full premium31/05/2027EC$2,346.50']);
  });

  it('offers only the plans that fit before the deadline', () => {
    render(<Harness onConfirm={vi.fn()} today="2027-05-30" />);
    expect(screen.queryByRole('radio', { name: '4 instalments' })).toBeNull();
    expect(screen.getByRole('radio', { name: '2 instalments' })).toBeTruthy();
  });

  it('sends the purchase once on a double click, the button disabled while pending', async () => {
    let finish: (result: PurchaseResult) => void = () => {};
    const onConfirm = vi.fn(() => new Promise<PurchaseResult>((resolve) => (finish = resolve)));
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Pay in full' }));
    fireEvent.click(screen.getByRole('radio', { name: 'By bank transfer' }));
    const button = screen.getByRole('button', { name: 'Confirm purchase' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect((screen.getByRole('button', { name: /Please wait while we create your policy/ }) as HTMLButtonElement).disabled).toBe(true));
    finish({} as PurchaseResult);
  });

  it('shows a changed price in the dialog and offers the new price instead of a retry', async () => {
    const { ApiError } = await import('../../../lib/graphql/errors');
    const sentence = 'The offer on this policy has ended, so its price has changed since you chose it. Please review the new price and confirm again.';
    const onConfirm = vi.fn(() => Promise.reject(new ApiError('refused', sentence, 'PRICE_CHANGED')));
    const onPriceChanged = vi.fn();
    render(<Harness onConfirm={onConfirm} onPriceChanged={onPriceChanged} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Pay in full' }));
    fireEvent.click(screen.getByRole('radio', { name: 'By bank transfer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uh oh.' });
    expect(dialog.textContent).toContain(sentence);
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review the new price' }));
    expect(onPriceChanged).toHaveBeenCalledOnce();
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('offers a retry for any other failure', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new Error('offline')));
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Pay in full' }));
    fireEvent.click(screen.getByRole('radio', { name: 'By bank transfer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uh oh.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(2));
  });

  it('asks for a plan and a channel before confirming', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(screen.getByText('Please choose how you want to pay')).toBeTruthy();
    expect(screen.getByText('Please choose where you will pay')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
