import { describe, expect, it } from 'vitest';
import caribbeanText from '../../datasets/hurdat2/caribbean-1950-2023.txt?raw';
import { backtest, BACKTEST_SEASONS, loadPrecomputedBacktest } from './backtest';
import { parseHurdat2 } from './hurdat2';
import { storm } from './testing';

const storms = parseHurdat2(caribbeanText);

describe('backtest over the shipped records', () => {
  const grenada = backtest(storms, 'gd');
  const dominica = backtest(storms, 'dm');

  it('covers the 74 seasons 1950-2023', () => {
    expect(BACKTEST_SEASONS).toEqual({ first: 1950, last: 2023 });
    expect(grenada).toMatchObject({ country: 'gd', firstSeason: 1950, lastSeason: 2023, seasonCount: 74 });
  });

  it('Grenada: Ivan is the only storm option 3 or 4 would have paid, and option 5 never paid', () => {
    // Option 3 qualifies on the first Cat 3 sample in box 1, option 4 on the first Cat 4 sample in box 2.
    for (const [option, time] of [['3', '2004-09-07T20:10:00.000Z'], ['4', '2004-09-07T23:00:00.000Z']] as const) {
      expect(grenada.options[option]).toMatchObject({ totalPercent: 50, seasonsPaid: 1 });
      expect(grenada.options[option].payouts).toEqual([
        { stormId: 'AL092004', name: 'IVAN', time, date: '2004-09-07', season: 2004, c1: 'C3', c2: 'C4', percent: 50, paidPercent: 50 },
      ]);
    }
    expect(grenada.options['5']).toMatchObject({ payouts: [], totalPercent: 0, seasonsPaid: 0 });
    expect(grenada.options['1'].payouts.map((p) => p.name)).toContain('EMILY');
  });

  it('Dominica: Maria is the only storm option 5 would have paid; richer options pay at least as often', () => {
    expect(dominica.options['5'].payouts.map((p) => [p.stormId, p.percent])).toEqual([['AL152017', 100]]);
    const order = ['T', '1', '2', '3', '4', '5'] as const;
    for (const country of [grenada, dominica]) {
      for (let i = 1; i < order.length; i++) {
        expect(country.options[order[i - 1]!].totalPercent).toBeGreaterThanOrEqual(country.options[order[i]!].totalPercent);
        expect(country.options[order[i - 1]!].seasonsPaid).toBeGreaterThanOrEqual(country.options[order[i]!].seasonsPaid);
      }
    }
  });

  it('two storms in one season: Earl and Ivan 2004 both pay Grenada under option T', () => {
    const season2004 = grenada.options.T.payouts.filter((p) => p.season === 2004);
    expect(season2004.map((p) => [p.name, p.paidPercent])).toEqual([
      ['EARL', 10],
      ['IVAN', 50],
    ]);
    expect(grenada.options.T.seasonsPaid).toBe(new Set(grenada.options.T.payouts.map((p) => p.season)).size);
  });

  it('is what the precomputed file holds', async () => {
    const precomputed = await loadPrecomputedBacktest();
    expect(precomputed.countries).toEqual({ gd: grenada, dm: dominica });
    expect(precomputed.source).toContain('hurdat2-1851-2023-051124');
  });
});

describe('backtest rules', () => {
  const cat5OverGrenada = (id: string, day: number) =>
    storm(
      [
        { hours: day * 24, lat: 12.12, lon: -60.5, windKt: 150 },
        { hours: day * 24 + 6, lat: 12.12, lon: -62.9, windKt: 150 },
      ],
      id,
    );

  it('caps each season at 100%: a second Cat 5 in the same term pays nothing, in the next term it pays again', () => {
    // Day 0 is 2020-09-01; day 300 is 2021-06-28, the next cover term.
    const result = backtest([cat5OverGrenada('AL012020', 0), cat5OverGrenada('AL022020', 10), cat5OverGrenada('AL032021', 300)], 'gd', { first: 2020, last: 2021 });
    expect(result.options['5'].payouts.map((p) => [p.stormId, p.season, p.percent, p.paidPercent])).toEqual([
      ['AL012020', 2020, 100, 100],
      ['AL022020', 2020, 100, 0],
      ['AL032021', 2021, 100, 100],
    ]);
    expect(result.options['5']).toMatchObject({ totalPercent: 200, seasonsPaid: 2 });
    expect(result.seasonCount).toBe(2);
  });

  it('leaves out storms outside the seasons asked for', () => {
    expect(backtest([cat5OverGrenada('AL012020', 0)], 'gd', { first: 2021, last: 2022 }).options.T.payouts).toEqual([]);
  });
});
