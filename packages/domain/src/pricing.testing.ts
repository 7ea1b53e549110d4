import { isCountryCode, type CountryCode } from './countries';
import type { OptionQuote, QuoteInput, QuoteResult } from './premium';
import { quotedOption } from './premium';
import { PREMIUM_MACHINE_CONFIG, runPremiumMachine } from './premium-machine';
import { countryConfigFrom, SPEC_PRICING, type CountryConfig } from './pricing-config';

/*
 * Test helpers (not a test file): the spec's pricing as a configuration, and quotes run exactly as
 * the server runs them, through the premium machine.
 */

export function specConfig(code: CountryCode): CountryConfig {
  return countryConfigFrom(code, SPEC_PRICING[code]);
}

export type TestQuoteInput = Omit<QuoteInput, 'countryConfig'> & { countryConfig?: CountryConfig };

/** A quote through the premium machine; the spec's pricing unless a configuration is given. */
export async function quote(input: TestQuoteInput): Promise<QuoteResult> {
  // An unsupported country still needs some configuration to reach the machine's own refusal.
  const countryConfig = input.countryConfig ?? specConfig(isCountryCode(input.country) ? input.country : 'gd');
  const run = await runPremiumMachine({ id: `test-${input.country}-${input.coverageCents}`, machineConfig: PREMIUM_MACHINE_CONFIG, input: { ...input, countryConfig } });
  return run.result;
}

export async function quoteOption(input: TestQuoteInput & { optionId: string }): Promise<OptionQuote> {
  return quotedOption(await quote(input), input.optionId);
}
