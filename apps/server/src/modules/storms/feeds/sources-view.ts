import { agreedVerdict, COUNTRIES, isCountryCode, OPTION_IDS, sourcesDiffer, type OptionPercents } from '@fhp/domain';
import { and, asc, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { stormDifferenceApprovals, stormEvaluations, stormFeedStates, storms, stormSourceEvaluations, stormSourceTracks, users } from '../../../db/schema';
import { sourceVerdict } from './agreement';

/** What the admin's Storm Payouts screen shows of the sources (issue 22 item 3, decision 149). */

/** A source not answering for this long while a storm is active is silent. */
export const SILENT_AFTER_MS = 60 * 60 * 1000;
/** A storm is active while a feed has brought a new fix of it within this span (operational tracks are updated every 6 hours). */
export const ACTIVE_STORM_MS = 24 * 60 * 60 * 1000;

export interface OptionFigure {
  option: string;
  percent: number;
}

export interface SourceFigures {
  source: string;
  c1: string | null;
  c2: string | null;
  payouts: OptionFigure[];
  evaluatedAt: string;
}

export interface SourceDifferenceView {
  stormId: string;
  name: string;
  country: string;
  countryName: string;
  seasonYear: number;
  sourcesRequired: number;
  /** What is paid per option now. */
  paid: OptionFigure[];
  sources: SourceFigures[];
  /** Whether some source gives more than is paid (an admin may pay it). */
  payable: boolean;
  approval: { reason: string; approvedBy: string; approvedAt: string } | null;
}

const figures = (percents: OptionPercents): OptionFigure[] => OPTION_IDS.map((option) => ({ option, percent: percents[option] }));
const asPercents = (stored: Record<string, number> | undefined): OptionPercents => Object.fromEntries(OPTION_IDS.map((option) => [option, stored?.[option] ?? 0])) as OptionPercents;

/**
 * The storms, islands and seasons where the feed sources give different figures, or where what is
 * paid differs from a source's (one source of two required): each source's figures per option
 * beside what is paid, and an approval already given. Newest storms first.
 */
export async function sourceDifferences(db: Db, sourcesRequired: number): Promise<SourceDifferenceView[]> {
  const rows = await db
    .select({ verdict: stormSourceEvaluations, name: storms.name, lastPointAt: storms.lastPointAt })
    .from(stormSourceEvaluations)
    .innerJoin(storms, eq(storms.id, stormSourceEvaluations.stormId))
    .orderBy(desc(storms.lastPointAt), asc(stormSourceEvaluations.stormId), asc(stormSourceEvaluations.seasonYear), asc(stormSourceEvaluations.country), asc(stormSourceEvaluations.source));
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.verdict.stormId}|${row.verdict.country}|${row.verdict.seasonYear}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const views: SourceDifferenceView[] = [];
  for (const group of groups.values()) {
    const { stormId, country, seasonYear } = group[0]!.verdict;
    const where = <T extends typeof stormEvaluations | typeof stormDifferenceApprovals>(table: T) => and(eq(table.stormId, stormId), eq(table.country, country), eq(table.seasonYear, seasonYear));
    const [evaluation] = await db.select().from(stormEvaluations).where(where(stormEvaluations));
    const [approval] = await db
      .select({ reason: stormDifferenceApprovals.reason, approvedAt: stormDifferenceApprovals.approvedAt, first: users.firstName, last: users.lastName, email: users.email })
      .from(stormDifferenceApprovals)
      .innerJoin(users, eq(users.id, stormDifferenceApprovals.approvedBy))
      .where(where(stormDifferenceApprovals));
    const verdicts = group.map((row) => sourceVerdict(row.verdict));
    const paid = evaluation ? asPercents(evaluation.payouts) : agreedVerdict(verdicts, sourcesRequired).payouts;
    if (!sourcesDiffer(verdicts, paid) && !approval) continue;
    views.push({
      stormId,
      name: group[0]!.name,
      country,
      countryName: isCountryCode(country) ? COUNTRIES[country].name : country,
      seasonYear,
      sourcesRequired,
      paid: figures(paid),
      sources: group.map((row) => ({ source: row.verdict.source, c1: row.verdict.c1, c2: row.verdict.c2, payouts: figures(asPercents(row.verdict.payouts)), evaluatedAt: row.verdict.evaluatedAt.toISOString() })),
      payable: verdicts.some((verdict) => OPTION_IDS.some((option) => verdict.payouts[option] > paid[option])),
      approval: approval
        ? { reason: approval.reason, approvedBy: [approval.first, approval.last].filter(Boolean).join(' ') || approval.email, approvedAt: approval.approvedAt.toISOString() }
        : null,
    });
  }
  return views;
}

export interface FeedStatusView {
  source: string;
  url: string;
  answeredAt: string | null;
  changedAt: string | null;
  failures: number;
  lastError: string | null;
  /** No answer for an hour while a storm is active. */
  silent: boolean;
}

/**
 * Each polled source's state: when it last answered, its failures in a row, and whether it fell
 * silent (no answer for an hour while a storm is active: a feed brought a new fix of a storm
 * without a best track yet within the last day).
 */
export async function feedStatuses(db: Db, now: Date): Promise<FeedStatusView[]> {
  const states = await db.select().from(stormFeedStates).orderBy(asc(stormFeedStates.source));
  if (states.length === 0) return [];
  const active = await db
    .select({ id: storms.id })
    .from(stormSourceTracks)
    .innerJoin(storms, eq(storms.id, stormSourceTracks.stormId))
    .where(and(isNotNull(storms.trackSource), gte(stormSourceTracks.updatedAt, new Date(now.getTime() - ACTIVE_STORM_MS))))
    .limit(1);
  const stormActive = active.length > 0;
  return states.map((state) => ({
    source: state.source,
    url: state.url,
    answeredAt: state.answeredAt?.toISOString() ?? null,
    changedAt: state.changedAt?.toISOString() ?? null,
    failures: state.failures,
    lastError: state.lastError,
    silent: stormActive && (state.answeredAt === null || now.getTime() - state.answeredAt.getTime() > SILENT_AFTER_MS),
  }));
}
