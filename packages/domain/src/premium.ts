import { BASIS_POINTS_PER_UNIT, mulDivHalfUp, percentToBasisPoints } from './arithmetic';
import { applyCharge, type AppliedCharge } from './charges';
import { getCountryConfig, type CountryCode, type CountryConfig } from './countries';
import { DomainError, ERROR_CODES } from './errors';
import { assertCoverageInRange, type Cents } from './money';
import type { OptionId, PolicyOption, TriggeringParam } from './options';

export interface OptionQuote {
  id: OptionId;
  label: string;
  rolPct: number;
  coverageCents: Cents;
  riskPremiumCents: Cents;
  platformChargeCents: Cents;
  insuranceProviderChargeCents: Cents;
  /** Risk premium plus both charges, before any discount. */
  premiumCents: Cents;
  /** `premiumCents` here is the discounted premium; null when no discount applies. */
  discount: { percent: number; amountCents: Cents; premiumCents: Cents } | null;
  triggeringParams: (TriggeringParam & { coverageCents: Cents })[];
}

export interface QuoteResult {
  country: CountryCode;
  countryName: string;
  coverageCents: Cents;
  options: OptionQuote[];
}

export interface QuoteInput {
  country: string;
  coverageCents: Cents;
  /** 0..100 with at most two decimals; 0 or absent means no discount. */
  discountPercent?: number;
  /**
   * Charges and rates as stored for the country (e.g. loaded from the database). Defaults to the
   * seeded `COUNTRIES` entry. Its `code` must match `country`.
   */
  countryConfig?: CountryConfig;
}

/**
 * What the premium pipeline knows after each step. Each step fills its own field; the state machine
 * and `quotePremiums` both run these same steps in the same order.
 */
export interface PremiumContext {
  input: QuoteInput;
  country?: CountryConfig;
  coverageCents?: Cents;
  discountBasisPoints?: number | null;
  platformCharge?: AppliedCharge;
  insuranceProviderCharge?: AppliedCharge;
  riskCapitalPremiums?: RiskCapitalPremium[];
  result?: QuoteResult;
}

export interface RiskCapitalPremium {
  option: PolicyOption;
  rolBasisPoints: number;
  cents: Cents;
}

export type PremiumStepName = 'start' | 'platformCharge' | 'insuranceProviderCharge' | 'riskCapitalPremium' | 'totalPremium';
export type PremiumStep = (context: PremiumContext) => PremiumContext;

/** The spec's fixed order (part 1 section 4). */
export const PREMIUM_STEP_ORDER: readonly PremiumStepName[] = [
  'start',
  'platformCharge',
  'insuranceProviderCharge',
  'riskCapitalPremium',
  'totalPremium',
];

function need<K extends keyof PremiumContext>(context: PremiumContext, key: K): NonNullable<PremiumContext[K]> {
  const value = context[key];
  if (value === undefined || value === null) {
    // Only reachable with a hand-built machine that skips a step: a programming error.
    throw new Error(`premium step ran before "${String(key)}" was computed`);
  }
  return value as NonNullable<PremiumContext[K]>;
}

/** Discount percent (0..100, two decimals) as basis points, or null when there is no discount. */
export function discountBasisPoints(discountPercent: number | undefined): number | null {
  if (discountPercent === undefined) return null;
  if (typeof discountPercent !== 'number' || !Number.isFinite(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new DomainError(ERROR_CODES.INVALID_DISCOUNT, 'Discount must be between 0% and 100%');
  }
  const bp = percentToBasisPoints(discountPercent, 'Discount');
  return bp === 0 ? null : bp;
}

/** Discounted premium = premium - premium x percent / 100, rounded half-up on the discounted premium. */
export function applyDiscount(premiumCents: Cents, basisPoints: number): NonNullable<OptionQuote['discount']> {
  const discounted = mulDivHalfUp(premiumCents, BASIS_POINTS_PER_UNIT - basisPoints, BASIS_POINTS_PER_UNIT);
  return { percent: basisPoints / 100, amountCents: premiumCents - discounted, premiumCents: discounted };
}

/** The supported country's configuration: the stored one when given, else the seeded one. */
export function resolveCountryConfig(country: string, stored?: CountryConfig): CountryConfig {
  const seeded = getCountryConfig(country);
  if (!stored) return seeded;
  if (stored.code !== seeded.code) {
    // The caller passed another country's configuration: a programming error, not customer input.
    throw new Error(`countryConfig is for ${stored.code}, not ${seeded.code}`);
  }
  return stored;
}

export const premiumSteps: Record<PremiumStepName, PremiumStep> = {
  start(context) {
    const country = resolveCountryConfig(context.input.country, context.input.countryConfig);
    assertCoverageInRange(context.input.coverageCents);
    return {
      ...context,
      country,
      coverageCents: context.input.coverageCents,
      discountBasisPoints: discountBasisPoints(context.input.discountPercent),
    };
  },

  platformCharge(context) {
    return { ...context, platformCharge: applyCharge(need(context, 'country').platformCharge, need(context, 'coverageCents')) };
  },

  insuranceProviderCharge(context) {
    const charge = applyCharge(need(context, 'country').insuranceProviderCharge, need(context, 'coverageCents'));
    return { ...context, insuranceProviderCharge: charge };
  },

  riskCapitalPremium(context) {
    const coverageCents = need(context, 'coverageCents');
    const riskCapitalPremiums = need(context, 'country').policyOptions.map((option) => {
      const rolBasisPoints = percentToBasisPoints(option.rolPct, 'Rate on line');
      return { option, rolBasisPoints, cents: mulDivHalfUp(coverageCents, rolBasisPoints, BASIS_POINTS_PER_UNIT) };
    });
    return { ...context, riskCapitalPremiums };
  },

  totalPremium(context) {
    const country = need(context, 'country');
    const coverageCents = need(context, 'coverageCents');
    const platform = need(context, 'platformCharge');
    const provider = need(context, 'insuranceProviderCharge');
    const discountBp = context.discountBasisPoints ?? null;
    const options = need(context, 'riskCapitalPremiums').map((risk): OptionQuote => {
      // One rounding per option on the exact sum, so the premium is exactly
      // coverage x (rol + charges) / 100 to the cent; the parts are rounded on their own for display.
      const premiumCents = mulDivHalfUp(
        coverageCents,
        risk.rolBasisPoints + platform.basisPoints + provider.basisPoints,
        BASIS_POINTS_PER_UNIT,
      );
      return {
        id: risk.option.id,
        label: risk.option.label,
        rolPct: risk.option.rolPct,
        coverageCents,
        riskPremiumCents: risk.cents,
        platformChargeCents: platform.cents,
        insuranceProviderChargeCents: provider.cents,
        premiumCents,
        discount: discountBp === null ? null : applyDiscount(premiumCents, discountBp),
        triggeringParams: risk.option.triggeringParams.map((param) => ({
          ...param,
          coverageCents: triggeringCoverageCents(coverageCents, param.coveragePct),
        })),
      };
    });
    return {
      ...context,
      result: { country: country.code, countryName: country.name, coverageCents, options },
    };
  },
};

/** A triggering parameter's payout: coverage x coveragePct / 100, half-up. */
export function triggeringCoverageCents(coverageCents: Cents, coveragePct: number): Cents {
  return mulDivHalfUp(coverageCents, percentToBasisPoints(coveragePct, 'Coverage percent'), BASIS_POINTS_PER_UNIT);
}

export function resultOf(context: PremiumContext): QuoteResult {
  return need(context, 'result');
}

/** Quotes every option of a country for one coverage: the premium pipeline run synchronously. */
export function quotePremiums(input: QuoteInput): QuoteResult {
  const finalContext = PREMIUM_STEP_ORDER.reduce<PremiumContext>((context, name) => premiumSteps[name](context), { input });
  return resultOf(finalContext);
}

/** One option's quote, e.g. to re-check the premium a customer saw before a purchase. */
export function quoteOption(input: QuoteInput & { optionId: string }): OptionQuote {
  const option = quotePremiums(input).options.find((candidate) => candidate.id === input.optionId);
  if (!option) {
    throw new DomainError(ERROR_CODES.UNKNOWN_OPTION, `Unknown policy option ${input.optionId}`);
  }
  return option;
}

export const PREMIUM_MISMATCH_MESSAGE = 'The premium has changed since it was shown to you. Please review the new quote and try again.';

/**
 * A purchase carries the premium the customer saw (the option's premium before discount, as in the
 * spec's purchase input); the server recomputes it and refuses a stale or tampered figure
 * (product-decisions "Money"). When the discounted premium seen is passed too (null = no discount
 * was shown), it must match as well, so an offer that ended meanwhile is not silently dropped.
 * Returns the fresh quote of the chosen option.
 */
export function verifyQuotedPremium(
  input: QuoteInput & { optionId: string; quotedPremiumCents: Cents; quotedDiscountedPremiumCents?: Cents | null },
): OptionQuote {
  const option = quoteOption(input);
  const discounted = option.discount?.premiumCents ?? null;
  const premiumMatches = input.quotedPremiumCents === option.premiumCents;
  const discountMatches = input.quotedDiscountedPremiumCents === undefined || input.quotedDiscountedPremiumCents === discounted;
  if (!premiumMatches || !discountMatches) {
    throw new DomainError(ERROR_CODES.PREMIUM_MISMATCH, PREMIUM_MISMATCH_MESSAGE);
  }
  return option;
}
