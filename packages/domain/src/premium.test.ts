import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries';
import { DomainError } from './errors';
import { COVERAGE_MAX_MESSAGE, COVERAGE_MIN_MESSAGE, toCents } from './money';
import { OPTION_IDS, PAYOUT_TABLE } from './options';
import { PRICE_CHANGED_MESSAGES, verifyQuotedPremium } from './premium';
import type { CountryConfig } from './pricing-config';
import { quote, quoteOption, specConfig } from './pricing.testing';

// The spec's table (part 1 section 9), restated here so the test checks the seed, not itself.
const RATES = {
  gd: { T: 10.42, '1': 9.46, '2': 8.41, '3': 7.84, '4': 7.49, '5': 5.51 },
  dm: { T: 12.62, '1': 11.72, '2': 10.61, '3': 9.88, '4': 8.98, '5': 5.56 },
} as const;

describe('the premium pipeline', () => {
  it('prices dm, EC$25,000, option 3 at exactly EC$2,470.00', async () => {
    const option = await quoteOption({ country: 'dm', coverageCents: toCents(25000), optionId: '3' });
    expect(option.premiumCents).toBe(247000);
    expect(option.riskPremiumCents).toBe(247000);
    expect(option.platformChargeCents).toBe(0);
    expect(option.insuranceProviderChargeCents).toBe(0);
    expect(option.discount).toBeNull();
  });

  it.each(COUNTRY_CODES.flatMap((country) => OPTION_IDS.map((id) => [country, id] as const)))(
    '%s option %s uses the spec rate and payout table',
    async (country, id) => {
      const option = await quoteOption({ country, coverageCents: toCents(100000), optionId: id });
      expect(option.rolPct).toBe(RATES[country][id]);
      // EC$100,000 x rate% is exactly rate x 1000 EC$, i.e. rate x 100000 cents.
      expect(option.premiumCents).toBe(Math.round(RATES[country][id] * 100000));
      expect(option.triggeringParams.map((param) => param.coveragePct)).toEqual(Object.values(PAYOUT_TABLE[id]));
      expect(option.triggeringParams.map((param) => param.coverageCents)).toEqual(Object.values(PAYOUT_TABLE[id]).map((pct) => pct * 100000));
    },
  );

  it('prices from the configuration it is given, not from the spec table', async () => {
    const dm = specConfig('dm');
    const changed: CountryConfig = { ...dm, policyOptions: dm.policyOptions.map((o) => (o.id === '3' ? { ...o, rolPct: 10 } : o)) };
    expect((await quoteOption({ country: 'dm', coverageCents: toCents(25000), optionId: '3', countryConfig: changed })).premiumCents).toBe(250000);
    expect((await quoteOption({ country: 'dm', coverageCents: toCents(25000), optionId: '2', countryConfig: changed })).premiumCents).toBe(265250);
  });

  it('names the country and lists the six options in order', async () => {
    const result = await quote({ country: 'gd', coverageCents: 130000 });
    expect(result).toMatchObject({ country: 'gd', countryName: 'Grenada', coverageCents: 130000 });
    expect(result.options.map((option) => option.id)).toEqual(['T', '1', '2', '3', '4', '5']);
    expect(result.options[0]?.label).toBe('Option T: Tropical Storm and above');
  });

  it('rounds half-up per option', async () => {
    // 1,300.50 x 9.88% = 128.4894 -> 128.49; 1,300.01 x 10.42% = 135.461042 -> 135.46
    expect((await quoteOption({ country: 'dm', coverageCents: 130050, optionId: '3' })).premiumCents).toBe(12849);
    expect((await quoteOption({ country: 'gd', coverageCents: 130001, optionId: 'T' })).premiumCents).toBe(13546);
    // 1,312.50 x 5.56% = 72.975 exactly -> 72.98 (half-up)
    expect((await quoteOption({ country: 'dm', coverageCents: 131250, optionId: '5' })).premiumCents).toBe(7298);
  });

  it('refuses an unsupported country with the spec message, and a configuration of another country', async () => {
    await expect(quote({ country: 'us', coverageCents: 250000 })).rejects.toThrow('unsupported country us for this product');
    await expect(quote({ country: 'GD', coverageCents: 250000 })).rejects.toBeInstanceOf(DomainError);
    await expect(quote({ country: 'dm', coverageCents: 250000, countryConfig: specConfig('gd') })).rejects.toThrow('countryConfig is for gd, not dm');
  });

  it('accepts the coverage limits and refuses a cent beyond them', async () => {
    await expect(quote({ country: 'gd', coverageCents: toCents(1300) })).resolves.toBeDefined();
    await expect(quote({ country: 'gd', coverageCents: toCents(270000) })).resolves.toBeDefined();
    await expect(quote({ country: 'gd', coverageCents: toCents(1299.99) })).rejects.toThrow(COVERAGE_MIN_MESSAGE);
    await expect(quote({ country: 'gd', coverageCents: toCents(270000.01) })).rejects.toThrow(COVERAGE_MAX_MESSAGE);
    await expect(quote({ country: 'gd', coverageCents: 150000.5 })).rejects.toBeInstanceOf(DomainError);
  });

  it('applies a discount half-up on the discounted premium', async () => {
    const option = await quoteOption({ country: 'dm', coverageCents: toCents(25000), optionId: '3', discountPercent: 10 });
    expect(option.premiumCents).toBe(247000);
    expect(option.discount).toEqual({ percent: 10, amountCents: 24700, premiumCents: 222300 });
    // 7,298 x (1 - 12.5%) = 6,385.75 -> 6,386
    const odd = await quoteOption({ country: 'dm', coverageCents: 131250, optionId: '5', discountPercent: 12.5 });
    expect(odd.discount).toEqual({ percent: 12.5, amountCents: 912, premiumCents: 6386 });
    const full = await quoteOption({ country: 'gd', coverageCents: 130000, optionId: '1', discountPercent: 100 });
    expect(full.discount?.premiumCents).toBe(0);
    expect((await quoteOption({ country: 'gd', coverageCents: 130000, optionId: '1', discountPercent: 0 })).discount).toBeNull();
  });

  it.each([-1, 100.01, Number.NaN, 12.345])('refuses discount %s', async (discountPercent) => {
    await expect(quote({ country: 'gd', coverageCents: 130000, discountPercent })).rejects.toBeInstanceOf(DomainError);
  });

  it('adds configured charges from the matching volumepct tier', async () => {
    const config: CountryConfig = {
      ...specConfig('dm'),
      platformCharge: { model: 'volumepct', tiers: [{ max: 10000, unit_amount: 2 }, { max: 50000, unit_amount: 1 }, { max: null, unit_amount: 0.5 }] },
      insuranceProviderCharge: { model: 'volumepct', tiers: [{ max: null, unit_amount: 0.25 }] },
    };
    const at = (coverage: number) => quoteOption({ country: 'dm', coverageCents: toCents(coverage), optionId: '3', countryConfig: config });
    // 10,000 is still the first tier (coverage <= max): 988 + 200 + 25 bp of 1,000,000 cents.
    expect(await at(10000)).toMatchObject({ riskPremiumCents: 98800, platformChargeCents: 20000, insuranceProviderChargeCents: 2500, premiumCents: 121300 });
    expect((await at(10000.01)).platformChargeCents).toBe(10000); // 1% tier
    expect((await at(60000)).platformChargeCents).toBe(30000); // 0.5% tier
  });
});

describe('verifyQuotedPremium', () => {
  const seen = (quotedPremiumCents: number, quotedDiscountedPremiumCents: number | null) => ({ optionId: '3', quotedPremiumCents, quotedDiscountedPremiumCents });
  const dm = (discountPercent?: number) => quote({ country: 'dm', coverageCents: toCents(25000), discountPercent });

  it('returns the fresh option when both prices seen match', async () => {
    expect(verifyQuotedPremium(await dm(), seen(247000, null)).premiumCents).toBe(247000);
    expect(verifyQuotedPremium(await dm(10), seen(247000, 222300)).discount?.premiumCents).toBe(222300);
  });

  it('refuses each way the price can change with a sentence that says so and asks for a review', async () => {
    const refusal = (message: string) => expect.objectContaining({ code: 'PREMIUM_MISMATCH', message });
    const [full, tenOff, fiveOff] = await Promise.all([dm(), dm(10), dm(5)]);
    // A stale or tampered premium.
    expect(() => verifyQuotedPremium(full, seen(246999, null))).toThrow(refusal(PRICE_CHANGED_MESSAGES.premium));
    // An offer started after the customer saw the full price.
    expect(() => verifyQuotedPremium(tenOff, seen(247000, null))).toThrow(refusal(PRICE_CHANGED_MESSAGES.offerStarted));
    // The offer ended after the customer saw the discounted price.
    expect(() => verifyQuotedPremium(full, seen(247000, 222300))).toThrow(refusal(PRICE_CHANGED_MESSAGES.offerEnded));
    // The offer's percent changed, or the discounted figure was tampered with.
    expect(() => verifyQuotedPremium(fiveOff, seen(247000, 222300))).toThrow(refusal(PRICE_CHANGED_MESSAGES.offerChanged));
    expect(() => verifyQuotedPremium(tenOff, seen(247000, 1))).toThrow(refusal(PRICE_CHANGED_MESSAGES.offerChanged));
    for (const message of Object.values(PRICE_CHANGED_MESSAGES)) expect(message).toMatch(/changed.*Please review the new price/);
  });

  it('refuses an unknown option', async () => {
    const full = await dm();
    expect(() => verifyQuotedPremium(full, { ...seen(247000, null), optionId: '9' })).toThrow('Unknown policy option 9');
  });
});
