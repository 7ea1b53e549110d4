import { describe, expect, it } from 'vitest';
import { chartPointsFor, describePayouts, OPTION_ROWS, STORM_COLUMNS } from './payoutStructure';

describe('payout structure for the landing page', () => {
  it('has six storm columns, box 1 up to Category 3 and boxes 1 and 2 above', () => {
    expect(STORM_COLUMNS.map((c) => `${c.label} / ${c.boxLabel}`)).toEqual([
      'Tropical Storm / Box 1',
      'Category 1 / Box 1',
      'Category 2 / Box 1',
      'Category 3 / Box 1',
      'Category 4 / Boxes 1 and 2',
      'Category 5 / Boxes 1 and 2',
    ]);
  });

  it('lists the six options with the spec payout percentages', () => {
    expect(OPTION_ROWS.map((r) => [r.optionId, r.payouts])).toEqual([
      ['T', [10, 25, 35, 50, 50, 100]],
      ['1', [0, 25, 35, 50, 50, 100]],
      ['2', [0, 0, 35, 50, 50, 100]],
      ['3', [0, 0, 0, 50, 50, 100]],
      ['4', [0, 0, 0, 0, 50, 100]],
      ['5', [0, 0, 0, 0, 0, 100]],
    ]);
  });

  it('gives the chart one point per storm class', () => {
    expect(chartPointsFor('2')).toEqual([
      { name: 'TS', payoutPct: 0 },
      { name: 'Cat 1', payoutPct: 0 },
      { name: 'Cat 2', payoutPct: 35 },
      { name: 'Cat 3', payoutPct: 50 },
      { name: 'Cat 4', payoutPct: 50 },
      { name: 'Cat 5', payoutPct: 100 },
    ]);
  });

  it('describes the chart in words for screen readers', () => {
    const text = describePayouts('4');
    expect(text).toContain('Tropical Storm: no payout');
    expect(text).toContain('Category 4: 50%');
    expect(text).toContain('Category 5: 100%');
  });

  it('has only payouts the chart can draw: whole multiples of 5 from 0 to 100 (styles/_layout.scss)', () => {
    for (const row of OPTION_ROWS) {
      for (const pct of row.payouts) expect(pct % 5 === 0 && pct >= 0 && pct <= 100, `${row.optionId}: ${pct}`).toBe(true);
    }
  });
});
