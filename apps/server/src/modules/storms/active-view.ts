import {
  ACTIVE_STORM_NEAR_METRES,
  activeSince,
  activeStormPayout,
  alertApproach,
  COUNTRIES,
  coverTermBounds,
  distanceWords,
  evaluateStorm,
  IN_FORCE_STATUSES,
  isCountryCode,
  islandDistanceMetres,
  latestFixSentence,
  positionWords,
  sourceFigure,
  stormClassWords,
  type ActivePayout,
  type CountryCode,
  type OptionId,
  type Storm,
  type StormEvaluation,
  type TrackPoint,
} from '@fhp/domain';
import { and, asc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, policies, seasons, storms, stormSourcePoints } from '../../db/schema';
import { loadStorms } from './repository';

/**
 * The active storms near a holder's policies (issue 22 item 4, decision 173): for each of the
 * holder's policies and each active storm the policy should hear about, where the storm is now,
 * what it is, how far it is from the island, and what it has earned the policy so far. A few
 * active storms and a holder's few policies: the contract is evaluated here, per source, on the
 * tracks as stored (each source's own, decision 146), not read from the engine's verdicts.
 */

export interface ActiveStormNearPolicy {
  policyId: string;
  policyNumber: string;
  country: CountryCode;
  countryName: string;
  stormId: string;
  stormName: string;
  latest: TrackPoint;
  classWords: string;
  position: string;
  distanceKm: number;
  distance: string;
  sentence: string;
  payout: ActivePayout;
}

const SHOWN_STATUSES: readonly string[] = IN_FORCE_STATUSES;

/** Each source's track of the storms, by storm then source, in time order. */
async function sourceTracks(db: Db, stormIds: readonly string[]): Promise<Map<string, Map<string, TrackPoint[]>>> {
  const rows = await db.select().from(stormSourcePoints).where(inArray(stormSourcePoints.stormId, [...stormIds])).orderBy(asc(stormSourcePoints.stormId), asc(stormSourcePoints.source), asc(stormSourcePoints.time));
  const byStorm = new Map<string, Map<string, TrackPoint[]>>();
  for (const row of rows) {
    let bySource = byStorm.get(row.stormId);
    if (!bySource) byStorm.set(row.stormId, (bySource = new Map()));
    let points = bySource.get(row.source);
    if (!points) bySource.set(row.source, (points = []));
    points.push({ time: row.time.toISOString(), recordFlag: null, status: row.status, lat: row.lat, lon: row.lon, windKt: row.windKt, ...(row.pressureMb === null ? {} : { pressureMb: row.pressureMb }) });
  }
  return byStorm;
}

/**
 * The holder's view. `policyNumber` narrows it to one of their policies (another holder's number
 * answers nothing); `sourcesRequired` is PAYOUT_SOURCES_REQUIRED (1 when the setting is absent).
 */
export async function holderActiveStorms(db: Db, ownerId: string, now: Date, sourcesRequired: number, policyNumber?: string): Promise<ActiveStormNearPolicy[]> {
  const active = await db
    .select({ id: storms.id })
    .from(storms)
    .where(and(isNotNull(storms.trackSource), gte(storms.lastPointAt, activeSince(now))))
    .orderBy(asc(storms.id));
  if (active.length === 0) return [];
  const stormIds = active.map((row) => row.id);

  // The holder's policies in force, and any of theirs a storm in progress already paid (whatever their status now).
  const owned = await db
    .select()
    .from(policies)
    .where(
      and(
        eq(policies.ownerId, ownerId),
        policyNumber === undefined ? undefined : eq(policies.policyNumber, policyNumber),
        or(
          inArray(policies.status, SHOWN_STATUSES as (typeof policies.$inferSelect)['status'][]),
          sql`${policies.id} IN (SELECT ${payouts.policyId} FROM ${payouts} WHERE ${inArray(payouts.stormRef, stormIds)})`,
        ),
      ),
    )
    .orderBy(asc(policies.policyNumber));
  if (owned.length === 0) return [];

  const policyIds = owned.map((policy) => policy.id);
  const [tracks, bySource, seasonRows, payoutRows] = await Promise.all([
    loadStorms(db, stormIds),
    sourceTracks(db, stormIds),
    db
      .select()
      .from(seasons)
      .where(inArray(seasons.year, [...new Set(owned.map((policy) => policy.seasonYear))])),
    db
      .select({ policyId: payouts.policyId, stormRef: payouts.stormRef, percent: payouts.percent, status: payouts.status })
      .from(payouts)
      .where(inArray(payouts.policyId, policyIds)),
  ]);
  const seasonOf = new Map(seasonRows.map((season) => [season.year, season]));

  // A source's verdict depends on the island and the term, not the policy: computed once for all the holder's policies there.
  const verdicts = new Map<string, StormEvaluation[]>();
  const verdictsFor = (storm: Storm, country: CountryCode, seasonYear: number, term: { fromMs: number; toMs: number }) => {
    const key = `${storm.id}|${country}|${seasonYear}`;
    let found = verdicts.get(key);
    if (!found) verdicts.set(key, (found = sourceEvaluations(bySource.get(storm.id), storm, country, term)));
    return found;
  };

  const views: ActiveStormNearPolicy[] = [];
  for (const policy of owned) {
    const season = seasonOf.get(policy.seasonYear);
    if (!season || !isCountryCode(policy.country)) continue;
    const country = policy.country;
    const term = coverTermBounds(season);
    const policyPayouts = payoutRows.filter((row) => row.policyId === policy.id);
    for (const storm of tracks) {
      const latest = storm.points[storm.points.length - 1]!;
      const latestMs = Date.parse(latest.time);
      if (latestMs < term.fromMs || Date.parse(storm.points[0]!.time) >= term.toMs) continue;
      const stormPayouts = policyPayouts.filter((row) => row.stormRef === storm.id);
      const distanceMetres = islandDistanceMetres(country, latest.lat, latest.lon);
      const cameNear = alertApproach(storm, country, term) !== null;
      if (distanceMetres > ACTIVE_STORM_NEAR_METRES && !cameNear && stormPayouts.length === 0) continue;
      views.push(view(policy, country, storm, latest, distanceMetres, stormPayouts, verdictsFor(storm, country, policy.seasonYear, term).map((evaluation) => sourceFigure(evaluation, policy.optionId as OptionId, policy.issuedAt)), sourcesRequired, policyPayouts));
    }
  }
  return views;
}

/** Each source's own track judged by the contract over the island in the term (the storm's track when no source kept one). */
function sourceEvaluations(sources: Map<string, TrackPoint[]> | undefined, storm: Storm, country: CountryCode, term: { fromMs: number; toMs: number }): StormEvaluation[] {
  const tracks = sources && sources.size > 0 ? [...sources.values()].map((points) => ({ ...storm, points })) : [storm];
  return tracks.map((track) => evaluateStorm(track, country, term));
}

function view(
  policy: typeof policies.$inferSelect,
  country: CountryCode,
  storm: Storm,
  latest: TrackPoint,
  distanceMetres: number,
  stormPayouts: readonly { percent: number; status: 'PENDING' | 'PAID' }[],
  sourceFigures: number[],
  sourcesRequired: number,
  termPayouts: readonly { percent: number }[],
): ActiveStormNearPolicy {
  return {
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    country,
    countryName: COUNTRIES[country].name,
    stormId: storm.id,
    stormName: storm.name,
    latest,
    classWords: stormClassWords(latest.status, latest.windKt),
    position: positionWords(latest.lat, latest.lon),
    distanceKm: Math.round(distanceMetres / 1000),
    distance: distanceWords(distanceMetres, country),
    sentence: latestFixSentence({ ...latest, name: storm.name, time: latest.time, distanceMetres, country }),
    payout: activeStormPayout({
      payouts: stormPayouts,
      sourceFigures,
      sourcesRequired,
      termPercentPaid: termPayouts.reduce((sum, row) => sum + row.percent, 0),
    }),
  };
}
