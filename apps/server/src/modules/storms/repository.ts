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

/** A fix as stored, the storm's own track's or a feed source's (which have no record flag). */
type StoredFix = Pick<PointRow, 'time' | 'status' | 'lat' | 'lon' | 'windKt' | 'pressureMb'> & { recordFlag?: PointRow['recordFlag'] };

export function trackPoint(row: StoredFix): TrackPoint {
  return {
    time: row.time.toISOString(),
    recordFlag: row.recordFlag ?? null,
    status: row.status,
    lat: row.lat,
    lon: row.lon,
    windKt: row.windKt,
    ...(row.pressureMb === null ? {} : { pressureMb: row.pressureMb }),
  };
}

/** Two records of one instant say the same thing (the parser's numbers round-trip through the columns exactly). */
export function samePoint(a: TrackPoint, b: TrackPoint): boolean {
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

/** Rows per statement when a file's storms are stored together. */
const STORM_CHUNK = 1_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

async function insertPoints(tx: Db, rows: readonly (typeof stormTrackPoints.$inferInsert)[]): Promise<void> {
  for (const chunk of chunks(rows, POINT_CHUNK)) await tx.insert(stormTrackPoints).values(chunk);
}

export interface StoredStorm {
  change: StormChange;
  stored: Storm;
  version: number;
}

/**
 * Stores a file's storms inside the import's transaction (the caller holds the import lock), in a
 * few statements for the whole file (the shipped file holds 220 storms): the stored versions are
 * read and locked at once, the new storms and every new track point go in multi-row inserts, and
 * only extended storms are updated one by one. Answers, in the file's order, what changed and each
 * storm as stored now (all its points). A conflicting storm refuses the file before any write.
 */
export async function storeStorms(tx: Db, incoming: readonly Storm[], at: Date): Promise<StoredStorm[]> {
  const existing = new Map<string, StormRow>();
  const storedPoints = new Map<string, TrackPoint[]>();
  // In id order, as every writer of several rows locks them (no deadlock with another writer).
  for (const ids of chunks(
    incoming.map((storm) => storm.id).sort(),
    STORM_CHUNK,
  )) {
    for (const row of await tx.select().from(storms).where(inArray(storms.id, ids)).orderBy(asc(storms.id)).for('update')) existing.set(row.id, row);
  }
  for (const ids of chunks([...existing.keys()], STORM_CHUNK)) {
    const rows = await tx.select().from(stormTrackPoints).where(inArray(stormTrackPoints.stormId, ids)).orderBy(asc(stormTrackPoints.stormId), asc(stormTrackPoints.time));
    for (const row of rows) {
      let list = storedPoints.get(row.stormId);
      if (!list) storedPoints.set(row.stormId, (list = []));
      list.push(trackPoint(row));
    }
  }

  const results: StoredStorm[] = [];
  const newHeads: (typeof storms.$inferInsert)[] = [];
  const newPoints: (typeof stormTrackPoints.$inferInsert)[] = [];
  const extended: StoredStorm[] = [];
  const replaced: string[] = [];
  for (const storm of incoming) {
    const head = existing.get(storm.id);
    if (!head) {
      newHeads.push({
        id: storm.id,
        name: storm.name,
        year: storm.year,
        pointCount: storm.points.length,
        firstPointAt: new Date(storm.points[0]!.time),
        lastPointAt: new Date(storm.points[storm.points.length - 1]!.time),
        importedAt: at,
        updatedAt: at,
      });
      for (const point of storm.points) newPoints.push(pointRow(storm.id, point));
      results.push({ change: 'NEW', stored: storm, version: 1 });
      continue;
    }
    if (head.trackSource !== null) {
      // An operational track from an advisory feed stood in: the best track replaces it whole
      // (decision 146); the evaluation then tops payouts up and never takes money back.
      replaced.push(storm.id);
      for (const point of storm.points) newPoints.push(pointRow(storm.id, point));
      const result: StoredStorm = { change: 'EXTENDED', stored: storm, version: head.version + 1 };
      extended.push(result);
      results.push(result);
      continue;
    }
    const points = storedPoints.get(storm.id) ?? [];
    const { change, added } = compareVersions(points, storm.points, storm.id);
    if (change === 'UNCHANGED') {
      results.push({ change, stored: { id: head.id, name: head.name, year: head.year, points }, version: head.version });
      continue;
    }
    for (const point of added) newPoints.push(pointRow(storm.id, point));
    const all = [...points, ...added].sort((a, b) => a.time.localeCompare(b.time));
    const result: StoredStorm = { change, stored: { id: storm.id, name: storm.name, year: storm.year, points: all }, version: head.version + 1 };
    extended.push(result);
    results.push(result);
  }

  for (const chunk of chunks(newHeads, STORM_CHUNK)) await tx.insert(storms).values(chunk);
  for (const ids of chunks(replaced, STORM_CHUNK)) await tx.delete(stormTrackPoints).where(inArray(stormTrackPoints.stormId, ids));
  await insertPoints(tx, newPoints);
  for (const { stored, version } of extended) {
    await tx
      .update(storms)
      .set({
        // An advisory update may rename a system (a depression named once it strengthens).
        name: stored.name,
        pointCount: stored.points.length,
        version,
        firstPointAt: new Date(stored.points[0]!.time),
        lastPointAt: new Date(stored.points[stored.points.length - 1]!.time),
        updatedAt: at,
        trackSource: null,
      })
      .where(eq(storms.id, stored.id));
  }
  return results;
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
