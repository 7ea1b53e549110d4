import { COUNTRIES, type CountryCode } from '../countries';
import { COVERAGE_LIMITS, formatMoney, type Cents } from '../money';

/**
 * Limits per holder (product decisions, "Limits per holder"): how many policies, and how much
 * cover in all, one holder may hold in a country and season. Provisional and issued policies
 * count, cancelled ones do not. Both are settings per country and season, stored with its pricing;
 * these are the decision's figures, what a new country and season starts with.
 */
export interface HolderLimits {
  maxPolicies: number;
  maxCoverageCents: Cents;
}

export const HOLDER_LIMIT_DEFAULTS: Readonly<HolderLimits> = Object.freeze({ maxPolicies: 5, maxCoverageCents: 54_000_000 });

/** The bounds an administrator may set them within. */
export const HOLDER_LIMIT_BOUNDS = {
  maxPolicies: { min: 1, max: 1_000 },
  // At least one policy of the smallest cover; at most EC$10,000,000, which still counts in a
  // 32-bit integer of cents (GraphQL's Int).
  maxCoverageCents: { min: COVERAGE_LIMITS.minCents, max: 1_000_000_000 },
} as const;

/** What a holder already holds in a country and season (cancelled policies left out). */
export interface HolderHoldings {
  policies: number;
  coverageCents: Cents;
}

export interface HolderLimitCheck {
  country: CountryCode;
  seasonYear: number;
  limits: HolderLimits;
  held: HolderHoldings;
  /** The cover of the policy being bought. */
  coverageCents: Cents;
}

const policiesWord = (n: number) => `${n} ${n === 1 ? 'policy' : 'policies'}`;

/**
 * Why one more policy of `coverageCents` is refused, in the holder's words (the limit, what they
 * already hold, and what would still fit), or undefined when it fits both limits.
 */
export function holderLimitRefusal({ country, seasonYear, limits, held, coverageCents }: HolderLimitCheck): string | undefined {
  const where = `in ${COUNTRIES[country].name} for the ${seasonYear} season`;
  if (held.policies + 1 > limits.maxPolicies) {
    return `One holder may hold at most ${policiesWord(limits.maxPolicies)} ${where}, and you already hold ${held.policies}. Cancelled policies do not count.`;
  }
  if (held.coverageCents + coverageCents > limits.maxCoverageCents) {
    const room = Math.max(0, limits.maxCoverageCents - held.coverageCents);
    const fits = room >= COVERAGE_LIMITS.minCents ? `A cover of at most ${formatMoney(room)} still fits.` : 'No further policy fits.';
    return (
      `One holder may hold at most ${formatMoney(limits.maxCoverageCents)} of cover ${where}; you already hold ${formatMoney(held.coverageCents)}, ` +
      `so this ${formatMoney(coverageCents)} policy would go over it. ${fits}`
    );
  }
  return undefined;
}
