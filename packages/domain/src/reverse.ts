import { BASIS_POINTS_PER_UNIT, divideHalfUp, exactDecimal, mulDivHalfUp, percentToBasisPoints } from './arithmetic';
import { chargeBasisPoints, tierMaxCents } from './charges';
import type { CountryCode } from './countries';
import { DomainError, ERROR_CODES } from './errors';
import { percentOfCoverageCents, type Cents } from './money';
import { isOptionId, type OptionId, type TriggeringParam } from './options';
import { resolveCountryConfig } from './premium';
import type { CountryConfig } from './pricing-config';

export interface CoverageFromPremiumInput {
  country: string;
  optionId: string;
  /** EC$, possibly unrounded (e.g. 2470 or 2469.9951). */
  premium: number;
  countryConfig: CountryConfig;
}

export interface CoverageFromPremium {
  country: CountryCode;
  optionId: OptionId;
  rolPct: number;
  /** Coverage rounded half-up to the cent. */
  coverageCents: Cents;
  /** Coverage in EC$ before rounding (floating point; for display of the exact figure and for tests). */
  coverage: number;
  triggeringParams: (TriggeringParam & { coverageCents: Cents; coverage: number })[];
}

/** Coverage segments (lo, hi] in cents within which both charge schedules use a single tier. */
function chargeSegments(country: CountryConfig): { lo: Cents | null; hi: Cents | null }[] {
  const bounds = [...country.platformCharge.tiers, ...country.insuranceProviderCharge.tiers]
    .map(tierMaxCents)
    .filter((max): max is Cents => max !== null);
  const sorted = [...new Set(bounds)].sort((a, b) => a - b);
  return [...sorted, null].map((hi, index) => ({ lo: index === 0 ? null : (sorted[index - 1] ?? null), hi }));
}

/**
 * Premium to coverage (spec part 1 section 4): coverage = (premium - charges) x 100 / rolPct, i.e.
 * premium x 100 / (rolPct + charge percentages), solved segment by segment of the charge tiers so it
 * stays exact when charges are not zero. Coverage limits are not enforced here: a premium rounded to
 * the cent maps back to coverage within a few cents, so the caller quotes the result, which applies the
 * limits.
 */
export function coverageFromPremium(input: CoverageFromPremiumInput): CoverageFromPremium {
  const country = resolveCountryConfig(input.country, input.countryConfig);
  if (!isOptionId(input.optionId)) {
    throw new DomainError(ERROR_CODES.UNKNOWN_OPTION, `Unknown policy option ${input.optionId}`);
  }
  const option = country.policyOptions.find((candidate) => candidate.id === input.optionId);
  if (!option) throw new DomainError(ERROR_CODES.UNKNOWN_OPTION, `Unknown policy option ${input.optionId}`);
  if (typeof input.premium !== 'number' || !Number.isFinite(input.premium) || input.premium <= 0) {
    throw new DomainError(ERROR_CODES.INVALID_AMOUNT, 'Premium must be a positive amount');
  }

  const rolBp = percentToBasisPoints(option.rolPct, 'Rate on line');
  // premium (EC$) = digits / 10^scale, so coverage (cents) = digits x 100 x 10_000 / (10^scale x rateBp).
  const { digits, scale } = exactDecimal(input.premium);
  const numerator = digits * 100n * BigInt(BASIS_POINTS_PER_UNIT);
  const premiumCents = divideHalfUp(digits * 100n, 10n ** BigInt(scale));
  const candidates = chargeSegments(country).flatMap(({ lo, hi }) => {
    const probe = hi ?? (lo === null ? 0 : lo + 1);
    const rateBp = rolBp + chargeBasisPoints(country.platformCharge, probe) + chargeBasisPoints(country.insuranceProviderCharge, probe);
    if (rateBp <= 0) return [];
    return [{ lo, hi, rateBp, coverageCents: divideHalfUp(numerator, 10n ** BigInt(scale) * BigInt(rateBp)) }];
  });
  const inSegment = (cents: Cents, lo: Cents | null, hi: Cents | null) => (lo === null || cents > lo) && (hi === null || cents <= hi);

  // Membership is judged on the rounded coverage, the figure the forward calculation will see.
  // Non-monotone tiers can let several coverages give one premium; the smallest wins.
  const exact = candidates.find(({ lo, hi, coverageCents }) => inSegment(coverageCents, lo, hi));
  // Within a few cents of a tier bound the rounded coverage can spill into the next segment; the
  // bound itself is then the answer when it reproduces the premium to the cent.
  const atBound = exact
    ? undefined
    : candidates
        .map((candidate) => ({ ...candidate, coverageCents: clamp(candidate.coverageCents, candidate.lo, candidate.hi) }))
        .find(({ coverageCents, rateBp }) => mulDivHalfUp(coverageCents, rateBp, BASIS_POINTS_PER_UNIT) === premiumCents);
  const solved = exact ?? atBound;
  if (solved) {
    const coverage = (input.premium * BASIS_POINTS_PER_UNIT) / solved.rateBp;
    return {
      country: country.code,
      optionId: option.id,
      rolPct: option.rolPct,
      coverageCents: solved.coverageCents,
      coverage,
      triggeringParams: option.triggeringParams.map((param) => ({
        ...param,
        coverageCents: percentOfCoverageCents(solved.coverageCents, param.coveragePct),
        coverage: (coverage * param.coveragePct) / 100,
      })),
    };
  }
  throw new DomainError(ERROR_CODES.PREMIUM_NOT_REACHABLE, 'No coverage amount gives this premium');
}

function clamp(cents: Cents, lo: Cents | null, hi: Cents | null): Cents {
  if (lo !== null && cents <= lo) return lo + 1;
  if (hi !== null && cents > hi) return hi;
  return cents;
}
