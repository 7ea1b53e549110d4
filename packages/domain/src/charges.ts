import { mulDivHalfUp, percentToBasisPoints, BASIS_POINTS_PER_UNIT } from './arithmetic';
import type { ChargeConfig, ChargeTier } from './pricing-config';
import { DomainError, ERROR_CODES } from './errors';
import { toCents, type Cents } from './money';

/** A tier's upper bound in cents; null (no bound) stays null. */
export function tierMaxCents(tier: ChargeTier): Cents | null {
  return tier.max === null ? null : toCents(tier.max);
}

/** `volumepct`: the first tier with coverage <= max (null max = infinity). */
export function selectChargeTier(config: ChargeConfig, coverageCents: Cents): ChargeTier {
  const tier = config.tiers.find((candidate) => {
    const max = tierMaxCents(candidate);
    return max === null || coverageCents <= max;
  });
  if (!tier) {
    // A schedule without an open-ended last tier is a configuration mistake, not customer input.
    throw new DomainError(ERROR_CODES.INVALID_RATE, 'No charge applies to this coverage amount');
  }
  return tier;
}

/** The charge rate for a coverage, in basis points of the coverage. */
export function chargeBasisPoints(config: ChargeConfig, coverageCents: Cents): number {
  return percentToBasisPoints(selectChargeTier(config, coverageCents).unit_amount, 'Charge rate');
}

export interface AppliedCharge {
  basisPoints: number;
  cents: Cents;
}

export function applyCharge(config: ChargeConfig, coverageCents: Cents): AppliedCharge {
  const basisPoints = chargeBasisPoints(config, coverageCents);
  return { basisPoints, cents: mulDivHalfUp(coverageCents, basisPoints, BASIS_POINTS_PER_UNIT) };
}
