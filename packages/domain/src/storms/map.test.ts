import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { describe, expect, it } from 'vitest';
import sampleText from '../../datasets/hurdat2/sample.txt?raw';
import { BOX_1_METRES, BOX_2_METRES } from './contract';
import { islandDistanceMetres, type Ring } from './geometry';
import { parseHurdat2 } from './hurdat2';
import { boxOutline, islandMap, trackPointClass, trackStretches } from './map';
import { storm } from './testing';

const inside = (ring: Ring, lon: number, lat: number) => booleanPointInPolygon([lon, lat], { type: 'Polygon', coordinates: [ring] });

describe('box outlines', () => {
  for (const country of ['gd', 'dm'] as const) {
    for (const metres of [BOX_1_METRES, BOX_2_METRES]) {
      it(`${country}: every vertex of the ${metres / 1000} km outline lies at that distance from the island, to 5 m`, () => {
        const ring = boxOutline(country, metres);
        expect(ring[0]).toEqual(ring[ring.length - 1]);
        for (const [lon, lat] of ring) expect(Math.abs(islandDistanceMetres(country, lat, lon) - metres)).toBeLessThan(5);
      });

      it(`${country}: the ${metres / 1000} km outline holds exactly the points within ${metres / 1000} km (a grid, 1 km either side)`, () => {
        const ring = boxOutline(country, metres);
        const { island } = islandMap(country);
        const [lon0, lat0] = island[0]![0]![0]!;
        const span = (metres / 111_000) * 1.6;
        for (let i = 0; i <= 24; i++) {
          for (let j = 0; j <= 24; j++) {
            const lon = lon0 - span + (2 * span * i) / 24;
            const lat = lat0 - span + (2 * span * j) / 24;
            const distance = islandDistanceMetres(country, lat, lon);
            if (distance < metres - 1_000) expect([lon, lat, inside(ring, lon, lat)]).toEqual([lon, lat, true]);
            if (distance > metres + 1_000) expect([lon, lat, inside(ring, lon, lat)]).toEqual([lon, lat, false]);
          }
        }
      });
    }
  }

  it('puts the island inside box 1 and box 1 inside box 2, computed once', () => {
    for (const country of ['gd', 'dm'] as const) {
      const map = islandMap(country);
      for (const [lon, lat] of map.island.flatMap((polygon) => polygon[0]!)) expect(inside(map.box1, lon, lat)).toBe(true);
      for (const [lon, lat] of map.box1) expect(inside(map.box2, lon, lat)).toBe(true);
      expect(islandMap(country).box2).toBe(map.box2);
    }
  });
});

describe('track stretches', () => {
  it('colours by the contract class: TS and HU by wind, anything else OTHER', () => {
    expect(trackPointClass('HU', 120)).toBe('C4');
    expect(trackPointClass('TS', 40)).toBe('TS');
    expect(trackPointClass('TD', 30)).toBe('OTHER');
    expect(trackPointClass('EX', 90)).toBe('OTHER');
    expect(trackPointClass('HU', null)).toBe('OTHER');
  });

  it('cuts a track where the class changes, at the midpoint between the two points', () => {
    const track = storm([
      { hours: 0, lat: 10, lon: -50, windKt: 30, status: 'TD' },
      { hours: 6, lat: 10, lon: -52, windKt: 40, status: 'TS' },
      { hours: 12, lat: 11, lon: -54, windKt: 45, status: 'TS' },
      { hours: 18, lat: 12, lon: -56, windKt: 70, status: 'HU' },
    ]);
    expect(trackStretches(track)).toEqual([
      { trackClass: 'OTHER', positions: [[-50, 10], [-51, 10]] },
      { trackClass: 'TS', positions: [[-51, 10], [-52, 10], [-54, 11], [-55, 11.5]] },
      { trackClass: 'C1', positions: [[-55, 11.5], [-56, 12]] },
    ]);
    expect(trackStretches({ points: [] })).toEqual([]);
  });

  it('keeps every point of a real track, in order (Ivan 2004 reaches Cat 5)', () => {
    const ivan = parseHurdat2(sampleText).find((s) => s.id === 'AL092004')!;
    const stretches = trackStretches(ivan);
    const original = stretches.flatMap((s) => s.positions).filter((p) => ivan.points.some((q) => q.lon === p[0] && q.lat === p[1]));
    expect(new Set(original.map((p) => p.join())).size).toBe(new Set(ivan.points.map((p) => `${p.lon},${p.lat}`)).size);
    expect(stretches.map((s) => s.trackClass)).toContain('C5');
  });
});
