import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { OPTION_IDS } from './options';
import { countryConfigFrom, SPEC_PRICING, type CountryPricing } from './pricing-config';

const dm = SPEC_PRICING.dm;
const edit = (patch: Partial<CountryPricing>): CountryPricing => ({ ...dm, ...patch });

describe('countryConfigFrom', () => {
  it('turns a stored pricing into the configuration the pipeline prices from', () => {
    const config = countryConfigFrom('dm', dm);
    expect(config).toMatchObject({ code: 'dm', name: 'Dominica', currencyFormat: { locale: 'en-US', currency: 'XCD' } });
    expect(config.policyOptions.map((o) => [o.id, o.rolPct])).toEqual(OPTION_IDS.map((id) => [id, dm.rolPctByOption[id]]));
    expect(config.platformCharge.tiers).toEqual([{ max: 10000, unit_amount: 0 }, { max: 50000, unit_amount: 0 }, { max: null, unit_amount: 0 }]);
    // Shared between requests: a stray write must fail loudly.
    expect(() => {
      (config.policyOptions[0] as { rolPct: number }).rolPct = 1;
    }).toThrow(TypeError);
  });

  it('holds the spec edition of both countries (part 1 section 9)', () => {
    expect(SPEC_PRICING.gd.rolPctByOption).toEqual({ T: 10.42, '1': 9.46, '2': 8.41, '3': 7.84, '4': 7.49, '5': 5.51 });
    expect(SPEC_PRICING.dm.rolPctByOption).toEqual({ T: 12.62, '1': 11.72, '2': 10.61, '3': 9.88, '4': 8.98, '5': 5.56 });
    expect(Object.keys(SPEC_PRICING)).toEqual(Object.keys(COUNTRIES));
  });

  it.each<[string, CountryPricing, RegExp]>([
    ['a missing option', edit({ rolPctByOption: { ...dm.rolPctByOption, '5': undefined as unknown as number } }), /rate on line/],
    ['a rate with three decimals', edit({ rolPctByOption: { ...dm.rolPctByOption, '3': 9.885 } }), /at most 2 decimals/],
    ['a zero rate', edit({ rolPctByOption: { ...dm.rolPctByOption, T: 0 } }), /above 0%/],
    ['a rate above 100%', edit({ rolPctByOption: { ...dm.rolPctByOption, T: 100.01 } }), /between 0% and 100%/],
    ['no open-ended last tier', edit({ platformCharge: { model: 'volumepct', tiers: [{ max: 10000, unit_amount: 1 }] } }), /open-ended/],
    ['an open tier before the last', edit({ platformCharge: { model: 'volumepct', tiers: [{ max: null, unit_amount: 1 }, { max: null, unit_amount: 0 }] } }), /open-ended/],
    ['falling tier bounds', edit({ insuranceProviderCharge: { model: 'volumepct', tiers: [{ max: 50000, unit_amount: 1 }, { max: 10000, unit_amount: 1 }, { max: null, unit_amount: 0 }] } }), /must rise/],
    ['a negative charge', edit({ platformCharge: { model: 'volumepct', tiers: [{ max: null, unit_amount: -1 }] } }), /between 0% and 100%/],
    ['no tiers', edit({ platformCharge: { model: 'volumepct', tiers: [] } }), /at least one tier/],
    ['another currency', edit({ currency: { code: 'USD', locale: 'en-US' } }), /XCD only/],
  ])('refuses %s with a sentence naming the country', (_case, pricing, message) => {
    expect(() => countryConfigFrom('dm', pricing)).toThrow(expect.objectContaining({ code: 'INVALID_PRICING', message: expect.stringMatching(message) }));
    expect(() => countryConfigFrom('dm', pricing)).toThrow(/^The pricing of Dominica is not valid/);
  });

  it('refuses an unsupported country with the spec message', () => {
    expect(() => countryConfigFrom('us', dm)).toThrow('unsupported country us for this product');
  });
});
