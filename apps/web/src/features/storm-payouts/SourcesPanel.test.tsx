import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedStatusTable, SourceDifferenceCard } from './SourcesPanel';
import type { SourceDifferenceItem } from './sources-api';

afterEach(cleanup);

const figures = (percents: number[]) => ['T', '1', '2', '3', '4', '5'].map((option, i) => ({ option, percent: percents[i]! }));

const difference: SourceDifferenceItem = {
  stormId: 'AL342020',
  name: 'TESTER',
  country: 'gd',
  countryName: 'Grenada',
  seasonYear: 2020,
  sourcesRequired: 2,
  payable: true,
  paid: figures([25, 25, 0, 0, 0, 0]),
  sources: [
    { source: 'mirror', c1: 'C1', c2: 'C1', payouts: figures([25, 25, 0, 0, 0, 0]), evaluatedAt: '2026-09-01T12:00:00.000Z' },
    { source: 'nhc', c1: 'C3', c2: 'C3', payouts: figures([50, 50, 50, 50, 0, 0]), evaluatedAt: '2026-09-01T12:00:00.000Z' },
  ],
  approval: null,
};

describe('the sources table of the Storm Payouts screen', () => {
  it('shows each source’s figure per option beside what is paid, marking the figures above it', () => {
    render(<SourceDifferenceCard difference={difference} />);
    const table = screen.getByRole('region', { name: 'Figures of each source for TESTER (AL342020) over Grenada, 2020 season' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Source', 'Box 1', 'Option T', 'Option 1', 'Option 2', 'Option 3', 'Option 4', 'Option 5'],
      ['mirror', 'C1', '25%', '25%', '0%', '0%', '0%', '0%'],
      ['nhc', 'C3', '50% (more than paid)', '50% (more than paid)', '50% (more than paid)', '50% (more than paid)', '0%', '0%'],
      ['Paid', '', '25%', '25%', '0%', '0%', '0%', '0%'],
    ]);
    expect(screen.getByText('Sources differ')).toBeTruthy();
    expect(screen.getByText(/Paid: the figure 2 sources each reach\./)).toBeTruthy();
  });

  it('shows an approved difference with who approved it and why', () => {
    render(<SourceDifferenceCard difference={{ ...difference, payable: false, paid: figures([50, 50, 50, 50, 0, 0]), approval: { reason: 'Recon confirmed Category 3', approvedBy: 'Ada Admin', approvedAt: '2026-09-02T12:00:00.000Z' } }} />);
    expect(screen.getByText('Difference paid')).toBeTruthy();
    expect(screen.getByText(/Difference approved by Ada Admin on .*: “Recon confirmed Category 3”/)).toBeTruthy();
  });

  it('marks a silent source', () => {
    render(
      <FeedStatusTable
        feeds={[
          { source: 'mirror', url: 'https://mirror.example/bal342020.dat', answeredAt: '2026-09-01T10:00:00.000Z', changedAt: null, failures: 7, lastError: 'the server answered 503', silent: true },
          { source: 'nhc', url: 'https://nhc.example/bal342020.dat', answeredAt: '2026-09-01T12:00:00.000Z', changedAt: null, failures: 0, lastError: null, silent: false },
        ]}
      />,
    );
    const rows = within(screen.getByRole('region', { name: 'Advisory feed sources' })).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Silent for over an hour');
    expect(rows[1]!.textContent).toContain('7 failures in a row: the server answered 503');
    expect(rows[2]!.textContent).toContain('Answering');
    cleanup();
    render(<FeedStatusTable feeds={[{ source: 'backup', url: 'https://backup.example/bal342026.dat', answeredAt: null, changedAt: null, failures: 1, lastError: null, silent: true }]} />);
    expect(screen.getByText('Silent: never answered')).toBeTruthy();
  });
});
