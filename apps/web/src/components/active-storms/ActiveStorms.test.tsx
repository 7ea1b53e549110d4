import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ActiveStormsPanel } from './ActiveStorms';
import type { ActiveStormRow } from './api';

afterEach(cleanup);

const ivan: ActiveStormRow = {
  policyNumber: 'FHP-GD-2026-000001',
  countryName: 'Grenada',
  stormId: 'AL302026',
  stormName: 'IVAN',
  classWords: 'Hurricane, category 3',
  position: '11.6°N 59.4°W',
  distanceKm: 240,
  distance: '240 km from Grenada',
  latest: { time: '2026-09-07T12:00:00.000Z', status: 'HU', windKt: 100, lat: 11.6, lon: -59.4 },
  payout: { state: 'AWAITING_SOURCES', percent: 50, sourcesAgreeing: 1, sourcesRequired: 2, sentence: 'Estimated payout 50%: awaiting a second source' },
};

function panel(rows: ActiveStormRow[], policyNumber = 'FHP-GD-2026-000001') {
  return render(
    <MemoryRouter>
      <ActiveStormsPanel rows={rows} policyNumber={policyNumber} />
    </MemoryRouter>,
  );
}

describe('the active-storm panel (decision 173)', () => {
  it("shows the storm's latest position, class, distance and what it has earned, in the server's words", () => {
    panel([ivan]);
    const region = screen.getByRole('region', { name: 'Active storm near Grenada' });
    expect(within(region).getByRole('link', { name: 'Ivan (AL302026)' }).getAttribute('href')).toBe('/my-policies/actual/weather-analytics/api-detail/AL302026?policy=FHP-GD-2026-000001');
    expect(region.textContent).toContain('Hurricane, category 3');
    expect(region.textContent).toContain('11.6°N 59.4°W · Sep 7, 8:00 AM AST');
    expect(region.textContent).toContain('240 km from Grenada');
    expect(region.textContent).toContain('100 knots');
    expect(region.textContent).toContain('Estimated payout 50%: awaiting a second source');
  });

  it('names every storm near the island, and only those of this policy', () => {
    panel([ivan, { ...ivan, stormId: 'AL312026', stormName: 'JULIA', payout: { ...ivan.payout, state: 'PREPARING', sentence: 'Payout being prepared: 50% of your coverage' } }, { ...ivan, policyNumber: 'FHP-GD-2026-000002', stormId: 'AL322026' }]);
    const region = screen.getByRole('region', { name: 'Active storms near Grenada' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    expect(region.textContent).toContain('Payout being prepared: 50% of your coverage');
    expect(region.textContent).not.toContain('AL322026');
  });

  it('draws nothing while no storm is active', () => {
    const { container } = panel([]);
    expect(container.textContent).toBe('');
  });
});
