import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geodesicDistanceMetres, ISLAND_OUTLINES, islandDistanceMetres } from './geometry';
import { bruteForceDistanceMetres, southernmostVertex, travel } from './testing';

/**
 * Tolerances: the brute force walks each outline segment (at most about 1.5 km long) in 400 steps
 * of under 4 m, so it lies above the true distance by under (4 m)^2 / (2 x distance), far below a
 * millimetre at the distances tested; both use geographiclib, accurate to nanometres. The fast
 * distance must match it within 0.5 m, a hundred times finer than the tens of metres the contract
 * needs.
 */
const AGREEMENT_M = 0.5;

const ST_GEORGES = { lat: 12.0561, lon: -61.7486 };
const ROSEAU = { lat: 15.3017, lon: -61.3881 };

describe('island outlines (Natural Earth 1:10m)', () => {
  it('has Grenada as two islands, Grenada itself and Carriacou, and Dominica as one', () => {
    const { gd, dm } = ISLAND_OUTLINES.islands;
    expect(gd.naturalEarthId).toBe('308');
    expect(dm.naturalEarthId).toBe('212');
    expect(gd.polygons).toHaveLength(2);
    expect(dm.polygons).toHaveLength(1);
    const latitudes = gd.polygons.map((polygon) => polygon[0]!.map(([, lat]) => lat));
    // Grenada spans 12.0-12.24N; Carriacou 12.44-12.53N. Petite Martinique (12.53N 61.38W) is too small for 1:10m.
    expect(latitudes.map((l) => [Math.min(...l), Math.max(...l)].map((x) => Math.round(x * 100) / 100))).toEqual([
      [12, 12.24],
      [12.44, 12.53],
    ]);
    expect(islandDistanceMetres('gd', 12.529, -61.383)).toBeGreaterThan(3_000);
  });
});

describe('islandDistanceMetres', () => {
  it('is 0 in the middle of each island and of Carriacou', () => {
    expect(islandDistanceMetres('gd', 12.12, -61.68)).toBe(0);
    expect(islandDistanceMetres('gd', 12.48, -61.45)).toBe(0);
    expect(islandDistanceMetres('dm', 15.42, -61.35)).toBe(0);
  });

  it('puts St. George\'s 361 km from Roseau, and each town some 300-350 km from the other island', () => {
    // The towns are 3.25 degrees of latitude apart, which alone is 359 km along the meridian.
    expect(geodesicDistanceMetres(ST_GEORGES.lat, ST_GEORGES.lon, ROSEAU.lat, ROSEAU.lon) / 1000).toBeCloseTo(361.2, 1);
    expect(islandDistanceMetres('gd', ST_GEORGES.lat, ST_GEORGES.lon)).toBeLessThan(1_000);
    expect(islandDistanceMetres('dm', ROSEAU.lat, ROSEAU.lon)).toBeLessThan(1_000);
    expect(islandDistanceMetres('dm', ST_GEORGES.lat, ST_GEORGES.lon) / 1000).toBeCloseTo(350.4, 0);
    expect(islandDistanceMetres('gd', ROSEAU.lat, ROSEAU.lon) / 1000).toBeCloseTo(306.7, 0);
  });

  it('measures 25 km off the coast as 25 km: in box 1 at 25 km, out of it at 26 km', () => {
    for (const country of ['gd', 'dm'] as const) {
      // Due south of the southernmost vertex every other outline point lies farther north, so that vertex is the nearest.
      const vertex = southernmostVertex(country);
      for (const metres of [24_000, 25_000, 26_000, 99_000, 101_000]) {
        const at = travel(vertex.lat, vertex.lon, 180, metres);
        expect(Math.abs(islandDistanceMetres(country, at.lat, at.lon) - metres)).toBeLessThan(0.01);
      }
      const inside = travel(vertex.lat, vertex.lon, 180, 25_000);
      const outside = travel(vertex.lat, vertex.lon, 180, 26_000);
      expect(islandDistanceMetres(country, inside.lat, inside.lon)).toBeLessThanOrEqual(25_000.01);
      expect(islandDistanceMetres(country, outside.lat, outside.lon)).toBeGreaterThan(25_000);
    }
  });

  it('agrees with a brute-force walk along the outline for points all around both islands', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('gd' as const, 'dm' as const),
        fc.double({ min: -1.2, max: 1.2, noNaN: true }),
        fc.double({ min: -1.2, max: 1.2, noNaN: true }),
        (country, dLat, dLon) => {
          const centre = country === 'gd' ? { lat: 12.2, lon: -61.6 } : { lat: 15.4, lon: -61.35 };
          const lat = centre.lat + dLat;
          const lon = centre.lon + dLon;
          const fast = islandDistanceMetres(country, lat, lon);
          if (fast === 0) return true; // inside: checked by the point-in-polygon cases above
          expect(Math.abs(fast - bruteForceDistanceMetres(country, lat, lon))).toBeLessThan(AGREEMENT_M);
          return true;
        },
      ),
      { numRuns: 40 },
    );
    // 40 brute-force walks take about 2 s alone; the whole Vitest run shares two cores among four
    // workers, where it once passed Vitest's default 5 s.
  }, 30_000);

  it('stays exact far from the islands (Miami, Caracas, Dakar)', () => {
    for (const [lat, lon] of [[25.76, -80.19], [10.48, -66.9], [14.72, -17.47]] as const) {
      for (const country of ['gd', 'dm'] as const) {
        expect(Math.abs(islandDistanceMetres(country, lat, lon) - bruteForceDistanceMetres(country, lat, lon, 50))).toBeLessThan(AGREEMENT_M);
      }
    }
  });

  it('answers Infinity only for points certainly beyond a limit, and the exact distance otherwise', () => {
    const far = travel(12.0, -61.75, 180, 150_000);
    expect(islandDistanceMetres('gd', far.lat, far.lon, 100_000)).toBe(Infinity);
    const exact = islandDistanceMetres('gd', far.lat, far.lon);
    expect(exact).toBeGreaterThan(140_000);
    expect(islandDistanceMetres('gd', far.lat, far.lon, 300_000)).toBe(exact);
  });
});
