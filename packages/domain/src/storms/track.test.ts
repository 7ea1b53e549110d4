import { describe, expect, it } from 'vitest';
import { CYCLONE_CLASSES } from '../options';
import { CLASS_LOWER_BOUNDS_KT, classFromWind, triggeringClass } from './classes';
import { SAMPLE_INTERVAL_MS, trackSamples } from './track';
import { storm } from './testing';

describe('classes from wind', () => {
  it('follows the Saffir-Simpson bounds of the contract at every edge', () => {
    const cases: [number | null, string | null][] = [
      [null, null], [33, null], [33.99, null], [34, 'TS'], [63, 'TS'], [63.99, 'TS'], [64, 'C1'], [82, 'C1'], [83, 'C2'], [95, 'C2'],
      [96, 'C3'], [112, 'C3'], [113, 'C4'], [136, 'C4'], [137, 'C5'], [185, 'C5'],
    ];
    for (const [wind, expected] of cases) expect([wind, classFromWind(wind)]).toEqual([wind, expected]);
    expect(Object.keys(CLASS_LOWER_BOUNDS_KT)).toEqual([...CYCLONE_CLASSES]);
  });

  it('lets only tropical storms and hurricanes trigger', () => {
    expect(triggeringClass('HU', 120)).toBe('C4');
    expect(triggeringClass('TS', 70)).toBe('C1');
    for (const status of ['TD', 'EX', 'SD', 'SS', 'LO', 'WV', 'DB'] as const) expect(triggeringClass(status, 120)).toBeNull();
  });
});

describe('track samples', () => {
  const sixHours = storm([
    { hours: 0, lat: 10, lon: -60, windKt: 40, status: 'TS' },
    { hours: 6, lat: 11, lon: -63, windKt: 100, status: 'HU' },
  ]);

  it('samples six hours on the 10-minute clock: 37 samples, both track points among them', () => {
    const samples = trackSamples(sixHours);
    expect(samples).toHaveLength(37);
    expect(samples[1]!.timeMs - samples[0]!.timeMs).toBe(SAMPLE_INTERVAL_MS);
    expect(samples[0]).toMatchObject({ lat: 10, lon: -60, windKt: 40, status: 'TS' });
    expect(samples[36]).toMatchObject({ lat: 11, lon: -63, windKt: 100, status: 'HU' });
  });

  it('interpolates latitude, longitude and wind linearly', () => {
    const at2h = trackSamples(sixHours)[12]!;
    expect(at2h.timeMs - Date.UTC(2020, 8, 1)).toBe(2 * 3_600_000);
    expect(at2h.lat).toBeCloseTo(10 + 1 / 3, 12);
    expect(at2h.lon).toBeCloseTo(-61, 12);
    expect(at2h.windKt).toBeCloseTo(60, 12);
  });

  it('gives a sample the status of the nearer point, the later one at the exact midpoint', () => {
    const samples = trackSamples(sixHours);
    expect(samples[17]).toMatchObject({ status: 'TS' }); // 2 h 50: nearer the first point
    expect(samples[18]).toMatchObject({ status: 'HU', windKt: 70 }); // 3 h 00: the midpoint takes the later
    // Points off the 10-minute clock: samples at both points and at 0:10 and 0:20 between; 0:10 is nearer the first.
    const offClock = trackSamples(storm([
      { hours: 5 / 60, lat: 10, lon: -60, windKt: 30, status: 'TD' },
      { hours: 25 / 60, lat: 10.1, lon: -60, windKt: 40, status: 'TS' },
    ]));
    expect(offClock.map((s) => [(s.timeMs - Date.UTC(2020, 8, 1)) / 60_000, s.status, s.windKt])).toEqual([
      [5, 'TD', 30],
      [10, 'TD', 32.5],
      [20, 'TS', 37.5],
      [25, 'TS', 40],
    ]);
  });

  it('samples at most every 10 minutes whatever the spacing of the points', () => {
    const irregular = storm([
      { hours: 0, lat: 10, lon: -60, windKt: 40 },
      { hours: 1.75, lat: 10.2, lon: -60.5, windKt: 50 },
      { hours: 6, lat: 11, lon: -62, windKt: 60 },
      { hours: 6.1, lat: 11.01, lon: -62.01, windKt: 60 },
    ]);
    const samples = trackSamples(irregular);
    for (let i = 1; i < samples.length; i++) expect(samples[i]!.timeMs - samples[i - 1]!.timeMs).toBeLessThanOrEqual(SAMPLE_INTERVAL_MS);
    expect(samples.at(-1)!.timeMs - samples[0]!.timeMs).toBe(6.1 * 3_600_000);
  });

  it('has no wind between a point with a missing wind and the next', () => {
    const samples = trackSamples(storm([
      { hours: 0, lat: 10, lon: -60, windKt: null, status: 'TD' },
      { hours: 1, lat: 10, lon: -61, windKt: 30, status: 'TD' },
    ]));
    expect(samples.map((s) => s.windKt)).toEqual([null, null, null, null, null, null, 30]);
  });

  it('refuses points out of time order', () => {
    const backwards = storm([
      { hours: 6, lat: 10, lon: -60, windKt: 40 },
      { hours: 0, lat: 10, lon: -61, windKt: 40 },
    ]);
    expect(() => trackSamples(backwards)).toThrow('must be in time order');
  });
});
