import {
  calendarEvents,
  COUNTRIES,
  OPTION_LABELS,
  CYCLONE_EVENT_COLOURS,
  cycloneTableRows,
  isCountryCode,
  isOptionId,
  windSeries,
  type CycloneEventKind,
  type Storm,
  type WindBucket,
  type WindPeriod,
} from '@fhp/domain';
import { and, asc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, payouts, stormEvaluations, storms } from '../../db/schema';
import { payoutEntryHashes } from '../audit';
import type { PolicyRow } from '../lifecycle';
import { loadStorms } from './repository';

/**
 * The Tropical Cyclone Tracker's data (`getPolicyAnalytics`, issue 10 item 7): the domain's
 * calendar events and table rows of the policy's island for one month, with the proof-ledger entry
 * of each row, and the wind chart from the same stored tracks.
 */

/** Every stored storm, kept in memory until an import changes the table (count and last update). */
class StormCache {
  private key = '';
  private storms: Promise<Storm[]> | null = null;

  async all(db: Db): Promise<Storm[]> {
    const [stamp] = await db.select({ count: sql<number>`count(*)::int`, last: max(storms.updatedAt) }).from(storms);
    const key = `${stamp?.count ?? 0}:${stamp?.last?.toISOString() ?? ''}`;
    if (key !== this.key || this.storms === null) {
      this.key = key;
      this.storms = loadStorms(db);
    }
    return this.storms;
  }
}

export const stormCache = new StormCache();

export interface AnalyticsEvent {
  title: string;
  date: string;
  kind: string;
  colour: string;
  stormId: string;
  name: string;
  windKt: number | null;
  category: string;
  closestKm: number;
}

export interface AnalyticsRow {
  date: string;
  cycloneDate: string;
  windspeedKt: number | null;
  category: string;
  title: string;
  stormId: string;
  name: string;
  blockchainTxnId: string | null;
  blockchainHash: string | null;
  /** The payout the row proves (its proof is the payout's path to the entry), or null for a storm's verdict. */
  payoutId: string | null;
}

export interface PolicyAnalytics {
  policyId: string;
  policyNumber: string;
  country: string;
  countryName: string;
  optionId: string;
  optionLabel: string;
  seasonYear: number;
  month: number;
  year: number;
  events: AnalyticsEvent[];
  rows: AnalyticsRow[];
  /** The tracks of the storms with an event in the month, for the map. */
  tracks: Storm[];
}

function monthRange(year: number, month: number): { from: string; to: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(last)}` };
}

type LedgerRef = { txnId: string; hash: string; payoutId: string | null };

/**
 * The ledger entries the tracker's rows prove (issue 20 item 5): the storm's TRIGGER_EVENT over the
 * island (what the storm did there, for every holder), and the policy's payout for the storm (what
 * it paid this policy), proved by its path to its evaluation's entry (decision 174).
 */
async function ledgerFor(db: Db, policy: PolicyRow, stormIds: string[]): Promise<{ triggers: Map<string, LedgerRef>; payouts: Map<string, LedgerRef> }> {
  const found = { triggers: new Map<string, LedgerRef>(), payouts: new Map<string, LedgerRef>() };
  if (stormIds.length === 0) return found;
  const triggers = await db
    .select({ stormId: stormEvaluations.stormId, txnId: ledgerEntries.txnId, hash: ledgerEntries.hash })
    .from(stormEvaluations)
    .innerJoin(ledgerEntries, eq(ledgerEntries.sequence, stormEvaluations.ledgerSequence))
    .where(and(inArray(stormEvaluations.stormId, stormIds), eq(stormEvaluations.country, policy.country), isNotNull(stormEvaluations.ledgerSequence)));
  for (const row of triggers) found.triggers.set(row.stormId, { txnId: row.txnId, hash: row.hash, payoutId: null });
  const own = await db
    .select({ stormId: payouts.stormRef, id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.policyId, policy.id), inArray(payouts.stormRef, stormIds)))
    .orderBy(asc(payouts.createdAt));
  const hashes = await payoutEntryHashes(
    db,
    own.map((row) => row.id),
  );
  // A storm that paid twice (a top-up) proves its first payout here; the detail page lists both.
  for (const row of own.reverse()) {
    const hash = hashes.get(row.id);
    if (row.stormId && hash) found.payouts.set(row.stormId, { txnId: row.id, hash, payoutId: row.id });
  }
  return found;
}

/**
 * A row's own entry: "Eligible For Payout" proves the policy's payout (the storm's trigger when it
 * paid this policy nothing, e.g. outside its cover term); "Tropical Cyclone Occurred" and a system
 * nearby prove the storm's trigger over the island. Before, every row of a storm that paid the
 * policy linked to the payout, so the red row claimed to prove a payout.
 */
function rowLedger(ledger: Awaited<ReturnType<typeof ledgerFor>>, kind: CycloneEventKind, stormId: string): LedgerRef | null {
  const trigger = ledger.triggers.get(stormId) ?? null;
  return kind === 'ELIGIBLE_FOR_PAYOUT' ? (ledger.payouts.get(stormId) ?? trigger) : trigger;
}

export async function policyAnalytics(db: Db, policy: PolicyRow, year: number, month: number): Promise<PolicyAnalytics> {
  const base = {
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    country: policy.country,
    countryName: isCountryCode(policy.country) ? COUNTRIES[policy.country].name : policy.country,
    optionId: policy.optionId,
    optionLabel: isOptionId(policy.optionId) ? OPTION_LABELS[policy.optionId] : policy.optionId,
    seasonYear: policy.seasonYear,
    month,
    year,
  };
  if (!isCountryCode(policy.country) || !isOptionId(policy.optionId)) return { ...base, events: [], rows: [], tracks: [] };
  const all = await stormCache.all(db);
  const events = calendarEvents(all, policy.country, policy.optionId, monthRange(year, month));
  const stormIds = [...new Set(events.map((event) => event.stormId))];
  const ledger = await ledgerFor(db, policy, stormIds);
  return {
    ...base,
    events: events.map((event) => ({
      title: event.title,
      date: event.date,
      kind: event.kind,
      colour: CYCLONE_EVENT_COLOURS[event.kind],
      stormId: event.stormId,
      name: event.name,
      windKt: event.windKt,
      category: event.categoryLabel,
      closestKm: Math.round(event.closestMetres / 1000),
    })),
    rows: cycloneTableRows(events).map((row) => ({
      date: row.date,
      cycloneDate: row.cycloneDate,
      windspeedKt: row.windspeedKt,
      category: row.category,
      title: row.title,
      stormId: row.stormId,
      name: row.name,
      blockchainTxnId: rowLedger(ledger, row.kind, row.stormId)?.txnId ?? null,
      blockchainHash: rowLedger(ledger, row.kind, row.stormId)?.hash ?? null,
      payoutId: rowLedger(ledger, row.kind, row.stormId)?.payoutId ?? null,
    })),
    tracks: all.filter((storm) => stormIds.includes(storm.id)),
  };
}

/** The wind chart of the policy's island: max and min wind of systems within 300 km per bucket, over the given years. */
export async function policyWind(db: Db, policy: PolicyRow, period: WindPeriod, fromYear: number, toYear: number): Promise<WindBucket[]> {
  if (!isCountryCode(policy.country)) return [];
  const all = await stormCache.all(db);
  return windSeries(all, policy.country, { period, from: `${fromYear}-01-01`, to: `${toYear}-12-31` });
}
