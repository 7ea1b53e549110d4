import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { toCents } from './money';
import type { ChargeConfig, CountryConfig } from './pricing-config';
import { quoteOption, specConfig } from './pricing.testing';
import { coverageFromPremium } from './reverse';

const dm = specConfig('dm');

describe('coverageFromPremium', () => {
  it('turns dm option 3 EC$2,470 back into EC$25,000', () => {
    const reverse = coverageFromPremium({ country: 'dm', optionId: '3', premium: 2470, countryConfig: dm });
    expect(reverse).toMatchObject({ country: 'dm', optionId: '3', rolPct: 9.88, coverageCents: 2_500_000 });
    expect(reverse.coverage).toBeCloseTo(25000, 9);
    expect(reverse.triggeringParams.map((param) => param.coverageCents)).toEqual([0, 0, 0, 1_250_000, 1_250_000, 2_500_000]);
    expect(reverse.triggeringParams[3]?.coverage).toBeCloseTo(12500, 9);
  });

  it('rounds the coverage half-up to the cent', () => {
    // 100 x 100 / 9.88 = 1012.1457... EC$
    expect(coverageFromPremium({ country: 'dm', optionId: '3', premium: 100, countryConfig: dm }).coverageCents).toBe(101215);
  });

  const tiered = (platform: number[], provider: number[]): CountryConfig => ({
    ...specConfig('gd'),
    platformCharge: {
      model: 'volumepct',
      tiers: [{ max: 10000, unit_amount: platform[0] ?? 0 }, { max: 50000, unit_amount: platform[1] ?? 0 }, { max: null, unit_amount: platform[2] ?? 0 }],
    },
    insuranceProviderCharge: { model: 'volumepct', tiers: [{ max: 20000, unit_amount: provider[0] ?? 0 }, { max: null, unit_amount: provider[1] ?? 0 }] },
  });
  // Independent of charges.ts on purpose: the test restates the volumepct rule.
  const tierPercent = (charge: ChargeConfig, coverage: number) =>
    charge.tiers.find((tier) => tier.max === null || coverage <= tier.max)?.unit_amount ?? Number.NaN;
  const coverages = [1300, 9999.97, 10000, 10000.01, 10000.03, 15000, 20000, 20000.01, 49999.99, 50000, 50000.01, 123456.78, 270000];

  it('solves exactly in the charge tier the coverage falls in (rising tiers)', async () => {
    const config = tiered([0.5, 1, 2], [0.25, 1]);
    for (const coverage of coverages) {
      const forward = await quoteOption({ country: 'gd', coverageCents: toCents(coverage), optionId: '2', countryConfig: config });
      const percent = 8.41 + tierPercent(config.platformCharge, coverage) + tierPercent(config.insuranceProviderCharge, coverage);
      const unrounded = (coverage * percent) / 100;
      const reverse = coverageFromPremium({ country: 'gd', optionId: '2', premium: unrounded, countryConfig: config });
      expect(Math.abs(reverse.coverageCents - forward.coverageCents)).toBeLessThanOrEqual(1);
    }
  });

  it('reproduces a rounded premium to the cent, also near tier bounds and with falling tiers', async () => {
    for (const config of [tiered([0.5, 1, 2], [0.25, 1]), tiered([2, 1, 0.5], [1, 0])]) {
      for (const coverage of coverages) {
        const forward = await quoteOption({ country: 'gd', coverageCents: toCents(coverage), optionId: '2', countryConfig: config });
        const reverse = coverageFromPremium({ country: 'gd', optionId: '2', premium: forward.premiumCents / 100, countryConfig: config });
        const again = await quoteOption({ country: 'gd', coverageCents: reverse.coverageCents, optionId: '2', countryConfig: config });
        expect(again.premiumCents).toBe(forward.premiumCents);
      }
    }
  });

  it('says so when no coverage gives the premium', () => {
    // Rising tiers make the premium jump at EC$10,000: 10,000 x 8.91% = 891.00, 10,000.01 x 9.41% = 941.00.
    const config = tiered([0.5, 1, 2], [0, 0]);
    expect(() => coverageFromPremium({ country: 'gd', optionId: '2', premium: 900, countryConfig: config })).toThrow(
      'No coverage amount gives this premium',
    );
  });

  it('refuses bad input with clear errors', () => {
    expect(() => coverageFromPremium({ country: 'xx', optionId: '3', premium: 100, countryConfig: dm })).toThrow('unsupported country xx for this product');
    expect(() => coverageFromPremium({ country: 'dm', optionId: '9', premium: 100, countryConfig: dm })).toThrow('Unknown policy option 9');
    for (const premium of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => coverageFromPremium({ country: 'dm', optionId: '3', premium, countryConfig: dm })).toThrow(DomainError);
    }
  });
});
