import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteOption } from '../api';
import { OptionCard } from './OptionCard';

afterEach(cleanup);

const money = (cents: number) => ({ raw: cents / 100, cents, formatted: `EC$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}` });

function quoteOption(discount: QuoteOption['discount']): QuoteOption {
  return {
    id: '3',
    label: 'Option 3: Category 3 and above',
    rolPct: 9.88,
    premium: money(247000),
    coverage: money(2500000),
    discount,
    triggeringParams: [
      { id: 3, params: ['C2', 'BOX_1'], coveragePct: 0, coverage: money(0) },
      { id: 4, params: ['C3', 'BOX_1'], coveragePct: 50, coverage: money(1250000) },
    ],
  };
}

describe('OptionCard', () => {
  it('shows a discount as the struck-through original price beside the lower one', () => {
    const { container } = render(
      <OptionCard option={quoteOption({ percent: 5, amount: money(12350), premium: money(234650) })} name="opt" checked={false} onSelect={() => {}} />,
    );
    expect(container.querySelector('del')?.textContent).toContain('EC$2,470.00');
    expect(container.querySelector('ins')?.textContent).toContain('EC$2,346.50');
    expect(screen.getByText('5% off')).toBeTruthy();
  });

  it('shows the premium alone, not struck through, without an offer', () => {
    const { container } = render(<OptionCard option={quoteOption(null)} name="opt" checked={false} onSelect={() => {}} />);
    expect(container.querySelector('del')).toBeNull();
    expect(screen.getByText('EC$2,470.00')).toBeTruthy();
  });

  it('is a radio named by the option, listing only the storms it pays for', () => {
    const onSelect = vi.fn();
    render(<OptionCard option={quoteOption(null)} name="opt" checked={false} onSelect={onSelect} />);
    const radio = screen.getByRole('radio', { name: 'Option 3: Category 3 and above' });
    radio.click();
    expect(onSelect).toHaveBeenCalledWith('3');
    expect(screen.getByText(/Pays Category 3 50%/)).toBeTruthy();
    expect(screen.queryByText(/Category 2/)).toBeNull();
  });
});
