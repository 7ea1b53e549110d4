import { COUNTRY_CODES, DomainError, isStormId, parseBdeck, STORM_ERROR_CODES, type CountryCode, type Storm, type TrackPoint } from '@fhp/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { storms, stormSourcePoints, stormSourceTracks, stormTrackPoints } from '../../../db/schema';
import type { LifecycleDeps } from '../../lifecycle';
import { evaluateStoredStorm, loadSeasons, type CreatedPayout, type StormAlert } from '../evaluation';
import { drainStormNotices } from '../notice-drain';
import { samePoint, trackPoint } from '../repository';
import { lockImports } from '../service';
import { agreementStep } from './agreement';

/**
 * One b-deck file of one source, stored and paid on (issue 22 items 1 and 2; decisions 146 and
 * 148). The file is parsed whole first (a bad line refuses it: nothing stored). Then, in one
 * transaction under the storm-import lock (the HURDAT2 importer's: one evaluation at a time, across
 * instances): the source's track of the storm is compared with what that source published before;
 * the same fixes again (or an older copy with fewer) change nothing and cost no evaluation; new or
 * revised fixes replace the source's track, stand in for the storm's track while no best track has
 * arrived, and the storm is evaluated at once on the source's track by the engine as it is, for
 * every island and season it nears (payouts, alerts, ledger). Its notices are queued right after
 * the commit.
 */

export type FeedChange = 'NEW' | 'CHANGED' | 'UNCHANGED';

export interface FeedIngestResult {
  source: string;
  stormId: string;
  name: string;
  change: FeedChange;
  /** The source's fixes of the storm now. */
  points: number;
  payouts: CreatedPayout[];
  alerts: StormAlert[];
}

type IngestDeps = Pick<LifecycleDeps, 'db' | 'ledger' | 'clock' | 'log'> & Partial<Pick<LifecycleDeps, 'deliveries'>>;

export interface IngestOptions {
  countries?: readonly CountryCode[];
  /** Queue the emails and texts right after the commit (default true, when deliveries are given). */
  notify?: boolean;
  /** How many sources must each compute a payout before it is paid (PAYOUT_SOURCES_REQUIRED, default 1: decision 149). */
  sourcesRequired?: number;
}


/**
 * The source's track after this file: its fixes, plus those it published before and no longer
 * lists (a copy served from an older cache drops none); null when nothing changes.
 */
export function mergeSourceTrack(stored: readonly TrackPoint[], incoming: readonly TrackPoint[]): TrackPoint[] | null {
  const byTime = new Map(stored.map((point) => [point.time, point]));
  let changed = false;
  for (const point of incoming) {
    const before = byTime.get(point.time);
    if (!before || !samePoint(before, point)) {
      changed = true;
      byTime.set(point.time, point);
    }
  }
  if (!changed) return null;
  return [...byTime.values()].sort((a, b) => a.time.localeCompare(b.time));
}

function refuse(message: string): never {
  throw new DomainError(STORM_ERROR_CODES.STORM_FILE_REFUSED, message);
}

/** Parses a b-deck file (its name gives the storm's id) and stores and evaluates it as `source`'s. */
export async function ingestBdeck(deps: IngestDeps, source: string, fileName: string, text: string, options: IngestOptions = {}): Promise<FeedIngestResult> {
  const parsed = parseBdeck(text, fileName);
  if (!isStormId(parsed.id)) {
    refuse(`${fileName}: storm ${parsed.id} is outside the basins the cover watches (AL, EP, CP); nothing of this file was stored`);
  }
  const at = deps.clock();
  const result = await deps.db.transaction(async (tx) => {
    await lockImports(tx);
    return storeAndEvaluate(tx, deps.ledger, source, parsed, options.countries ?? COUNTRY_CODES, at, options.sourcesRequired ?? 1);
  });
  if (result.change !== 'UNCHANGED' && options.notify !== false && deps.deliveries) {
    try {
      await drainStormNotices({ ...deps, deliveries: deps.deliveries }, deps.clock());
    } catch (error) {
      // Committed: the storm-notices job queues what this left.
      deps.log.error({ err: error, source, storm: parsed.id }, 'storm notices not queued after a feed update; the storm-notices job will queue them');
    }
  }
  return result;
}

async function storeAndEvaluate(tx: Db, ledger: LifecycleDeps['ledger'], source: string, parsed: Storm, countries: readonly CountryCode[], at: Date, sourcesRequired: number): Promise<FeedIngestResult> {
  const base = { source, stormId: parsed.id, name: parsed.name, payouts: [], alerts: [] };
  const [head] = await tx.select().from(stormSourceTracks).where(and(eq(stormSourceTracks.source, source), eq(stormSourceTracks.stormId, parsed.id))).for('update');
  const storedRows = head
    ? await tx
        .select()
        .from(stormSourcePoints)
        .where(and(eq(stormSourcePoints.source, source), eq(stormSourcePoints.stormId, parsed.id)))
        .orderBy(asc(stormSourcePoints.time))
    : [];
  const merged = mergeSourceTrack(storedRows.map(trackPoint), parsed.points);
  if (!merged) return { ...base, change: 'UNCHANGED', points: storedRows.length };

  const track: Storm = { id: parsed.id, name: parsed.name, year: parsed.year, points: merged };
  const version = await storeStormTrack(tx, source, track, at);
  const last = new Date(merged[merged.length - 1]!.time);
  if (head) {
    await tx.delete(stormSourcePoints).where(and(eq(stormSourcePoints.source, source), eq(stormSourcePoints.stormId, parsed.id)));
    await tx
      .update(stormSourceTracks)
      .set({ name: parsed.name, pointCount: merged.length, version: head.version + 1, lastPointAt: last, updatedAt: at })
      .where(and(eq(stormSourceTracks.source, source), eq(stormSourceTracks.stormId, parsed.id)));
  } else {
    await tx.insert(stormSourceTracks).values({ source, stormId: parsed.id, name: parsed.name, pointCount: merged.length, lastPointAt: last, updatedAt: at });
  }
  await tx.insert(stormSourcePoints).values(
    merged.map((point) => ({ source, stormId: parsed.id, time: new Date(point.time), status: point.status, lat: point.lat, lon: point.lon, windKt: point.windKt, pressureMb: point.pressureMb ?? null })),
  );

  // The source's verdict is kept and what M sources agree on is paid (decision 149).
  const evaluated = await evaluateStoredStorm(tx, ledger, track, version, countries, at, await loadSeasons(tx), agreementStep(source, sourcesRequired, at));
  return { ...base, change: head ? 'CHANGED' : 'NEW', points: merged.length, payouts: evaluated.payouts, alerts: evaluated.alerts };
}

/**
 * The storm's own track (what the tracker, the maps and the admin show): a storm first seen on a
 * feed is created with that source's track, which stands in, updated by that source alone, until a
 * HURDAT2 best track replaces it (the importer then clears `track_source`). Answers the storm's
 * version, which the evaluation records.
 */
async function storeStormTrack(tx: Db, source: string, track: Storm, at: Date): Promise<number> {
  const [stored] = await tx.select().from(storms).where(eq(storms.id, track.id)).for('update');
  const first = new Date(track.points[0]!.time);
  const last = new Date(track.points[track.points.length - 1]!.time);
  const rows = track.points.map((point) => ({
    stormId: track.id,
    time: new Date(point.time),
    recordFlag: null,
    status: point.status,
    lat: point.lat,
    lon: point.lon,
    windKt: point.windKt,
    pressureMb: point.pressureMb ?? null,
  }));
  if (!stored) {
    await tx.insert(storms).values({ id: track.id, name: track.name, year: track.year, pointCount: track.points.length, firstPointAt: first, lastPointAt: last, importedAt: at, updatedAt: at, trackSource: source });
    await tx.insert(stormTrackPoints).values(rows);
    return 1;
  }
  if (stored.trackSource !== source) return stored.version;
  await tx.delete(stormTrackPoints).where(eq(stormTrackPoints.stormId, track.id));
  await tx.insert(stormTrackPoints).values(rows);
  const version = stored.version + 1;
  await tx.update(storms).set({ name: track.name, pointCount: track.points.length, version, firstPointAt: first, lastPointAt: last, updatedAt: at }).where(eq(storms.id, track.id));
  return version;
}
