import { describe, expect, it } from 'vitest';
import { designStormExposure, EXPOSURE_PERCENTS, exposureBases, exposureScope, historicalPage, type HistoricalExposure } from './portfolio';

const season2026 = { coverStart: '2026-06-01', coverEnd: '2027-05-31' } as const;

describe('portfolio exposure', () => {
  it('knows the percents the table gives', () => {
    expect(EXPOSURE_PERCENTS).toEqual([10, 25, 35, 50, 100]);
  });

  it('counts a policy in force only while its cover runs, and an issued one for a later term apart', () => {
    expect(exposureScope('EVENT_MONITORING', season2026, '2026-11-26')).toBe('IN_FORCE');
    expect(exposureScope('PAYOUT_CONFIRMATION', season2026, '2027-05-31')).toBe('IN_FORCE');
    expect(exposureScope('EVENT_MONITORING', season2026, '2027-06-01')).toBeNull();
    expect(exposureScope('ISSUED', season2026, '2026-05-31')).toBe('NOT_STARTED');
    // Issued but not yet moved into monitoring on a running term: the trigger engine would not pay it.
    expect(exposureScope('ISSUED', season2026, '2026-06-02')).toBeNull();
    expect(exposureScope('PAYMENT_PENDING', season2026, '2026-05-01')).toBeNull();
    expect(exposureScope('CANCELED', season2026, '2026-11-26')).toBeNull();
  });

  it('caps each policy at what its term has left, never the sum', () => {
    const bases = exposureBases([
      { scope: 'IN_FORCE', country: 'gd', optionId: 'T', coverageCents: 1_000_000, paidOutCents: 0 },
      { scope: 'IN_FORCE', country: 'gd', optionId: 'T', coverageCents: 1_000_000, paidOutCents: 1_000_000 },
      { scope: 'IN_FORCE', country: 'gd', optionId: 'T', coverageCents: 1_000_001, paidOutCents: 700_000 },
    ]);
    expect(bases).toHaveLength(1);
    expect(bases[0]).toMatchObject({ policies: 3, coverageCents: 3_000_001, remainingCents: 1_300_001 });
    // 35% of 1,000,001 is 350,000.35, half-up 350,000; capped at 300,001 on the third.
    expect(bases[0]?.payoutAt['35']).toBe(350_000 + 0 + 300_001);
    expect(designStormExposure(bases)).toEqual([
      { scope: 'IN_FORCE', country: 'gd', label: 'Category 5 through box 1', payoutCents: 1_000_000 + 300_001 },
      { scope: 'IN_FORCE', country: 'gd', label: 'Category 4 through box 2', payoutCents: 500_000 + 300_001 },
    ]);
  });

  it('pages and searches the historical storms', () => {
    const storms: HistoricalExposure[] = [
      { country: 'gd', stormId: 'AL092004', name: 'IVAN', date: '2004-09-07', payoutCents: 9 },
      { country: 'dm', stormId: 'AL152017', name: 'MARIA', date: '2017-09-18', payoutCents: 8 },
      { country: 'gd', stormId: 'AL052005', name: 'EMILY', date: '2005-07-14', payoutCents: 1 },
    ];
    expect(historicalPage(storms, { limit: 2 })).toEqual({ totalCount: 3, items: storms.slice(0, 2) });
    expect(historicalPage(storms, { offset: 2 }).items).toEqual([storms[2]]);
    expect(historicalPage(storms, { search: 'maria' }).items).toEqual([storms[1]]);
    expect(historicalPage(storms, { search: '2005' }).items).toEqual([storms[2]]);
    expect(historicalPage(storms, { country: 'gd' }).totalCount).toBe(2);
  });
});
