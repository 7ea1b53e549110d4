import {
  BOX_1_METRES,
  BOX_2_METRES,
  calendarEvents,
  categoryLabel,
  COUNTRIES,
  coverTermBounds,
  CYCLONE_EVENT_COLOURS,
  evaluateStorm,
  isCountryCode,
  isOptionId,
  nearbySamples,
  OPTION_IDS,
  OPTION_LABELS,
  seasonForYear,
  wholeKnots,
  type CountryCode,
  type Storm,
  type TrackPoint,
} from '@fhp/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, payouts, seasons, stormEvaluations } from '../../db/schema';
import { payoutEntryHashes } from '../audit';
import type { PolicyRow } from '../lifecycle';
import { loadStorms } from './repository';

/**
 * The detail behind one row of the Tropical Cyclone Tracker (AnalyticsAPIDetail): the contract's
 * audit of one storm for one policy. What the storm reached in each box, when it qualified and
 * what each option gives; whether that falls in the policy's cover term; the policy's own payouts
 * for it; the track near the island; the proof-ledger entry. Everything is recomputed from the
 * stored track with the domain's functions, so it reads exactly as the engine decided.
 */

export interface DetailOption {
  option: string;
  label: string;
  percent: number;
  qualifyingTime: string | null;
  isPolicyOption: boolean;
}

export interface DetailNearbyPoint {
  time: string;
  lat: number;
  lon: number;
  status: string;
  windKt: number | null;
  category: string;
  distanceKm: number;
  /** Within box 1 (25 km), box 2 (100 km) or only within 300 km. */
  box: 'BOX_1' | 'BOX_2' | 'NEARBY';
}

export interface DetailPayout {
  id: string;
  percent: number;
  contractPercent: number;
  amountCents: number;
  status: string;
  createdAt: string;
  paidAt: string | null;
  acknowledged: boolean;
  ledgerHash: string | null;
}

export interface PolicyStormDetail {
  policyId: string;
  policyNumber: string;
  country: string;
  countryName: string;
  optionId: string;
  optionLabel: string;
  seasonYear: number;
  coverStart: string;
  coverEnd: string;
  storm: { id: string; name: string; year: number; points: TrackPoint[] };
  c1: string | null;
  c2: string | null;
  closestKm: number | null;
  options: DetailOption[];
  /** When the storm qualified under the policy's option (UTC), null when it pays that option nothing. */
  qualifyingTime: string | null;
  /** Whether that instant lies in the policy's cover term (so the storm pays this policy). */
  inCoverTerm: boolean;
  events: { date: string; title: string; colour: string; windKt: number | null; category: string; closestKm: number }[];
  nearby: DetailNearbyPoint[];
  payouts: DetailPayout[];
  ledger: { kind: string; txnId: string; hash: string } | null;
}

/** Track points near the island are shown every hour at most: a 10-minute table would be six times longer and say nothing more. */
const NEARBY_EVERY_MS = 60 * 60_000;

async function policySeason(db: Db, year: number): Promise<{ coverStart: string; coverEnd: string }> {
  const [row] = await db.select({ coverStart: seasons.coverStart, coverEnd: seasons.coverEnd }).from(seasons).where(eq(seasons.year, year));
  return row ?? seasonForYear(year);
}

function nearbyPoints(storm: Storm, country: CountryCode): DetailNearbyPoint[] {
  const samples = nearbySamples(storm, country);
  const closest = samples.reduce<(typeof samples)[number] | null>((best, sample) => (best === null || sample.distanceMetres < best.distanceMetres ? sample : best), null);
  const points: DetailNearbyPoint[] = [];
  for (const sample of samples) {
    // Whole hours, plus the closest sample so the table always holds the closest approach.
    if (sample.timeMs % NEARBY_EVERY_MS !== 0 && sample !== closest) continue;
    points.push({
      time: new Date(sample.timeMs).toISOString(),
      lat: Math.round(sample.lat * 100) / 100,
      lon: Math.round(sample.lon * 100) / 100,
      status: sample.status,
      windKt: wholeKnots(sample.windKt),
      category: categoryLabel(sample),
      distanceKm: Math.round(sample.distanceMetres / 100) / 10,
      box: sample.distanceMetres <= BOX_1_METRES ? 'BOX_1' : sample.distanceMetres <= BOX_2_METRES ? 'BOX_2' : 'NEARBY',
    });
  }
  return points;
}

/** Null when the storm is not stored (the page shows NotFound). */
export async function policyStormDetail(db: Db, policy: PolicyRow, stormId: string): Promise<PolicyStormDetail | null> {
  const [storm] = await loadStorms(db, [stormId]);
  if (!storm || !isCountryCode(policy.country) || !isOptionId(policy.optionId)) return null;
  const country = policy.country;
  const option = policy.optionId;
  const season = await policySeason(db, policy.seasonYear);
  const term = coverTermBounds(season);
  // The storm's own verdict over its whole track: what an audit of the storm says.
  const evaluation = evaluateStorm(storm, country);
  const qualifyingTime = evaluation.qualifyingTimes[option];
  const inCoverTerm = qualifyingTime !== null && Date.parse(qualifyingTime) >= term.fromMs && Date.parse(qualifyingTime) < term.toMs;

  const stored = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.policyId, policy.id), eq(payouts.stormRef, storm.id)))
    .orderBy(asc(payouts.createdAt));
  // Each payout is proved by its path to its evaluation's entry (decision 174).
  const hashes = await payoutEntryHashes(
    db,
    stored.map((payout) => payout.id),
  );
  const payoutRows = stored.map((payout) => ({ payout, hash: hashes.get(payout.id) ?? null }));
  const [trigger] = await db
    .select({ kind: ledgerEntries.kind, txnId: ledgerEntries.txnId, hash: ledgerEntries.hash })
    .from(stormEvaluations)
    .innerJoin(ledgerEntries, eq(ledgerEntries.sequence, stormEvaluations.ledgerSequence))
    .where(and(eq(stormEvaluations.stormId, storm.id), eq(stormEvaluations.country, country), eq(stormEvaluations.seasonYear, policy.seasonYear)));
  const firstPayout = payoutRows.find((row) => row.hash !== null);

  return {
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    country,
    countryName: COUNTRIES[country].name,
    optionId: option,
    optionLabel: OPTION_LABELS[option],
    seasonYear: policy.seasonYear,
    coverStart: season.coverStart,
    coverEnd: season.coverEnd,
    storm: { id: storm.id, name: storm.name, year: storm.year, points: storm.points },
    c1: evaluation.c1,
    c2: evaluation.c2,
    closestKm: evaluation.closestTriggeringMetres === null ? null : Math.round(evaluation.closestTriggeringMetres / 100) / 10,
    options: OPTION_IDS.map((id) => ({
      option: id,
      label: OPTION_LABELS[id],
      percent: evaluation.payouts[id],
      qualifyingTime: evaluation.qualifyingTimes[id],
      isPolicyOption: id === option,
    })),
    qualifyingTime,
    inCoverTerm,
    events: calendarEvents([storm], country, option).map((event) => ({
      date: event.date,
      title: event.title,
      colour: CYCLONE_EVENT_COLOURS[event.kind],
      windKt: event.windKt,
      category: event.categoryLabel,
      closestKm: Math.round(event.closestMetres / 1000),
    })),
    nearby: nearbyPoints(storm, country),
    payouts: payoutRows.map(({ payout, hash }) => ({
      id: payout.id,
      percent: payout.percent,
      contractPercent: payout.contractPercent,
      amountCents: payout.amountCents,
      status: payout.status,
      createdAt: payout.createdAt.toISOString(),
      paidAt: payout.paidAt?.toISOString() ?? null,
      acknowledged: payout.acknowledgedAt !== null,
      ledgerHash: hash,
    })),
    // The policy's own entry when it was paid, else the storm's verdict over the island for the season.
    ledger: firstPayout ? { kind: 'PAYOUT_CREATED', txnId: firstPayout.payout.id, hash: firstPayout.hash! } : (trigger ?? null),
  };
}
