import { percentOfCoverageCents, type Cents } from '../money';
import { localIsoDate, localMidnightMs, type InstantInput } from '../local-time';
import { addDays } from '../policy/dates';
import { isWithinCover, SEASON_DEFAULTS, type Season } from '../season';

/**
 * Cover-term rules the trigger engine applies around the contract (product decisions, "The
 * parametric contract"): a storm counts when its qualifying sample lies inside the cover term, and
 * the payouts of one term never exceed 100% of coverage.
 */

export const MAX_TERM_PERCENT = 100;

/** What a new storm's payout % becomes in a term where `earlierPercents` were already paid: what is left of 100%, at most. */
export function cappedTermPercent(earlierPercents: readonly number[], newPercent: number): number {
  const paid = earlierPercents.reduce((sum, percent) => sum + percent, 0);
  return Math.max(0, Math.min(newPercent, MAX_TERM_PERCENT - paid));
}

/**
 * The amount a storm pays a policy, in cents: its percent of the coverage (half-up to the cent),
 * never more than the coverage not yet paid out in the term, so rounding can never take the total
 * past the coverage either.
 */
export function termPayoutCents(coverageCents: Cents, paidOutCents: Cents, percent: number): Cents {
  const amount = percentOfCoverageCents(coverageCents, percent);
  return Math.max(0, Math.min(amount, coverageCents - paidOutCents));
}

/** What a policy was already paid in its term, and how much of it came from the storm being evaluated. */
export interface TermPaidSoFar {
  coverageCents: Cents;
  /** Sum of every payout of the policy (a policy is one term). */
  paidOutCents: Cents;
  /** Sum of the percents those payouts paid. */
  paidPercent: number;
  /** The highest contract % this storm already paid the policy for (0: none yet). */
  stormContractPercent: number;
}

/**
 * What a storm pays one policy (decisions 060 and 061): the contract's % for the storm now less
 * what the storm already gave (the whole % the first time; the difference after an advisory
 * update raised its class), capped at what remains of 100% of the term, and that % of the
 * coverage in cents (`termPayoutCents`). Null when nothing is due: the storm paid this level
 * already, the term is used up, or nothing of the coverage is left.
 */
export function stormPayoutFor(policy: TermPaidSoFar, contractPercent: number): { percent: number; amountCents: Cents } | null {
  if (contractPercent <= policy.stormContractPercent) return null;
  const percent = Math.max(0, Math.min(contractPercent - policy.stormContractPercent, MAX_TERM_PERCENT - policy.paidPercent));
  if (percent === 0 || policy.coverageCents <= policy.paidOutCents) return null;
  return { percent, amountCents: termPayoutCents(policy.coverageCents, policy.paidOutCents, percent) };
}

/** Whether an instant falls inside the season's cover term, counted in local days (both ends included). */
export function isInCoverTerm(season: Pick<Season, 'coverStart' | 'coverEnd'>, instant: InstantInput): boolean {
  return isWithinCover(season, localIsoDate(instant));
}

/** The cover term as epoch-ms bounds [fromMs, toMs): local midnight of the first day to local midnight after the last. */
export function coverTermBounds(season: Pick<Season, 'coverStart' | 'coverEnd'>): { fromMs: number; toMs: number } {
  return { fromMs: localMidnightMs(season.coverStart), toMs: localMidnightMs(addDays(season.coverEnd, 1)) };
}

/**
 * The year of the cover term (June 1 of the year to May 31 of the next) holding an instant, for
 * any year, past seasons included (`seasonForYear` only builds the seasons on sale).
 */
export function coverTermYear(instant: InstantInput): number {
  const [year, month, day] = localIsoDate(instant).split('-').map(Number) as [number, number, number];
  const { month: startMonth, day: startDay } = SEASON_DEFAULTS.coverStart;
  return month > startMonth || (month === startMonth && day >= startDay) ? year : year - 1;
}
