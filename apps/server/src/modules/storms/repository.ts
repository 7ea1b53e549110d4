import { DomainError, STORM_ERROR_CODES, type Storm, type TrackPoint } from '@fhp/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storms, stormTrackPoints } from '../../db/schema';

/**
 * Storms as stored (issue 10 item 1). A storm is kept with every track point of the longest
 * version imported so far; `version` counts the versions that changed it.
 */

export type StormRow = typeof storms.$inferSelect;
type PointRow = typeof stormTrackPoints.$inferSelect;

/** What an import did with one storm of the file. */
export type StormChange = 'NEW' | 'EXTENDED' | 'UNCHANGED';

/** Rows per INSERT: 8 columns a row, far under PostgreSQL's bind-parameter limit. */
const POINT_CHUNK = 4_000;

function pointRow(stormId: string, point: TrackPoint): typeof stormTrackPoints.$inferInsert {
  return {
    stormId,
    time: new Date(point.time),
    recordFlag: point.recordFlag,
    status: point.status,
    lat: point.lat,
    lon: point.lon,
    windKt: point.windKt,
    pressureMb: point.pressureMb ?? null,
  };
}

function trackPoint(row: PointRow): TrackPoint {
  return {
    time: row.time.toISOString(),
    recordFlag: row.recordFlag,
    status: row.status,
    lat: row.lat,
    lon: row.lon,
    windKt: row.windKt,
    ...(row.pressureMb === null ? {} : { pressureMb: row.pressureMb }),
  };
}

/** Two records of one instant say the same thing (the parser's numbers round-trip through the columns exactly). */
function samePoint(a: TrackPoint, b: TrackPoint): boolean {
  return (
    a.time === b.time &&
    a.recordFlag === b.recordFlag &&
    a.status === b.status &&
    a.lat === b.lat &&
    a.lon === b.lon &&
    a.windKt === b.windKt &&
    (a.pressureMb ?? null) === (b.pressureMb ?? null)
  );
}

/** Why a storm of the file cannot be stored beside the stored one (null: it can). */
export class StormConflict extends DomainError {
  constructor(
    readonly stormId: string,
    message: string,
  ) {
    super(STORM_ERROR_CODES.STORM_CONFLICT, message);
  }
}

/**
 * Compares a storm of the file with its stored version: the same points (or fewer, an older
 * advisory) change nothing; every stored point present and identical plus later or extra points
 * extend it; a stored point contradicted or left out while others are added is refused.
 */
export function compareVersions(stored: readonly TrackPoint[], incoming: readonly TrackPoint[], stormId: string): { change: StormChange; added: TrackPoint[] } {
  const byTime = new Map(incoming.map((point) => [point.time, point]));
  const storedTimes = new Set(stored.map((point) => point.time));
  for (const point of stored) {
    const other = byTime.get(point.time);
    if (other && !samePoint(point, other)) {
      throw new StormConflict(stormId, `Storm ${stormId} is already stored with a different track point at ${point.time.slice(0, 16).replace('T', ' ')} UTC: nothing of this file was stored`);
    }
  }
  const added = incoming.filter((point) => !storedTimes.has(point.time));
  if (added.length === 0) return { change: 'UNCHANGED', added };
  if (stored.some((point) => !byTime.has(point.time))) {
    throw new StormConflict(stormId, `Storm ${stormId} is already stored with track points this file leaves out: nothing of this file was stored`);
  }
  return { change: 'EXTENDED', added };
}

async function insertPoints(tx: Db, stormId: string, points: readonly TrackPoint[]): Promise<void> {
  for (let start = 0; start < points.length; start += POINT_CHUNK) {
    await tx.insert(stormTrackPoints).values(points.slice(start, start + POINT_CHUNK).map((point) => pointRow(stormId, point)));
  }
}

/**
 * Stores one storm inside the import's transaction (the caller holds the import lock), returning
 * what changed and the storm as stored now (all its points).
 */
export async function storeStorm(tx: Db, storm: Storm, at: Date): Promise<{ change: StormChange; stored: Storm; version: number }> {
  const first = storm.points[0]!;
  const last = storm.points[storm.points.length - 1]!;
  const [existing] = await tx.select().from(storms).where(eq(storms.id, storm.id)).for('update');
  if (!existing) {
    await tx.insert(storms).values({
      id: storm.id,
      name: storm.name,
      year: storm.year,
      pointCount: storm.points.length,
      firstPointAt: new Date(first.time),
      lastPointAt: new Date(last.time),
      importedAt: at,
      updatedAt: at,
    });
    await insertPoints(tx, storm.id, storm.points);
    return { change: 'NEW', stored: storm, version: 1 };
  }
  const storedPoints = await loadPoints(tx, storm.id);
  const { change, added } = compareVersions(storedPoints, storm.points, storm.id);
  if (change === 'UNCHANGED') return { change, stored: { id: existing.id, name: existing.name, year: existing.year, points: storedPoints }, version: existing.version };
  await insertPoints(tx, storm.id, added);
  const points = [...storedPoints, ...added].sort((a, b) => a.time.localeCompare(b.time));
  const version = existing.version + 1;
  await tx
    .update(storms)
    .set({
      // An advisory update may rename a system (a depression named once it strengthens).
      name: storm.name,
      pointCount: points.length,
      version,
      firstPointAt: new Date(points[0]!.time),
      lastPointAt: new Date(points[points.length - 1]!.time),
      updatedAt: at,
    })
    .where(eq(storms.id, storm.id));
  return { change, stored: { id: storm.id, name: storm.name, year: storm.year, points }, version };
}

async function loadPoints(db: Db, stormId: string): Promise<TrackPoint[]> {
  const rows = await db.select().from(stormTrackPoints).where(eq(stormTrackPoints.stormId, stormId)).orderBy(asc(stormTrackPoints.time));
  return rows.map(trackPoint);
}

/** Stored storms with their tracks (all of them, or the ids given), oldest first. */
export async function loadStorms(db: Db, ids?: readonly string[]): Promise<Storm[]> {
  if (ids && ids.length === 0) return [];
  const heads = await (ids ? db.select().from(storms).where(inArray(storms.id, [...ids])) : db.select().from(storms)).orderBy(asc(storms.firstPointAt));
  const points = await (ids ? db.select().from(stormTrackPoints).where(inArray(stormTrackPoints.stormId, [...ids])) : db.select().from(stormTrackPoints)).orderBy(
    asc(stormTrackPoints.stormId),
    asc(stormTrackPoints.time),
  );
  const byStorm = new Map<string, TrackPoint[]>();
  for (const row of points) {
    let list = byStorm.get(row.stormId);
    if (!list) byStorm.set(row.stormId, (list = []));
    list.push(trackPoint(row));
  }
  return heads.map((head) => ({ id: head.id, name: head.name, year: head.year, points: byStorm.get(head.id) ?? [] }));
}

export async function stormCount(db: Db): Promise<number> {
  return db.$count(storms);
}
