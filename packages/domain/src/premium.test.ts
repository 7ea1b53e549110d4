import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, getCountryConfig, type CountryConfig } from './countries';
import { DomainError } from './errors';
import { COVERAGE_MAX_MESSAGE, COVERAGE_MIN_MESSAGE, toCents } from './money';
import { OPTION_IDS, PAYOUT_TABLE } from './options';
import { PREMIUM_MISMATCH_MESSAGE, quoteOption, quotePremiums, verifyQuotedPremium } from './premium';

const RATES = {
  gd: { T: 10.42, '1': 9.46, '2': 8.41, '3': 7.84, '4': 7.49, '5': 5.51 },
  dm: { T: 12.62, '1': 11.72, '2': 10.61, '3': 9.88, '4': 8.98, '5': 5.56 },
} as const;

describe('quotePremiums', () => {
  it('prices dm, EC$25,000, option 3 at exactly EC$2,470.00', () => {
    const quote = quoteOption({ country: 'dm', coverageCents: toCents(25000), optionId: '3' });
    expect(quote.premiumCents).toBe(247000);
    expect(quote.riskPremiumCents).toBe(247000);
    expect(quote.platformChargeCents).toBe(0);
    expect(quote.insuranceProviderChargeCents).toBe(0);
    expect(quote.discount).toBeNull();
  });

  it.each(COUNTRY_CODES.flatMap((country) => OPTION_IDS.map((id) => [country, id] as const)))(
    '%s option %s uses the spec rate and payout table',
    (country, id) => {
      const result = quotePremiums({ country, coverageCents: toCents(100000) });
      const option = result.options.find((candidate) => candidate.id === id);
      expect(option?.rolPct).toBe(RATES[country][id]);
      // EC$100,000 x rate% is exactly rate x 1000 EC$, i.e. rate x 100000 cents.
      expect(option?.premiumCents).toBe(Math.round(RATES[country][id] * 100000));
      expect(option?.triggeringParams.map((param) => param.coveragePct)).toEqual(Object.values(PAYOUT_TABLE[id]));
      expect(option?.triggeringParams.map((param) => param.coverageCents)).toEqual(
        Object.values(PAYOUT_TABLE[id]).map((pct) => pct * 100000),
      );
    },
  );

  it('names the country and lists the six options in order', () => {
    const result = quotePremiums({ country: 'gd', coverageCents: 130000 });
    expect(result).toMatchObject({ country: 'gd', countryName: 'Grenada', coverageCents: 130000 });
    expect(result.options.map((option) => option.id)).toEqual(['T', '1', '2', '3', '4', '5']);
    expect(result.options[0]?.label).toBe('Option T: Tropical Storm and above');
  });

  it('rounds half-up per option', () => {
    // 1,300.50 x 9.88% = 128.4894 -> 128.49; 1,300.01 x 10.42% = 135.461042 -> 135.46
    expect(quoteOption({ country: 'dm', coverageCents: 130050, optionId: '3' }).premiumCents).toBe(12849);
    expect(quoteOption({ country: 'gd', coverageCents: 130001, optionId: 'T' }).premiumCents).toBe(13546);
    // 1,312.50 x 5.56% = 72.975 exactly -> 72.98 (half-up)
    expect(quoteOption({ country: 'dm', coverageCents: 131250, optionId: '5' }).premiumCents).toBe(7298);
  });

  it('refuses an unsupported country with the spec message', () => {
    expect(() => quotePremiums({ country: 'us', coverageCents: 250000 })).toThrow('unsupported country us for this product');
    expect(() => getCountryConfig('GD')).toThrow(DomainError);
  });

  it('accepts the coverage limits and refuses a cent beyond them', () => {
    expect(() => quotePremiums({ country: 'gd', coverageCents: toCents(1300) })).not.toThrow();
    expect(() => quotePremiums({ country: 'gd', coverageCents: toCents(270000) })).not.toThrow();
    expect(() => quotePremiums({ country: 'gd', coverageCents: toCents(1299.99) })).toThrow(COVERAGE_MIN_MESSAGE);
    expect(() => quotePremiums({ country: 'gd', coverageCents: toCents(270000.01) })).toThrow(COVERAGE_MAX_MESSAGE);
    expect(() => quotePremiums({ country: 'gd', coverageCents: 150000.5 })).toThrow(DomainError);
  });

  it('applies a discount half-up on the discounted premium', () => {
    const option = quoteOption({ country: 'dm', coverageCents: toCents(25000), optionId: '3', discountPercent: 10 });
    expect(option.premiumCents).toBe(247000);
    expect(option.discount).toEqual({ percent: 10, amountCents: 24700, premiumCents: 222300 });
    // 7,298 x (1 - 12.5%) = 6,385.75 -> 6,386
    const odd = quoteOption({ country: 'dm', coverageCents: 131250, optionId: '5', discountPercent: 12.5 });
    expect(odd.discount).toEqual({ percent: 12.5, amountCents: 912, premiumCents: 6386 });
    const full = quoteOption({ country: 'gd', coverageCents: 130000, optionId: '1', discountPercent: 100 });
    expect(full.discount?.premiumCents).toBe(0);
    expect(quoteOption({ country: 'gd', coverageCents: 130000, optionId: '1', discountPercent: 0 }).discount).toBeNull();
  });

  it.each([-1, 100.01, Number.NaN, 12.345])('refuses discount %s', (discountPercent) => {
    expect(() => quotePremiums({ country: 'gd', coverageCents: 130000, discountPercent })).toThrow(DomainError);
  });

  it('adds configured charges from the matching volumepct tier', () => {
    const config: CountryConfig = {
      ...COUNTRIES.dm,
      platformCharge: { model: 'volumepct', tiers: [{ max: 10000, unit_amount: 2 }, { max: 50000, unit_amount: 1 }, { max: null, unit_amount: 0.5 }] },
      insuranceProviderCharge: { model: 'volumepct', tiers: [{ max: null, unit_amount: 0.25 }] },
    };
    const at = (coverage: number) => quoteOption({ country: 'dm', coverageCents: toCents(coverage), optionId: '3', countryConfig: config });
    // 10,000 is still the first tier (coverage <= max): 988 + 200 + 25 bp of 1,000,000 cents.
    expect(at(10000)).toMatchObject({ riskPremiumCents: 98800, platformChargeCents: 20000, insuranceProviderChargeCents: 2500, premiumCents: 121300 });
    expect(at(10000.01).platformChargeCents).toBe(10000); // 1% tier
    expect(at(60000).platformChargeCents).toBe(30000); // 0.5% tier
  });

  it('keeps the seeded configuration from being changed', () => {
    expect(() => {
      (COUNTRIES.dm.policyOptions[0] as { rolPct: number }).rolPct = 1;
    }).toThrow(TypeError);
  });
});

describe('verifyQuotedPremium', () => {
  const base = { country: 'dm', coverageCents: toCents(25000), optionId: '3' };

  it('returns the fresh quote when the premium seen matches', () => {
    expect(verifyQuotedPremium({ ...base, quotedPremiumCents: 247000 }).premiumCents).toBe(247000);
    expect(
      verifyQuotedPremium({ ...base, discountPercent: 10, quotedPremiumCents: 247000, quotedDiscountedPremiumCents: 222300 }).discount?.premiumCents,
    ).toBe(222300);
    expect(verifyQuotedPremium({ ...base, quotedPremiumCents: 247000, quotedDiscountedPremiumCents: null }).discount).toBeNull();
  });

  it('refuses a stale or tampered premium', () => {
    expect(() => verifyQuotedPremium({ ...base, quotedPremiumCents: 246999 })).toThrow(PREMIUM_MISMATCH_MESSAGE);
    // The offer ended after the customer saw the discounted price.
    expect(() => verifyQuotedPremium({ ...base, quotedPremiumCents: 247000, quotedDiscountedPremiumCents: 222300 })).toThrow(
      expect.objectContaining({ code: 'PREMIUM_MISMATCH' }),
    );
  });
});
