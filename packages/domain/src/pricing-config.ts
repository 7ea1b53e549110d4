import { z } from 'zod';
import { exactDecimal } from './arithmetic';
import { supportedCountry, type CountryCode } from './countries';
import { DomainError, ERROR_CODES } from './errors';
import { CURRENCY } from './money';
import { buildPolicyOptions, OPTION_IDS, type OptionId, type PolicyOption } from './options';

/**
 * A country's pricing is configuration (product decisions, "Money": charge tiers configurable per
 * country, nothing a literal buried in code). The server stores it per country and season and
 * passes it to the premium pipeline, which only ever prices from what it is given.
 */

export interface ChargeTier {
  /** Upper bound of coverage in EC$ for this tier (inclusive); null means no upper bound. */
  max: number | null;
  /** Percent of coverage charged. */
  unit_amount: number;
}

/** `volumepct`: the first tier whose max the coverage does not exceed sets the percentage. */
export interface ChargeConfig {
  model: 'volumepct';
  tiers: ChargeTier[];
}

export interface CurrencyFormat {
  locale: typeof CURRENCY.locale;
  currency: typeof CURRENCY.code;
}

/** The spec's "Country config" (part 1 section 3): what the premium pipeline prices from. */
export interface CountryConfig {
  code: CountryCode;
  name: string;
  platformCharge: ChargeConfig;
  insuranceProviderCharge: ChargeConfig;
  policyOptions: PolicyOption[];
  currencyFormat: CurrencyFormat;
}

/** A country's pricing for one season, as stored: rate on line per option, both charges, currency. */
export interface CountryPricing {
  /** Percent with at most two decimals, e.g. 9.88. */
  rolPctByOption: Record<OptionId, number>;
  platformCharge: ChargeConfig;
  insuranceProviderCharge: ChargeConfig;
  currency: { code: string; locale: string };
}

const hasTwoDecimals = (value: number) => exactDecimal(value).scale <= 2;

const percentSchema = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} must be between 0% and 100%`)
    .max(100, `${what} must be between 0% and 100%`)
    .refine(hasTwoDecimals, `${what} may have at most 2 decimals`);

const chargeSchema = (what: string) =>
  z
    .object({
      model: z.literal('volumepct', { error: `${what}: only the volumepct model is supported` }),
      tiers: z
        .array(
          z.object({
            max: z.number().positive(`${what}: a tier's upper bound must be above EC$0`).refine(hasTwoDecimals, `${what}: a tier's upper bound is in EC$ with at most 2 decimals`).nullable(),
            unit_amount: percentSchema(`${what} rate`),
          }),
        )
        .min(1, `${what} needs at least one tier`),
    })
    .superRefine(({ tiers }, ctx) => {
      // Tiers are searched in order for the first `coverage <= max`: bounds must rise and the last
      // tier must be open-ended, or some coverage would have no charge at all.
      const bounds = tiers.map((tier) => tier.max);
      const last = bounds.at(-1);
      const closed = bounds.slice(0, -1);
      if (last !== null || closed.some((max) => max === null)) {
        ctx.addIssue({ code: 'custom', message: `${what}: only the last tier is open-ended, and it must be` });
      } else if (closed.some((max, i) => i > 0 && (max as number) <= (closed[i - 1] as number))) {
        ctx.addIssue({ code: 'custom', message: `${what}: tier upper bounds must rise` });
      }
    });

const countryPricingSchema = z.object({
  // An enum-keyed record needs every key: each of the six options has its rate.
  rolPctByOption: z.record(
    z.enum(OPTION_IDS as [OptionId, ...OptionId[]]),
    percentSchema('A rate on line').refine((rate) => rate > 0, 'A rate on line must be above 0%'),
    { error: 'Every option needs a rate on line' },
  ),
  platformCharge: chargeSchema('The platform charge'),
  insuranceProviderCharge: chargeSchema('The insurance provider charge'),
  // Money is shown as EC$ (money.ts); a configuration in another currency would be priced right and shown wrong.
  currency: z.object({
    code: z.literal(CURRENCY.code, { error: `Prices are in ${CURRENCY.code} only` }),
    locale: z.literal(CURRENCY.locale, { error: `Prices are shown in the ${CURRENCY.locale} locale only` }),
  }),
});

/** Frozen all the way down: a request that edits a shared configuration by mistake must fail loudly. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A stored pricing checked and turned into the configuration the pipeline prices from. A pricing
 * that breaks a rule (a missing option, a rate with three decimals, tiers without an open-ended
 * last one, another currency) is refused with a sentence that says what is wrong.
 */
export function countryConfigFrom(country: string, pricing: CountryPricing): CountryConfig {
  const { code, name } = supportedCountry(country);
  const parsed = countryPricingSchema.safeParse(pricing);
  if (!parsed.success) {
    throw new DomainError(ERROR_CODES.INVALID_PRICING, `The pricing of ${name} is not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
  }
  const { rolPctByOption, platformCharge, insuranceProviderCharge } = parsed.data;
  return deepFreeze({
    code,
    name,
    platformCharge,
    insuranceProviderCharge,
    policyOptions: buildPolicyOptions(rolPctByOption),
    currencyFormat: { locale: CURRENCY.locale, currency: CURRENCY.code },
  });
}

/** The spec's charges (part 1 section 9): volumepct, tiers up to 10,000, 50,000 and beyond, all zero. */
const SPEC_ZERO_CHARGE: ChargeConfig = {
  model: 'volumepct',
  tiers: [
    { max: 10_000, unit_amount: 0 },
    { max: 50_000, unit_amount: 0 },
    { max: null, unit_amount: 0 },
  ],
};

/**
 * The spec's edition of each country's pricing (part 1 section 9): what a fresh database is seeded
 * with for every seeded season. Nothing prices from this table; quotes and purchases read the
 * stored configuration of the season on sale.
 */
export const SPEC_PRICING: Readonly<Record<CountryCode, Readonly<CountryPricing>>> = deepFreeze({
  gd: {
    rolPctByOption: { T: 10.42, '1': 9.46, '2': 8.41, '3': 7.84, '4': 7.49, '5': 5.51 },
    platformCharge: SPEC_ZERO_CHARGE,
    insuranceProviderCharge: SPEC_ZERO_CHARGE,
    currency: { code: CURRENCY.code, locale: CURRENCY.locale },
  },
  dm: {
    rolPctByOption: { T: 12.62, '1': 11.72, '2': 10.61, '3': 9.88, '4': 8.98, '5': 5.56 },
    platformCharge: SPEC_ZERO_CHARGE,
    insuranceProviderCharge: SPEC_ZERO_CHARGE,
    currency: { code: CURRENCY.code, locale: CURRENCY.locale },
  },
});
