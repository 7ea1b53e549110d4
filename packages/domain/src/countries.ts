import { DomainError, ERROR_CODES } from './errors';
import { buildPolicyOptions, type PolicyOption } from './options';

export type CountryCode = 'gd' | 'dm';

export const COUNTRY_CODES: readonly CountryCode[] = ['gd', 'dm'];

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}

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

export interface CountryConfig {
  code: CountryCode;
  name: string;
  platformCharge: ChargeConfig;
  insuranceProviderCharge: ChargeConfig;
  policyOptions: PolicyOption[];
  currencyFormat: { locale: 'en-US'; currency: 'XCD' };
}

/** The seeded charge schedule: three tiers, all zero (spec part 1 section 9). */
function seededZeroCharge(): ChargeConfig {
  return {
    model: 'volumepct',
    tiers: [
      { max: 10_000, unit_amount: 0 },
      { max: 50_000, unit_amount: 0 },
      { max: null, unit_amount: 0 },
    ],
  };
}

/** Frozen all the way down: a request that edits a shared config by mistake must fail loudly. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const COUNTRIES: Record<CountryCode, CountryConfig> = deepFreeze({
  gd: {
    code: 'gd',
    name: 'Grenada',
    platformCharge: seededZeroCharge(),
    insuranceProviderCharge: seededZeroCharge(),
    policyOptions: buildPolicyOptions({ T: 10.42, '1': 9.46, '2': 8.41, '3': 7.84, '4': 7.49, '5': 5.51 }),
    currencyFormat: { locale: 'en-US', currency: 'XCD' },
  },
  dm: {
    code: 'dm',
    name: 'Dominica',
    platformCharge: seededZeroCharge(),
    insuranceProviderCharge: seededZeroCharge(),
    policyOptions: buildPolicyOptions({ T: 12.62, '1': 11.72, '2': 10.61, '3': 9.88, '4': 8.98, '5': 5.56 }),
    currencyFormat: { locale: 'en-US', currency: 'XCD' },
  },
});

/** The spec's exact wording (part 1 section 4). */
export function unsupportedCountryMessage(country: string): string {
  return `unsupported country ${country} for this product`;
}

export function getCountryConfig(country: string): CountryConfig {
  if (typeof country !== 'string' || !isCountryCode(country)) {
    throw new DomainError(ERROR_CODES.UNSUPPORTED_COUNTRY, unsupportedCountryMessage(String(country)));
  }
  return COUNTRIES[country];
}
