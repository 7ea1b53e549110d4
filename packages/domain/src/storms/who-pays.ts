import { instantMs, localMidnightMs, type InstantInput } from '../local-time';
import { addDays } from '../policy/dates';
import type { IsoDate, Season } from '../season';
import { coverTermBounds } from './term';

/**
 * Who a storm pays (product decisions, "The parametric contract", "Who a storm pays"): every policy
 * whose cover term contains the qualifying sample and that was issued (paid in full) at or before
 * that sample's time, whatever its status now. The policy's status is not asked: an expired policy
 * is paid for a storm of its term, an issued one whose June 1 step has not run yet is paid, and a
 * policy issued after the sample is not paid for that storm. A track published up to
 * `LATE_TRACK_MONTHS` after the term's end still pays (best tracks come months after the storm).
 *
 * The trigger engine selects its policies in SQL by the same rule (modules/storms/evaluation.ts)
 * and checks each locked row with `stormPaysPolicy`.
 */

/** How long after its cover term ends a term can still be paid by a track that arrives late. */
export const LATE_TRACK_MONTHS = 12;

/** The same day `months` months later; a day the month lacks becomes its last day (Jan 31 + 1 month: Feb 28). */
function addMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/**
 * The instant (epoch ms) from which a track no longer pays the term: `LATE_TRACK_MONTHS` months
 * after the term's end, at local midnight (the term 2025-06-01 to 2026-05-31 takes tracks published
 * until the end of 2027-05-31, local time).
 */
export function lateTrackLimitMs(season: Pick<Season, 'coverEnd'>): number {
  return localMidnightMs(addMonths(addDays(season.coverEnd, 1), LATE_TRACK_MONTHS));
}

/** Whether a track published at `publishedAt` may still pay policies of this season's term. */
export function trackPaysTerm(season: Pick<Season, 'coverEnd'>, publishedAt: InstantInput): boolean {
  return instantMs(publishedAt) < lateTrackLimitMs(season);
}

export interface PolicyCover {
  /** The policy's season: its cover term. */
  season: Pick<Season, 'coverStart' | 'coverEnd'>;
  /** When full payment issued the contract; null while provisional (or canceled unpaid). */
  issuedAt: InstantInput | null;
}

/**
 * Whether a storm pays a policy: the storm qualified for the policy's option at `qualifyingAt` (the
 * option's first sample that gives the storm's payout, `StormEvaluation.qualifyingTimes`; null when
 * it pays nothing), inside the policy's cover term, at or after the policy was issued, and the
 * track was published (`publishedAt`, the import) while the term could still be paid.
 */
export function stormPaysPolicy(policy: PolicyCover, qualifyingAt: InstantInput | null, publishedAt: InstantInput): boolean {
  return coveredInTerm(policy.season, publishedAt)(policy.issuedAt, qualifyingAt);
}

/**
 * `stormPaysPolicy` for the many policies of one season and one track: the term's bounds and the
 * late-track limit are worked out once (each takes the time-zone rules), each policy is then two
 * comparisons. The trigger engine checks every locked row with it.
 */
export function coveredInTerm(season: PolicyCover['season'], publishedAt: InstantInput): (issuedAt: InstantInput | null, qualifyingAt: InstantInput | null) => boolean {
  const { fromMs, toMs } = coverTermBounds(season);
  const inTime = trackPaysTerm(season, publishedAt);
  return (issuedAt, qualifyingAt) => {
    if (!inTime || qualifyingAt === null || issuedAt === null) return false;
    const sampleMs = instantMs(qualifyingAt);
    return sampleMs >= fromMs && sampleMs < toMs && instantMs(issuedAt) <= sampleMs;
  };
}
