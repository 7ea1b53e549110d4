import geographiclib from 'geographiclib-geodesic';
import { ISLAND_OUTLINES } from './geometry';
import type { RecordFlag, Storm, StormStatus, TrackPoint } from './hurdat2';
import type { CountryCode } from '../countries';

/**
 * Helpers for the storm tests (imported by *.test.ts only): hand-made tracks, their HURDAT2 text,
 * and an independent brute-force distance to check the fast one against.
 */

const { Geodesic } = geographiclib;

export interface PointSpec {
  /** Hours after 2020-09-01T00:00Z. */
  hours: number;
  lat: number;
  lon: number;
  windKt: number | null;
  status?: StormStatus;
  recordFlag?: RecordFlag | null;
  pressureMb?: number;
}

const EPOCH = Date.UTC(2020, 8, 1);

export function point(spec: PointSpec): TrackPoint {
  const result: TrackPoint = {
    time: new Date(EPOCH + spec.hours * 3_600_000).toISOString(),
    recordFlag: spec.recordFlag ?? null,
    status: spec.status ?? 'HU',
    lat: spec.lat,
    lon: spec.lon,
    windKt: spec.windKt,
  };
  if (spec.pressureMb !== undefined) result.pressureMb = spec.pressureMb;
  return result;
}

export function storm(points: PointSpec[], id = 'AL992020', name = 'TESTER'): Storm {
  return { id, name, year: Number(id.slice(4)), points: points.map(point) };
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

/** One data line as NHC writes it (21 fields, radii zero). */
export function hurdat2Line(p: TrackPoint): string {
  const time = new Date(p.time);
  const date = p.time.slice(0, 10).replaceAll('-', '');
  const hhmm = `${String(time.getUTCHours()).padStart(2, '0')}${String(time.getUTCMinutes()).padStart(2, '0')}`;
  const lat = `${Math.abs(p.lat).toFixed(1)}${p.lat < 0 ? 'S' : 'N'}`;
  const lon = `${Math.abs(p.lon).toFixed(1)}${p.lon < 0 ? 'W' : 'E'}`;
  const radii = Array.from({ length: 12 }, () => pad(0, 4)).join(',');
  return `${date}, ${hhmm}, ${pad(p.recordFlag ?? '', 1)}, ${p.status}, ${pad(lat, 5)}, ${pad(lon, 6)}, ${pad(p.windKt ?? -999, 3)}, ${pad(p.pressureMb ?? -999, 4)},${radii}, -999`;
}

export function hurdat2Header(s: Pick<Storm, 'id' | 'name'>, count: number): string {
  return `${s.id}, ${pad(s.name, 18)}, ${pad(count, 6)},`;
}

export function hurdat2Text(storms: Storm[]): string {
  return storms.map((s) => [hurdat2Header(s, s.points.length), ...s.points.map(hurdat2Line)].join('\n')).join('\n') + '\n';
}

/**
 * Distance to the outline by brute force: every segment walked in `steps` equal parts with
 * geographiclib, the least distance kept. Independent of the prefilter and the walk to the foot,
 * and above the true distance by at most (step length)^2 / (2 x distance).
 */
export function bruteForceDistanceMetres(country: CountryCode, lat: number, lon: number, steps = 400): number {
  let best = Infinity;
  for (const ring of ISLAND_OUTLINES.islands[country].polygons.flat()) {
    for (let i = 1; i < ring.length; i++) {
      const [lon0, lat0] = ring[i - 1]!;
      const [lon1, lat1] = ring[i]!;
      const line = Geodesic.WGS84.InverseLine(lat0, lon0, lat1, lon1);
      for (let k = 0; k <= steps; k++) {
        const at = line.Position((line.s13 * k) / steps);
        best = Math.min(best, Geodesic.WGS84.Inverse(lat, lon, at.lat2!, at.lon2!).s12!);
      }
    }
  }
  return best;
}

/** The point `metres` from (lat, lon) along `azimuth` degrees (0 north, 90 east) on WGS84. */
export function travel(lat: number, lon: number, azimuth: number, metres: number): { lat: number; lon: number } {
  const end = Geodesic.WGS84.Direct(lat, lon, azimuth, metres);
  return { lat: end.lat2!, lon: end.lon2! };
}

/** The outline's southernmost vertex: every other point of the outline lies north of it. */
export function southernmostVertex(country: CountryCode): { lat: number; lon: number } {
  const vertices = ISLAND_OUTLINES.islands[country].polygons.flat(2);
  const [lon, lat] = vertices.reduce((low, v) => (v[1] < low[1] ? v : low));
  return { lat, lon };
}
