import { DomainError, ERROR_CODES } from './errors';
import { COMMON_MESSAGES } from './schemas/messages';

export type CountryCode = 'gd' | 'dm';

export const COUNTRY_CODES: readonly CountryCode[] = ['gd', 'dm'];

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}

export interface Country {
  code: CountryCode;
  name: string;
}

/**
 * The countries the product is sold in, by code. What a policy costs there (rates, charges,
 * currency) is configuration stored per season (`pricing-config.ts`), not part of this table.
 */
export const COUNTRIES: Readonly<Record<CountryCode, Readonly<Country>>> = Object.freeze({
  gd: Object.freeze({ code: 'gd', name: 'Grenada' }),
  dm: Object.freeze({ code: 'dm', name: 'Dominica' }),
});

/** The spec's exact wording (part 1 section 4). */
export function unsupportedCountryMessage(country: string): string {
  return `unsupported country ${country} for this product`;
}

/**
 * What is wrong with a chosen country code, in the words a form shows, or undefined when the
 * product is sold there. countrySchema's rule, without zod: the purchase flow's first step checks
 * it on a page that loads no schema library.
 */
export function countryChoiceProblem(value: string): string | undefined {
  const code = value.trim();
  if (code === '') return COMMON_MESSAGES.countryRequired;
  return isCountryCode(code) ? undefined : unsupportedCountryMessage(code);
}

/** The country, or the spec's "unsupported country" refusal. */
export function supportedCountry(country: string): Readonly<Country> {
  if (typeof country !== 'string' || !isCountryCode(country)) {
    throw new DomainError(ERROR_CODES.UNSUPPORTED_COUNTRY, unsupportedCountryMessage(String(country)));
  }
  return COUNTRIES[country];
}
