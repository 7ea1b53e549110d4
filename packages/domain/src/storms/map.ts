import geographiclib from 'geographiclib-geodesic';
import type { CountryCode } from '../countries';
import type { CycloneClass } from '../options';
import { triggeringClass } from './classes';
import { BOX_1_METRES, BOX_2_METRES } from './contract';
import { ISLAND_OUTLINES, islandDistanceMetres, type Ring } from './geometry';
import type { Storm, StormStatus } from './hurdat2';

/**
 * What the storm maps draw (issue 10 item 8: the tracker and the admin's payout screen), in
 * longitude/latitude, from the contract's own geometry: the island outline, the outlines of box 1
 * and box 2 (every point at exactly 25 km and 100 km of the outline, as `islandDistanceMetres`
 * measures it), and a track cut into stretches by class. Projection and drawing are the page's.
 */

const { Geodesic } = geographiclib;
const WGS84 = Geodesic.WGS84;

/** One ray every 3 degrees: a vertex of the 25 km outline every 1.5 km or so, of the 100 km one every 5.5 km. */
const BOX_RAYS = 120;
/** Bisection steps along a ray: the crossing is found to a few metres (the step over 2^12). */
const BISECTIONS = 12;

/** Where a geodesic from (lat, lon) along `azimuth` is after `metres`, as [lon, lat]. */
function travel(lat: number, lon: number, azimuth: number, metres: number): [number, number] {
  const { lat2, lon2 } = WGS84.Direct(lat, lon, azimuth, metres);
  return [lon2!, lat2!];
}

/** The island's vertex centroid and the farthest any vertex lies from it (metres, geodesic). */
function islandCentre(country: CountryCode): { lat: number; lon: number; radius: number } {
  const vertices = ISLAND_OUTLINES.islands[country].polygons.flatMap((polygon) => polygon[0]!);
  const lon = vertices.reduce((sum, [x]) => sum + x, 0) / vertices.length;
  const lat = vertices.reduce((sum, [, y]) => sum + y, 0) / vertices.length;
  const radius = Math.max(...vertices.map(([x, y]) => WGS84.Inverse(lat, lon, y, x, Geodesic.DISTANCE).s12!));
  return { lat, lon, radius };
}

const boxCache = new Map<string, Ring>();

/**
 * The outline of every point within `metres` of the island (a box of the contract), as one closed
 * ring. Along rays from the island's centre it takes the farthest point still within the distance:
 * a point beyond centre radius + distance is surely outside (triangle inequality), so each ray is
 * walked in steps of an eighth of the distance up to there, and the last crossing is bisected.
 * At 25 km and more the islands' buffers are star-shaped from the centre, so this is the outline
 * itself (tested: every vertex lies at the distance, to metres). Computed once per island and
 * distance.
 */
export function boxOutline(country: CountryCode, metres: number): Ring {
  const key = `${country}:${metres}`;
  const cached = boxCache.get(key);
  if (cached) return cached;
  const centre = islandCentre(country);
  const limit = metres * 1.01;
  const within = (point: [number, number]) => islandDistanceMetres(country, point[1], point[0], limit) <= metres;
  const step = metres / 8;
  const reach = centre.radius + metres + step;
  const ring: Ring = [];
  for (let ray = 0; ray < BOX_RAYS; ray++) {
    const azimuth = (ray * 360) / BOX_RAYS;
    let inside = 0;
    for (let s = step; s <= reach; s += step) {
      if (within(travel(centre.lat, centre.lon, azimuth, s))) inside = s;
    }
    let outside = inside + step;
    for (let i = 0; i < BISECTIONS; i++) {
      const middle = (inside + outside) / 2;
      if (within(travel(centre.lat, centre.lon, azimuth, middle))) inside = middle;
      else outside = middle;
    }
    ring.push(travel(centre.lat, centre.lon, azimuth, inside));
  }
  // GeoJSON order: counter-clockwise outer ring, closed. Azimuths turn clockwise, so reverse.
  ring.reverse();
  ring.push(ring[0]!);
  boxCache.set(key, ring);
  return ring;
}

export interface IslandMap {
  country: CountryCode;
  name: string;
  /** The Natural Earth outline: polygons of outer ring and holes. */
  island: Ring[][];
  box1: Ring;
  box2: Ring;
}

/** The island and both boxes, ready to draw. */
export function islandMap(country: CountryCode): IslandMap {
  const outline = ISLAND_OUTLINES.islands[country];
  return { country, name: outline.name, island: outline.polygons, box1: boxOutline(country, BOX_1_METRES), box2: boxOutline(country, BOX_2_METRES) };
}

/** How a stretch of track is drawn: its class under the contract, or the status when it has none (depression, wave, low...). */
export type TrackClass = CycloneClass | 'OTHER';

export interface TrackStretch {
  trackClass: TrackClass;
  /** [lon, lat] positions, consecutive stretches sharing their end points. */
  positions: [number, number][];
}

/** A track point's class for the map: the contract's class for TS/HU at 34 kt and more, else OTHER. */
export function trackPointClass(status: StormStatus, windKt: number | null): TrackClass {
  return triggeringClass(status, windKt) ?? 'OTHER';
}

/**
 * The track cut where its class changes. Between two points of different classes the change is
 * drawn at the midpoint, as the contract gives a sample the status of the nearer point.
 */
export function trackStretches(storm: Pick<Storm, 'points'>): TrackStretch[] {
  const stretches: TrackStretch[] = [];
  for (const [index, point] of storm.points.entries()) {
    const position: [number, number] = [point.lon, point.lat];
    const trackClass = trackPointClass(point.status, point.windKt);
    const current = stretches[stretches.length - 1];
    if (current === undefined) {
      stretches.push({ trackClass, positions: [position] });
    } else if (current.trackClass === trackClass) {
      current.positions.push(position);
    } else {
      const previous = storm.points[index - 1]!;
      const middle: [number, number] = [(previous.lon + point.lon) / 2, (previous.lat + point.lat) / 2];
      current.positions.push(middle);
      stretches.push({ trackClass, positions: [middle, position] });
    }
  }
  return stretches;
}
