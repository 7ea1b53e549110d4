import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import geographiclib from 'geographiclib-geodesic';
import type { CountryCode } from '../countries';
import outlinesJson from './island-outlines.json';

/**
 * Distance from a point to an island's outline, geodesic on the WGS84 ellipsoid, 0 inside it
 * (product decisions, "The parametric contract"). The outlines are Natural Earth 1:10m as
 * `world-atlas` ships it, extracted once by scripts/storms/extract-island-outlines.ts.
 *
 * How it stays exact and fast: every outline vertex is prepared once as a unit vector; a point is
 * first compared with the island's bounding circle, then with every segment on the sphere (a few
 * vector products each), and only the segments that the ellipsoid's proven distortion bounds
 * (`sphereToEllipsoid`) leave in the running are measured exactly, nearest first, by walking along
 * the segment's geodesic to the foot of the perpendicular with geographiclib (Karney's algorithms,
 * accurate to nanometres).
 */

/** `[longitude, latitude]` in degrees, GeoJSON order; the first and last positions are equal. */
export type Ring = [number, number][];

export interface IslandOutline {
  /** ISO 3166-1 numeric id in world-atlas (Grenada 308, Dominica 212). */
  naturalEarthId: string;
  name: string;
  /** Each polygon is one island: an outer ring and any holes. */
  polygons: Ring[][];
}

export interface IslandOutlines {
  source: string;
  islands: Record<CountryCode, IslandOutline>;
}

export const ISLAND_OUTLINES = outlinesJson as unknown as IslandOutlines;

const { Geodesic } = geographiclib;
const WGS84 = Geodesic.WGS84;
/** The sphere that ranks segments cheaply before the few nearest are measured on the ellipsoid. */
const SPHERE_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;
const E2 = WGS84.f * (2 - WGS84.f);
/** The walk to the foot of the perpendicular stops once a step is under 1 m (and under a thousandth of the distance). */
const FOOT_TOLERANCE_M = 1;
const MAX_FOOT_STEPS = 8;

/**
 * How much longer or shorter than on the sphere a distance can be on WGS84 for paths that stay
 * within latitudes `fromLat`-`toLat`. In geodetic coordinates the ellipsoid's line element is
 * M dphi along meridians and N cos(phi) dlambda along parallels (M, N the meridional and
 * prime-vertical radii of curvature), the sphere's R times the same, so any such path's length
 * changes by a factor between min M / R and max N / R over those latitudes.
 */
function sphereToEllipsoid(fromLat: number, toLat: number): { low: number; high: number } {
  const low = Math.sin(Math.max(0, fromLat) * DEG);
  const high = Math.sin(Math.min(90, toLat) * DEG);
  return {
    low: (WGS84.a * (1 - E2)) / (1 - E2 * low * low) ** 1.5 / SPHERE_RADIUS_M,
    high: WGS84.a / Math.sqrt(1 - E2 * high * high) / SPHERE_RADIUS_M,
  };
}

/** The least factor anywhere on earth (the meridional radius at the equator): a first, latitude-free bound. */
const LEAST_SCALE = (WGS84.a * (1 - E2)) / SPHERE_RADIUS_M;

interface Vector {
  x: number;
  y: number;
  z: number;
}

/** A segment of the outline, prepared once: its end points and great circle on the unit sphere, and its geodesic. */
interface Segment {
  a: Vector;
  b: Vector;
  /** Unit normal of the great circle through a and b. */
  normal: Vector;
  /** normal x a and b x normal: p lies between a and b (seen along the circle) when p . both >= 0. */
  fromA: Vector;
  toB: Vector;
  /** Angle from a to b, radians. */
  span: number;
  line: ReturnType<typeof WGS84.InverseLine>;
}

interface PreparedIsland {
  segments: Segment[];
  centre: Vector;
  /** Largest angle from the centre to a vertex, radians. */
  radius: number;
  bbox: { minLon: number; maxLon: number; minLat: number; maxLat: number };
  shape: { type: 'MultiPolygon'; coordinates: Ring[][] };
  /** Scratch space for one distance query (queries never overlap: JavaScript runs one at a time). */
  angles: Float64Array;
  fractions: Float64Array;
}

function unitVector(lat: number, lon: number): Vector {
  const phi = lat * DEG;
  const lambda = lon * DEG;
  const c = Math.cos(phi);
  return { x: c * Math.cos(lambda), y: c * Math.sin(lambda), z: Math.sin(phi) };
}

const dot = (u: Vector, v: Vector) => u.x * v.x + u.y * v.y + u.z * v.z;
const cross = (u: Vector, v: Vector): Vector => ({ x: u.y * v.z - u.z * v.y, y: u.z * v.x - u.x * v.z, z: u.x * v.y - u.y * v.x });
const norm = (u: Vector) => Math.hypot(u.x, u.y, u.z);
/** Angle between unit vectors without allocating (atan2 stays exact for tiny angles, unlike acos). */
function angleBetween(u: Vector, v: Vector): number {
  const x = u.y * v.z - u.z * v.y;
  const y = u.z * v.x - u.x * v.z;
  const z = u.x * v.y - u.y * v.x;
  return Math.atan2(Math.sqrt(x * x + y * y + z * z), dot(u, v));
}

function prepare(outline: IslandOutline): PreparedIsland {
  const segments: Segment[] = [];
  const sum: Vector = { x: 0, y: 0, z: 0 };
  const vertices: Vector[] = [];
  const bbox = { minLon: Infinity, maxLon: -Infinity, minLat: Infinity, maxLat: -Infinity };
  for (const ring of outline.polygons.flat()) {
    for (let i = 0; i < ring.length; i++) {
      const [lon, lat] = ring[i]!;
      const vertex = unitVector(lat, lon);
      vertices.push(vertex);
      sum.x += vertex.x;
      sum.y += vertex.y;
      sum.z += vertex.z;
      bbox.minLon = Math.min(bbox.minLon, lon);
      bbox.maxLon = Math.max(bbox.maxLon, lon);
      bbox.minLat = Math.min(bbox.minLat, lat);
      bbox.maxLat = Math.max(bbox.maxLat, lat);
      if (i === 0) continue;
      const [lon0, lat0] = ring[i - 1]!;
      const a = unitVector(lat0, lon0);
      const n = cross(a, vertex);
      const length = norm(n);
      if (length === 0) continue; // a repeated vertex
      const normal = { x: n.x / length, y: n.y / length, z: n.z / length };
      segments.push({
        a,
        b: vertex,
        normal,
        fromA: cross(normal, a),
        toB: cross(vertex, normal),
        span: angleBetween(a, vertex),
        line: WGS84.InverseLine(lat0, lon0, lat, lon),
      });
    }
  }
  const size = norm(sum);
  const centre = { x: sum.x / size, y: sum.y / size, z: sum.z / size };
  const radius = Math.max(...vertices.map((v) => angleBetween(centre, v)));
  return {
    segments,
    centre,
    radius,
    bbox,
    shape: { type: 'MultiPolygon', coordinates: outline.polygons },
    angles: new Float64Array(segments.length),
    fractions: new Float64Array(segments.length),
  };
}

const prepared = new Map<CountryCode, PreparedIsland>();

function preparedIsland(country: CountryCode): PreparedIsland {
  let island = prepared.get(country);
  if (!island) {
    const outline = ISLAND_OUTLINES.islands[country];
    if (!outline) throw new RangeError(`No island outline for ${String(country)}`);
    island = prepare(outline);
    prepared.set(country, island);
  }
  return island;
}

/**
 * Angle on the unit sphere from p to the arc (radians), and where along it (0..1) the nearest point
 * lies, written into the island's scratch arrays at `index`.
 */
function sphericalToSegment(p: Vector, segment: Segment, island: PreparedIsland, index: number): void {
  const alongFromA = dot(p, segment.fromA);
  if (alongFromA >= 0 && dot(p, segment.toB) >= 0) {
    // The foot of p on the great circle lies inside the arc: the distance is p's angle off the circle.
    island.angles[index] = Math.asin(Math.min(1, Math.abs(dot(p, segment.normal))));
    island.fractions[index] = segment.span === 0 ? 0 : Math.min(1, Math.atan2(alongFromA, dot(p, segment.a)) / segment.span);
    return;
  }
  const toA = angleBetween(p, segment.a);
  const toB = angleBetween(p, segment.b);
  island.angles[index] = Math.min(toA, toB);
  island.fractions[index] = toA <= toB ? 0 : 1;
}

/**
 * Exact geodesic distance from (lat, lon) to a segment: from a starting point on the segment's
 * geodesic, step towards the foot of the perpendicular. Each step solves the right spherical
 * triangle formed by the current point, the target and the foot (tan b = cos A tan d), using the
 * ellipsoidal distance and azimuths, so it converges to the ellipsoidal foot in two or three steps.
 */
function geodesicToSegment(lat: number, lon: number, segment: Segment, startFraction: number): number {
  const { line } = segment;
  const length = line.s13;
  let s = startFraction * length;
  let best = Infinity;
  for (let step = 0; step < MAX_FOOT_STEPS; step++) {
    const at = line.Position(s);
    const toPoint = WGS84.Inverse(at.lat2!, at.lon2!, lat, lon);
    const distance = toPoint.s12!;
    best = Math.min(best, distance);
    if (distance === 0) return 0;
    const turn = (toPoint.azi1! - at.azi2!) * DEG;
    const move = SPHERE_RADIUS_M * Math.atan(Math.cos(turn) * Math.tan(distance / SPHERE_RADIUS_M));
    const next = Math.min(length, Math.max(0, s + move));
    // Off the foot by x, the distance is sqrt(d^2 + x^2), over d by at most x^2 / 2d: below a micrometre per metre of d.
    if (Math.abs(next - s) < Math.min(FOOT_TOLERANCE_M, distance * 1e-3)) break;
    s = next;
  }
  return best;
}

function insideIsland(island: PreparedIsland, lat: number, lon: number): boolean {
  const { bbox } = island;
  if (lat < bbox.minLat || lat > bbox.maxLat || lon < bbox.minLon || lon > bbox.maxLon) return false;
  return booleanPointInPolygon([lon, lat], island.shape);
}

/**
 * Geodesic distance in metres from (lat, lon) to the island's outline, 0 on or inside it. With a
 * `limitMetres`, a point that is certainly farther than the limit answers Infinity without the
 * exact computation (points just beyond the limit may still get their exact distance).
 */
export function islandDistanceMetres(country: CountryCode, lat: number, lon: number, limitMetres = Infinity): number {
  const island = preparedIsland(country);
  const p = unitVector(lat, lon);
  const toCentre = angleBetween(p, island.centre);
  const lowerBound = (toCentre - island.radius) * SPHERE_RADIUS_M * LEAST_SCALE;
  if (lowerBound > limitMetres) return Infinity;
  if (insideIsland(island, lat, lon)) return 0;
  // A shortest path to any outline point is at most (toCentre + radius) long, so it strays from its
  // ends' latitudes by at most half that; a degree more is ample margin.
  const margin = 1 + (toCentre + island.radius) / DEG / 2;
  const { bbox } = island;
  const latitudes = [Math.abs(lat), Math.abs(bbox.minLat), Math.abs(bbox.maxLat)];
  const scale = sphereToEllipsoid(Math.min(...latitudes) - margin, Math.max(...latitudes) + margin);

  const { segments, angles, fractions } = island;
  let nearest = Infinity;
  for (let i = 0; i < segments.length; i++) {
    sphericalToSegment(p, segments[i]!, island, i);
    nearest = Math.min(nearest, angles[i]!);
  }
  const nearestMetres = nearest * SPHERE_RADIUS_M;
  if (nearestMetres * scale.low > limitMetres) return Infinity;
  // Only segments whose least possible ellipsoidal distance is within the nearest one's largest can be nearest.
  const cutoff = (nearestMetres * scale.high) / scale.low / SPHERE_RADIUS_M;
  const candidates: number[] = [];
  for (let i = 0; i < segments.length; i++) if (angles[i]! <= cutoff) candidates.push(i);
  candidates.sort((i, j) => angles[i]! - angles[j]!);
  let best = Infinity;
  for (const i of candidates) {
    if (angles[i]! * SPHERE_RADIUS_M * scale.low > best) break;
    best = Math.min(best, geodesicToSegment(lat, lon, segments[i]!, fractions[i]!));
  }
  return best;
}

/** Geodesic distance in metres between two points (WGS84). */
export function geodesicDistanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return WGS84.Inverse(lat1, lon1, lat2, lon2, Geodesic.DISTANCE).s12!;
}
