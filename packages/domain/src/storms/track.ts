import { DomainError } from '../errors';
import { STORM_ERROR_CODES } from './errors';
import type { Storm, StormStatus } from './hurdat2';

/**
 * The contract looks at a storm every 10 minutes at most (product decisions, "The parametric
 * contract"). Samples are every track point plus every whole 10 minutes of the UTC clock between
 * two points (12:00, 12:10, ...), so no gap exceeds 10 minutes, every track point counts as
 * recorded, and every sample time reads as a plain clock time in an audit (a landfall point at
 * 01:15 is followed by 01:20).
 */
export const SAMPLE_INTERVAL_MS = 10 * 60_000;

export interface TrackSample {
  timeMs: number;
  lat: number;
  lon: number;
  /** Interpolated linearly; null when either end of the stretch has no recorded wind. */
  windKt: number | null;
  /** The status of the nearer track point in time; the later one at the exact midpoint. */
  status: StormStatus;
}

/** Longitudes are interpolated the short way round, so a track crossing 180 degrees stays continuous. */
function lonBetween(lon0: number, lon1: number, fraction: number): number {
  let delta = lon1 - lon0;
  if (delta > 180) delta -= 360;
  else if (delta < -180) delta += 360;
  let lon = lon0 + fraction * delta;
  if (lon > 180) lon -= 360;
  else if (lon < -180) lon += 360;
  return lon;
}

/**
 * Calls `visit` for every sample of the storm's track, in time order. Points must be in time order,
 * one per instant, as `parseHurdat2` returns them. The callback form keeps a full pass over the
 * database free of intermediate arrays.
 */
export function forEachSample(storm: Storm, visit: (sample: TrackSample) => void): void {
  const { points } = storm;
  if (points.length === 0) return;
  let previousMs = Date.parse(points[0]!.time);
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i]!;
    const p1 = points[i + 1]!;
    const t0 = previousMs;
    const t1 = Date.parse(p1.time);
    if (!(t1 > t0)) {
      throw new DomainError(STORM_ERROR_CODES.TRACK_NOT_IN_ORDER, `The track points of storm ${storm.id} must be in time order, one per instant (${p0.time}, ${p1.time})`);
    }
    const span = t1 - t0;
    visit({ timeMs: t0, lat: p0.lat, lon: p0.lon, windKt: p0.windKt, status: p0.status });
    for (let t = (Math.floor(t0 / SAMPLE_INTERVAL_MS) + 1) * SAMPLE_INTERVAL_MS; t < t1; t += SAMPLE_INTERVAL_MS) {
      const fraction = (t - t0) / span;
      visit({
        timeMs: t,
        lat: p0.lat + fraction * (p1.lat - p0.lat),
        lon: lonBetween(p0.lon, p1.lon, fraction),
        windKt: p0.windKt === null || p1.windKt === null ? null : p0.windKt + fraction * (p1.windKt - p0.windKt),
        // Whole milliseconds: the comparison is exact, and the midpoint goes to the later point.
        status: 2 * (t - t0) < span ? p0.status : p1.status,
      });
    }
    previousMs = t1;
  }
  const last = points[points.length - 1]!;
  visit({ timeMs: previousMs, lat: last.lat, lon: last.lon, windKt: last.windKt, status: last.status });
}

/** Every sample of the track as an array (for display and tests; passes over many storms use `forEachSample`). */
export function trackSamples(storm: Storm): TrackSample[] {
  const samples: TrackSample[] = [];
  forEachSample(storm, (sample) => samples.push(sample));
  return samples;
}
