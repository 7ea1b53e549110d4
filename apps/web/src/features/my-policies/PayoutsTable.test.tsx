import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyPayoutRow } from './api';
import { PayoutsTable } from './PayoutsTable';

afterEach(cleanup);

const row = (overrides: Partial<MyPayoutRow>): MyPayoutRow => ({
  id: 'p1',
  percent: 35,
  amount: { formatted: 'EC$8,750.00' },
  status: 'PAID',
  paidOn: '2026-07-28',
  acknowledged: false,
  stormRef: 'AL052026',
  stormName: 'JANET EXERCISE',
  createdOn: '2026-07-21',
  ...overrides,
});

describe('PayoutsTable', () => {
  it('names the storm, its id beneath, and links to the tracker on its month', () => {
    render(
      <MemoryRouter>
        <PayoutsTable policyNumber="FHP-GD-2026-000042" payouts={[row({})]} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Janet exercise' });
    expect(link.getAttribute('href')).toContain('2026-07');
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Janet exerciseAL052026', 'EC$8,750.00' + '35% of coverage', 'Paid 28/07/2026Not acknowledged yet']);
  });

  it('has three columns, so it fits a phone', () => {
    render(
      <MemoryRouter>
        <PayoutsTable policyNumber="FHP-GD-2026-000042" payouts={[row({ status: 'PENDING', paidOn: null })]} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Storm', 'Amount', 'Status']);
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it('falls back on the id when the storm is not stored', () => {
    render(
      <MemoryRouter>
        <PayoutsTable policyNumber="FHP-GD-2026-000042" payouts={[row({ stormName: null })]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'AL052026' })).toBeTruthy();
  });
});
