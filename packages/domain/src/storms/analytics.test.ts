import { describe, expect, it } from 'vitest';
import caribbeanText from '../../datasets/hurdat2/caribbean-1950-2023.txt?raw';
import { OPTION_IDS } from '../options';
import {
  alertApproach,
  bucketStart,
  calendarEvents,
  closestApproach,
  CYCLONE_EVENT_COLOURS,
  cycloneTableRows,
  MAX_WIND_BUCKETS,
  NEARBY_METRES,
  nearbySamples,
  strongestNearbyClass,
  windSeries,
} from './analytics';
import { evaluateStorm } from './contract';
import { parseHurdat2 } from './hurdat2';
import { storm } from './testing';

const storms = parseHurdat2(caribbeanText);
const ivan = storms.find((s) => s.id === 'AL092004')!;
const maria = storms.find((s) => s.id === 'AL152017')!;

describe('calendar events', () => {
  it('Ivan on Grenada: eligible under T (a Cat 3 in box 1), only "occurred" under option 5, nearby the next day', () => {
    expect(calendarEvents([ivan], 'gd', 'T').map((e) => [e.date, e.title, e.windKt, e.categoryLabel])).toEqual([
      ['2004-09-07', 'Eligible For Payout', 115, 'Category 4'],
      ['2004-09-08', 'Weather System Nearby', 120, 'Category 4'],
    ]);
    const [occurred] = calendarEvents([ivan], 'gd', '5');
    expect(occurred).toMatchObject({ date: '2004-09-07', kind: 'TROPICAL_CYCLONE_OCCURRED', title: 'Tropical Cyclone Occurred', stormId: 'AL092004', name: 'IVAN' });
    // The strongest box-2 sample of the local day: 00:20 UTC (20:20 local, still Sep 7), 115.3 kt, just before Ivan left box 2.
    expect(occurred!.time).toBe('2004-09-08T00:20:00.000Z');
    expect(occurred!.windKt).toBe(115);
    expect(occurred!.closestMetres / 1000).toBeCloseTo(11.9, 1);
    expect(calendarEvents([ivan], 'dm', 'T')).toEqual([]);
  });

  it('colours the kinds as the spec says', () => {
    expect(CYCLONE_EVENT_COLOURS).toEqual({ ELIGIBLE_FOR_PAYOUT: 'green', TROPICAL_CYCLONE_OCCURRED: 'red', SYSTEM_NEARBY: 'orange' });
  });

  it('agrees with the contract for every shipped storm, island and option', () => {
    for (const country of ['gd', 'dm'] as const) {
      for (const s of storms) {
        const evaluation = evaluateStorm(s, country);
        for (const option of OPTION_IDS) {
          const kinds = new Set(calendarEvents([s], country, option).map((e) => e.kind));
          expect([s.id, country, option, kinds.has('ELIGIBLE_FOR_PAYOUT')]).toEqual([s.id, country, option, evaluation.payouts[option] > 0]);
          const tropical = kinds.has('ELIGIBLE_FOR_PAYOUT') || kinds.has('TROPICAL_CYCLONE_OCCURRED');
          expect([s.id, country, tropical]).toEqual([s.id, country, evaluation.c2 !== null]);
        }
      }
    }
  });

  it('counts days in Port of Spain and keeps only the asked range', () => {
    // Over Grenada from 03:00 to 05:00 UTC: 23:00-01:00 local, two local days.
    const night = storm([
      { hours: 3, lat: 12.12, lon: -61.6, windKt: 50, status: 'TS' },
      { hours: 5, lat: 12.12, lon: -61.7, windKt: 50, status: 'TS' },
    ]);
    expect(calendarEvents([night], 'gd', 'T').map((e) => [e.date, e.kind])).toEqual([
      ['2020-08-31', 'ELIGIBLE_FOR_PAYOUT'],
      ['2020-09-01', 'ELIGIBLE_FOR_PAYOUT'],
    ]);
    expect(calendarEvents([night], 'gd', 'T', { from: '2020-09-01' }).map((e) => e.date)).toEqual(['2020-09-01']);
    expect(calendarEvents([night], 'gd', 'T', { to: '2020-08-31' }).map((e) => e.date)).toEqual(['2020-08-31']);
  });

  it('turns events into table rows: local date, time of the observation, wind and category', () => {
    const rows = cycloneTableRows(calendarEvents([maria], 'dm', '5'));
    expect(rows[0]).toEqual({
      date: '2017-09-18',
      cycloneDate: '2017-09-19T00:00:00.000Z',
      windspeedKt: 145,
      category: 'Category 5',
      kind: 'ELIGIBLE_FOR_PAYOUT',
      title: 'Eligible For Payout',
      stormId: 'AL152017',
      name: 'MARIA',
    });
  });
});

describe('wind series', () => {
  it('gives the strongest and weakest wind within 300 km per local day', () => {
    expect(windSeries([ivan], 'gd', { period: 'day' })).toEqual([
      { start: '2004-09-07', maxKt: 118, minKt: 98 },
      { start: '2004-09-08', maxKt: 120, minKt: 118 },
    ]);
  });

  it('buckets by ISO week by default and fills a range with empty weeks', () => {
    const season2004 = storms.filter((s) => s.year === 2004);
    const weeks = windSeries(season2004, 'gd', { from: '2004-09-01', to: '2004-09-30' });
    expect(weeks.map((w) => w.start)).toEqual(['2004-08-30', '2004-09-06', '2004-09-13', '2004-09-20', '2004-09-27']);
    expect(weeks[0]).toEqual({ start: '2004-08-30', maxKt: null, minKt: null });
    expect(weeks[1]).toEqual({ start: '2004-09-06', maxKt: 120, minKt: 98 });
  });

  it('starts buckets on the day, the Monday, the 1st of the month and of January', () => {
    expect(['day', 'week', 'month', 'year'].map((p) => bucketStart('2004-09-08', p as 'day'))).toEqual(['2004-09-08', '2004-09-06', '2004-09-01', '2004-01-01']);
    expect(bucketStart('2004-09-06', 'week')).toBe('2004-09-06');
    expect(bucketStart('2004-09-05', 'week')).toBe('2004-08-30');
    expect(windSeries([ivan, maria], 'gd', { period: 'month', from: '2004-11-15', to: '2005-02-01' }).map((b) => b.start)).toEqual([
      '2004-11-01', '2004-12-01', '2005-01-01', '2005-02-01',
    ]);
    const maxWithin300km = (year: number) =>
      Math.max(...storms.filter((s) => s.year === year).flatMap((s) => nearbySamples(s, 'dm').map((x) => x.windKt ?? 0)));
    expect(windSeries(storms, 'dm', { period: 'year', from: '2016-01-01', to: '2017-12-31' }).map((b) => [b.start, b.maxKt])).toEqual([
      ['2016-01-01', Math.floor(maxWithin300km(2016))],
      ['2017-01-01', 155], // Irma at its peak, 203 km north of Dominica: on the chart, but never in box 2
    ]);
    expect(closestApproach(storms.find((s) => s.id === 'AL112017')!, 'dm')!.distanceMetres / 1000).toBeCloseTo(203.5, 0);
  });

  it('refuses a range with more buckets than a chart can use', () => {
    expect(() => windSeries([ivan], 'gd', { period: 'day', from: '1950-01-01', to: '2023-12-31' })).toThrow(`at most ${MAX_WIND_BUCKETS} days`);
  });
});

describe('closest approach and nearby samples', () => {
  it('finds where Ivan came closest to Grenada: its closest-approach point, 11.9 km off, Cat 3', () => {
    expect(closestApproach(ivan, 'gd')).toMatchObject({
      stormId: 'AL092004',
      time: '2004-09-07T21:30:00.000Z',
      lat: 11.9,
      lon: -61.8,
      windKt: 110,
      status: 'HU',
      category: 'C3',
      categoryLabel: 'Category 3',
    });
    expect(closestApproach(ivan, 'gd')!.distanceMetres / 1000).toBeCloseTo(11.9, 1);
    expect(closestApproach(maria, 'dm')).toMatchObject({ distanceMetres: 0, category: 'C5' });
    expect(closestApproach(ivan, 'dm')).toBeNull();
    expect(strongestNearbyClass(ivan, 'gd')).toBe('C4');
  });

  it('keeps only samples within 300 km, computed once per storm and island', () => {
    const samples = nearbySamples(ivan, 'gd');
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((s) => s.distanceMetres <= NEARBY_METRES)).toBe(true);
    expect(nearbySamples(ivan, 'gd')).toBe(samples);
  });
});

describe('storm alerts', () => {
  it('say how close a tropical system came, and how strong it was within 300 km', () => {
    expect(alertApproach(ivan, 'gd')).toMatchObject({ time: '2004-09-07T21:30:00.000Z', windKt: 110, categoryLabel: 'Category 3', strongest: 'C4' });
    expect(alertApproach(ivan, 'gd')!.distanceMetres / 1000).toBeCloseTo(11.9, 1);
    expect(alertApproach(ivan, 'dm')).toBeNull();
  });

  it('ignore depressions, waves and lows however close, and samples outside the window', () => {
    const depression = storm([
      { hours: 0, lat: 12.1, lon: -61.7, windKt: 30, status: 'TD' },
      { hours: 6, lat: 12.1, lon: -61.9, windKt: 30, status: 'TD' },
      { hours: 12, lat: 13.5, lon: -63.5, windKt: 45, status: 'TS' },
    ]);
    // The depression crossed the island; only the tropical storm part, about 230 km off, alerts.
    const approach = alertApproach(depression, 'gd')!;
    expect(approach.categoryLabel).toBe('Tropical Storm');
    expect(approach.distanceMetres).toBeGreaterThan(100_000);
    expect(approach.distanceMetres).toBeLessThanOrEqual(NEARBY_METRES);
    expect(alertApproach(depression, 'gd', { toMs: Date.parse('2020-09-01T09:00:00Z') })).toBeNull();
    expect(alertApproach(storm([{ hours: 0, lat: 12.1, lon: -61.7, windKt: 25, status: 'LO' }]), 'gd')).toBeNull();
  });
});
