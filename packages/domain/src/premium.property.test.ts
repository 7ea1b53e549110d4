import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASIS_POINTS_PER_UNIT } from './arithmetic';
import { COUNTRY_CODES } from './countries';
import { COVERAGE_LIMITS } from './money';
import { OPTION_IDS, PAYOUT_TABLE } from './options';
import { quote, quoteOption, specConfig } from './pricing.testing';
import { coverageFromPremium } from './reverse';

const country = fc.constantFrom(...COUNTRY_CODES);
const optionId = fc.constantFrom(...OPTION_IDS);
const coverageCents = fc.integer({ min: COVERAGE_LIMITS.minCents, max: COVERAGE_LIMITS.maxCents });

describe('premium properties', () => {
  it('never decreases as coverage grows, for every option and country', async () => {
    await fc.assert(
      fc.asyncProperty(country, optionId, coverageCents, coverageCents, async (code, id, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const cheap = await quoteOption({ country: code, coverageCents: low, optionId: id });
        const dear = await quoteOption({ country: code, coverageCents: high, optionId: id });
        expect(dear.premiumCents).toBeGreaterThanOrEqual(cheap.premiumCents);
      }),
    );
  });

  it('reverse of forward (unrounded premium) returns the coverage within a cent', async () => {
    await fc.assert(
      fc.asyncProperty(country, optionId, coverageCents, async (code, id, cents) => {
        const { rolPct } = await quoteOption({ country: code, coverageCents: cents, optionId: id });
        const unroundedPremium = ((cents / 100) * rolPct) / 100;
        const reverse = coverageFromPremium({ country: code, optionId: id, premium: unroundedPremium, countryConfig: specConfig(code) });
        expect(Math.abs(reverse.coverageCents - cents)).toBeLessThanOrEqual(1);
        expect(Math.abs(reverse.coverage * 100 - cents)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('forward of the reverse of a rounded premium gives back the same premium cents', async () => {
    await fc.assert(
      fc.asyncProperty(country, optionId, coverageCents, async (code, id, cents) => {
        const { premiumCents } = await quoteOption({ country: code, coverageCents: cents, optionId: id });
        const reverse = coverageFromPremium({ country: code, optionId: id, premium: premiumCents / 100, countryConfig: specConfig(code) });
        // A rounded premium can map a few cents below the minimum coverage; those are not quotable.
        fc.pre(reverse.coverageCents >= COVERAGE_LIMITS.minCents && reverse.coverageCents <= COVERAGE_LIMITS.maxCents);
        expect((await quoteOption({ country: code, coverageCents: reverse.coverageCents, optionId: id })).premiumCents).toBe(premiumCents);
      }),
    );
  });

  it('every option of both countries follows rate x coverage and the payout table', async () => {
    await fc.assert(
      fc.asyncProperty(country, coverageCents, async (code, cents) => {
        for (const option of (await quote({ country: code, coverageCents: cents })).options) {
          const rolBp = Math.round(option.rolPct * 100);
          // Independent oracle in BigInt: floor((2 x c x bp + 10^4) / (2 x 10^4)) is half-up.
          const expected = Number((2n * BigInt(cents) * BigInt(rolBp) + BigInt(BASIS_POINTS_PER_UNIT)) / (2n * BigInt(BASIS_POINTS_PER_UNIT)));
          expect(option.premiumCents).toBe(expected);
          expect(option.triggeringParams.map((param) => param.coveragePct)).toEqual(Object.values(PAYOUT_TABLE[option.id]));
          for (const param of option.triggeringParams) {
            expect(param.coverageCents).toBe(Number((2n * BigInt(cents) * BigInt(param.coveragePct) + 100n) / 200n));
          }
        }
      }),
    );
  });
});
