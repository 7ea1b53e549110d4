import { BASIS_POINTS_PER_UNIT, mulDivHalfUp, percentToBasisPoints } from './arithmetic';
import { applyCharge, type AppliedCharge } from './charges';
import { supportedCountry, type CountryCode } from './countries';
import { DomainError, ERROR_CODES } from './errors';
import { assertCoverageInRange, percentOfCoverageCents, type Cents } from './money';
import type { OptionId, PolicyOption, TriggeringParam } from './options';
import type { CountryConfig } from './pricing-config';

export interface OptionQuote {
  id: OptionId;
  label: string;
  rolPct: number;
  coverageCents: Cents;
  riskPremiumCents: Cents;
  /** The charge rates the coverage's tiers gave (percent), and the charges they make. */
  platformChargePct: number;
  insuranceProviderChargePct: number;
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
   * The country's rates and charges as stored for the season on sale (`countryConfigFrom`); the
   * pipeline prices from nothing else. Its `code` must match `country`.
   */
  countryConfig: CountryConfig;
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

/** The configuration to price `country` with, once the country is known to be sold. */
export function resolveCountryConfig(country: string, config: CountryConfig): CountryConfig {
  const { code } = supportedCountry(country);
  if (config.code !== code) {
    // The caller passed another country's configuration: a programming error, not customer input.
    throw new Error(`countryConfig is for ${config.code}, not ${code}`);
  }
  return config;
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
        platformChargePct: platform.basisPoints / 100,
        insuranceProviderChargePct: provider.basisPoints / 100,
        platformChargeCents: platform.cents,
        insuranceProviderChargeCents: provider.cents,
        premiumCents,
        discount: discountBp === null ? null : applyDiscount(premiumCents, discountBp),
        triggeringParams: risk.option.triggeringParams.map((param) => ({
          ...param,
          coverageCents: percentOfCoverageCents(coverageCents, param.coveragePct),
        })),
      };
    });
    return {
      ...context,
      result: { country: country.code, countryName: country.name, coverageCents, options },
    };
  },
};

export function resultOf(context: PremiumContext): QuoteResult {
  return need(context, 'result');
}

/** One option of a quote, e.g. to re-check the premium a customer saw before a purchase. */
export function quotedOption(quote: QuoteResult, optionId: string): OptionQuote {
  const option = quote.options.find((candidate) => candidate.id === optionId);
  if (!option) {
    throw new DomainError(ERROR_CODES.UNKNOWN_OPTION, `Unknown policy option ${optionId}`);
  }
  return option;
}

/** What the customer is told when the price they saw is no longer the price (each says to review it). */
export const PRICE_CHANGED_MESSAGES = {
  premium: 'The price of this policy has changed since you chose it. Please review the new price and confirm again.',
  offerStarted: 'An offer now applies to this policy, so its price has changed since you chose it. Please review the new price and confirm again.',
  offerEnded: 'The offer on this policy has ended, so its price has changed since you chose it. Please review the new price and confirm again.',
  offerChanged: 'The offer on this policy has changed, so its price has changed since you chose it. Please review the new price and confirm again.',
} as const;

export interface QuotedPrices {
  optionId: string;
  /** The option's premium before any discount, as the customer saw it. */
  quotedPremiumCents: Cents;
  /** The discounted premium the customer saw; null when no offer was shown. */
  quotedDiscountedPremiumCents: Cents | null;
}

/**
 * A purchase carries the prices the customer saw (the option's premium before discount, as in the
 * spec's purchase input, and the discounted premium when an offer was shown); the server prices
 * again and refuses any difference (product-decisions "Money"): a rate changed, an offer started,
 * ended or changed its percent, or a figure was tampered with. The sentence says which, and asks
 * the customer to review the new price. Returns the fresh quote of the chosen option.
 */
export function verifyQuotedPremium(quote: QuoteResult, seen: QuotedPrices): OptionQuote {
  const option = quotedOption(quote, seen.optionId);
  const discounted = option.discount?.premiumCents ?? null;
  if (seen.quotedPremiumCents !== option.premiumCents) {
    throw new DomainError(ERROR_CODES.PREMIUM_MISMATCH, PRICE_CHANGED_MESSAGES.premium);
  }
  if (seen.quotedDiscountedPremiumCents !== discounted) {
    const message =
      seen.quotedDiscountedPremiumCents === null
        ? PRICE_CHANGED_MESSAGES.offerStarted
        : discounted === null
          ? PRICE_CHANGED_MESSAGES.offerEnded
          : PRICE_CHANGED_MESSAGES.offerChanged;
    throw new DomainError(ERROR_CODES.PREMIUM_MISMATCH, message);
  }
  return option;
}
