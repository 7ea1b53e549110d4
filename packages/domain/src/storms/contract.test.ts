import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import caribbeanText from '../../datasets/hurdat2/caribbean-1950-2023.txt?raw';
import { OPTION_IDS, PAYOUT_TABLE, type CycloneClass, type OptionId } from '../options';
import { classRank } from './classes';
import { BOX_1_METRES, BOX_2_METRES, evaluateStorm, payoutPercent, type OptionPercents } from './contract';
import { parseHurdat2, type Storm } from './hurdat2';
import { hurdat2Text, southernmostVertex, storm, travel, type PointSpec } from './testing';

const payouts = (t: number, o1: number, o2: number, o3: number, o4: number, o5: number): OptionPercents => ({ T: t, '1': o1, '2': o2, '3': o3, '4': o4, '5': o5 });
const NOTHING = payouts(0, 0, 0, 0, 0, 0);

/**
 * A hurricane moving west along a parallel `metres` south of the island's southernmost vertex: the
 * middle sample sits due south of that vertex, the nearest the track comes to the outline.
 */
function passingSouth(country: 'gd' | 'dm', metres: number, windKt: number, status: PointSpec['status'] = 'HU'): Storm {
  const vertex = southernmostVertex(country);
  const { lat } = travel(vertex.lat, vertex.lon, 180, metres);
  return storm([
    { hours: 0, lat, lon: vertex.lon + 1, windKt, status },
    { hours: 6, lat, lon: vertex.lon - 1, windKt, status },
  ]);
}

describe('payoutPercent: the table of spec part 1 section 9', () => {
  it('pays box 1 at any class and box 2 only for Cat 4 and 5', () => {
    expect(payoutPercent('T', 'TS', 'TS')).toBe(10);
    expect(payoutPercent('T', null, 'C3')).toBe(0);
    expect(payoutPercent('4', null, 'C4')).toBe(50);
    expect(payoutPercent('5', 'C4', 'C5')).toBe(100);
    expect(payoutPercent('1', 'C2', 'C4')).toBe(50);
    for (const option of OPTION_IDS) expect(payoutPercent(option, null, null)).toBe(0);
  });

  it('reads the domain table itself (no copy): every class in box 1 pays its cell', () => {
    for (const option of OPTION_IDS) {
      for (const [cycloneClass, percent] of Object.entries(PAYOUT_TABLE[option])) expect(payoutPercent(option, cycloneClass as CycloneClass, cycloneClass as CycloneClass)).toBe(percent);
    }
  });
});

describe('evaluateStorm on hand-made tracks', () => {
  it('a Category 5 straight over the island pays 100% under every option', () => {
    const over = storm([
      { hours: 0, lat: 12.12, lon: -60.5, windKt: 140 },
      { hours: 6, lat: 12.12, lon: -62.9, windKt: 140 },
    ]);
    const result = evaluateStorm(over, 'gd');
    expect(result).toMatchObject({ c1: 'C5', c2: 'C5', payouts: payouts(100, 100, 100, 100, 100, 100), closestTriggeringMetres: 0 });
    expect(evaluateStorm(over, 'dm')).toMatchObject({ c1: null, c2: null, payouts: NOTHING });
  });

  it('a Category 3 passing 24 km away is in box 1; 26 km away it is only in box 2 and pays nothing', () => {
    for (const country of ['gd', 'dm'] as const) {
      const near = evaluateStorm(passingSouth(country, 24_000, 100), country);
      expect(near).toMatchObject({ c1: 'C3', c2: 'C3', payouts: payouts(50, 50, 50, 50, 0, 0) });
      expect(near.closestTriggeringMetres).toBeCloseTo(24_000, 0);
      expect(near.qualifyingTimes.T).not.toBeNull();
      const far = evaluateStorm(passingSouth(country, 26_000, 100), country);
      expect(far).toMatchObject({ c1: null, c2: 'C3', payouts: NOTHING, qualifyingTimes: { T: null, '5': null } });
    }
  });

  it('a Category 4 passing 99 km away pays 50% under T to 4; 101 km away it pays nothing', () => {
    const inBox2 = evaluateStorm(passingSouth('gd', 99_000, 120), 'gd');
    expect(inBox2).toMatchObject({ c1: null, c2: 'C4', payouts: payouts(50, 50, 50, 50, 50, 0) });
    expect(evaluateStorm(passingSouth('gd', 101_000, 120), 'gd')).toMatchObject({ c1: null, c2: null, payouts: NOTHING });
    expect(evaluateStorm(passingSouth('dm', 99_000, 140), 'dm')).toMatchObject({ c2: 'C5', payouts: payouts(100, 100, 100, 100, 100, 100) });
  });

  it('only TS and HU statuses trigger: an extratropical or subtropical storm of any wind pays nothing', () => {
    for (const status of ['EX', 'SS', 'TD', 'LO'] as const) {
      expect(evaluateStorm(passingSouth('gd', 10_000, 130, status), 'gd')).toMatchObject({ c1: null, c2: null, payouts: NOTHING });
    }
    expect(evaluateStorm(passingSouth('gd', 10_000, 50, 'TS'), 'gd')).toMatchObject({ c1: 'TS', payouts: payouts(10, 0, 0, 0, 0, 0) });
  });

  it('takes the nearer point\'s status: a depression over the island turning into a hurricane far away never triggers', () => {
    const overGrenada = { lat: 12.12, lon: -61.68 };
    const farWest = { lat: 12.12, lon: -64.5 }; // about 300 km west
    const tdThenHu = storm([
      { hours: 0, ...overGrenada, windKt: 30, status: 'TD' },
      { hours: 6, ...farWest, windKt: 120, status: 'HU' },
    ]);
    // Samples over the island (the first ~1.5 h) are nearer the TD point; the HU half is more than 100 km away.
    expect(evaluateStorm(tdThenHu, 'gd')).toMatchObject({ c1: null, c2: null, payouts: NOTHING });
    // Reversed in time, the hurricane point is over the island: it pays from its own class.
    const huThenTd = storm([
      { hours: 0, ...overGrenada, windKt: 120, status: 'HU' },
      { hours: 6, ...farWest, windKt: 30, status: 'TD' },
    ]);
    expect(evaluateStorm(huThenTd, 'gd')).toMatchObject({ c1: 'C4', payouts: payouts(50, 50, 50, 50, 50, 0) });
  });

  it('interpolates the wind: a storm strengthening from Cat 2 to Cat 4 is Cat 3 when it crosses the island halfway', () => {
    // Over Grenada's centre at 3 h, when the wind is 100 kt: Cat 3 in box 1, Cat 4 reached only far from the island.
    const strengthening = storm([
      { hours: 0, lat: 12.12, lon: -60.2, windKt: 84 },
      { hours: 6, lat: 12.12, lon: -63.16, windKt: 116 },
    ]);
    const result = evaluateStorm(strengthening, 'gd');
    expect(result.c1).toBe('C3');
    expect(result.c2).toBe('C3');
    expect(result.payouts).toEqual(payouts(50, 50, 50, 50, 0, 0));
  });

  it('gives each option the first sample that pays its amount, and counts only samples inside a window', () => {
    // From Grenada's centre west at about 11 km/h while the wind grows 10 kt an hour, 70 to 130 kt:
    // Cat 3 (96 kt) from 2.6 h while still within 25 km of the west coast, Cat 4 (113 kt) from 4.3 h in box 2.
    const track = storm([
      { hours: 0, lat: 12.12, lon: -61.68, windKt: 70 },
      { hours: 6, lat: 12.12, lon: -62.3, windKt: 130 },
    ]);
    const result = evaluateStorm(track, 'gd');
    expect(result).toMatchObject({ c1: 'C3', c2: 'C4', payouts: payouts(50, 50, 50, 50, 50, 0) });
    const start = Date.UTC(2020, 8, 1);
    const hoursTo = (option: OptionId) => (Date.parse(result.qualifyingTimes[option]!) - start) / 3_600_000;
    // The first 10-minute samples at or after 2.6 h and 4.3 h.
    expect(hoursTo('T')).toBeCloseTo(16 / 6, 9);
    expect(hoursTo('3')).toBeCloseTo(16 / 6, 9);
    expect(hoursTo('4')).toBeCloseTo(26 / 6, 9);
    expect(result.qualifyingTimes['5']).toBeNull();
    // Only the first two hours: at most 88 kt, Cat 2 (83 kt) from 1.3 h.
    const early = evaluateStorm(track, 'gd', { toMs: start + 2 * 3_600_000 });
    expect(early).toMatchObject({ c1: 'C2', c2: 'C2', payouts: payouts(35, 35, 35, 0, 0, 0) });
    expect(early.qualifyingTimes.T).toBe('2020-09-01T01:20:00.000Z');
    expect(evaluateStorm(track, 'gd', { fromMs: start + 7 * 3_600_000 })).toMatchObject({ c1: null, c2: null, payouts: NOTHING });
  });
});

describe('evaluateStorm on the shipped records', () => {
  const storms = parseHurdat2(caribbeanText);
  const byId = (id: string) => storms.find((s) => s.id === id)!;

  it('Ivan 2004 on Grenada: Cat 3 in box 1, Cat 4 in box 2, 50% under T to 4 and nothing under 5', () => {
    const ivan = evaluateStorm(byId('AL092004'), 'gd');
    expect(ivan).toMatchObject({ name: 'IVAN', c1: 'C3', c2: 'C4', payouts: payouts(50, 50, 50, 50, 50, 0) });
    // Its closest-approach point (21:30 UTC, 11.9N 61.8W, 110 kt) lies about 12 km off the south coast.
    expect(ivan.closestTriggeringMetres! / 1000).toBeCloseTo(11.9, 1);
    expect(ivan.qualifyingTimes).toMatchObject({ T: '2004-09-07T20:10:00.000Z', '4': '2004-09-07T23:00:00.000Z', '5': null });
  });

  it('Emily 2005 on Grenada: Cat 1, 25% under T and 1 only', () => {
    expect(evaluateStorm(byId('AL052005'), 'gd')).toMatchObject({ c1: 'C1', c2: 'C1', payouts: payouts(25, 25, 0, 0, 0, 0) });
  });

  it('Maria 2017 on Dominica: Cat 5 over the island, 100% under every option', () => {
    expect(evaluateStorm(byId('AL152017'), 'dm')).toMatchObject({ c1: 'C5', c2: 'C5', payouts: payouts(100, 100, 100, 100, 100, 100), closestTriggeringMetres: 0 });
  });

  it('Erika 2015 and Irma 2017 pay nothing on either island; no storm pays the island it did not come near', () => {
    for (const id of ['AL052015', 'AL112017']) {
      for (const country of ['gd', 'dm'] as const) expect(evaluateStorm(byId(id), country).payouts).toEqual(NOTHING);
    }
    // Erika passed within box 2 of Dominica as a tropical storm: seen, but box 2 pays only Cat 4 and 5.
    expect(evaluateStorm(byId('AL052015'), 'dm')).toMatchObject({ c1: null, c2: 'TS' });
    expect(evaluateStorm(byId('AL092004'), 'dm').payouts).toEqual(NOTHING);
    expect(evaluateStorm(byId('AL152017'), 'gd').payouts).toEqual(NOTHING);
  });
});

/** A random hurricane track near Grenada, one-decimal coordinates as in HURDAT2, 6-hourly. */
const trackNearGrenada = fc
  .array(
    fc.record({
      lat: fc.integer({ min: 105, max: 140 }).map((x) => x / 10),
      lon: fc.integer({ min: -640, max: -595 }).map((x) => x / 10),
      windKt: fc.integer({ min: 20, max: 170 }),
      status: fc.constantFrom('TD', 'TS', 'HU', 'EX') as fc.Arbitrary<PointSpec['status'] & string>,
    }),
    { minLength: 2, maxLength: 8 },
  )
  .map((points) => storm(points.map((p, i) => ({ ...p, hours: i * 6 }))));

describe('contract properties', () => {
  it('more wind never pays less (every point as strong or stronger)', () => {
    fc.assert(
      fc.property(trackNearGrenada, fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 8, maxLength: 8 }), (track, boosts) => {
        const stronger: Storm = { ...track, points: track.points.map((p, i) => ({ ...p, windKt: Math.min(250, p.windKt! + boosts[i]!) })) };
        const before = evaluateStorm(track, 'gd');
        const after = evaluateStorm(stronger, 'gd');
        for (const option of OPTION_IDS) expect(after.payouts[option]).toBeGreaterThanOrEqual(before.payouts[option]);
        expect(classRank(after.c1)).toBeGreaterThanOrEqual(classRank(before.c1));
        expect(classRank(after.c2)).toBeGreaterThanOrEqual(classRank(before.c2));
      }),
      { numRuns: 150 },
    );
  });

  it('box 1 lies inside box 2: c2 is never below c1, and a payout always has a qualifying time', () => {
    fc.assert(
      fc.property(trackNearGrenada, (track) => {
        const result = evaluateStorm(track, 'gd');
        expect(classRank(result.c2)).toBeGreaterThanOrEqual(classRank(result.c1));
        for (const option of OPTION_IDS) expect(result.payouts[option] > 0).toBe(result.qualifyingTimes[option] !== null);
        if (result.closestTriggeringMetres !== null) expect(result.closestTriggeringMetres).toBeLessThanOrEqual(BOX_2_METRES);
        if (result.c1 !== null) expect(result.closestTriggeringMetres).toBeLessThanOrEqual(BOX_1_METRES);
      }),
      { numRuns: 150 },
    );
  });

  it('does not depend on the order of the track lines in the file: shuffled lines give the same evaluation', () => {
    fc.assert(
      fc.property(trackNearGrenada.chain((track) => fc.tuple(fc.constant(track), fc.shuffledSubarray(track.points.map((_, i) => i), { minLength: track.points.length }))), ([track, order]) => {
        const text = hurdat2Text([track]);
        const [header, ...lines] = text.trimEnd().split('\n');
        const shuffled = [header, ...order.map((i) => lines[i])].join('\n');
        const [fromShuffled] = parseHurdat2(shuffled);
        const [fromOrdered] = parseHurdat2(text);
        expect(fromShuffled).toEqual(fromOrdered);
        expect(evaluateStorm(fromShuffled!, 'gd')).toEqual(evaluateStorm(fromOrdered!, 'gd'));
      }),
      { numRuns: 100 },
    );
  });
});
