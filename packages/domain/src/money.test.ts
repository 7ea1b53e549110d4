import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import {
  assertCoverageInRange,
  COVERAGE_LIMITS,
  COVERAGE_MAX_MESSAGE,
  COVERAGE_MIN_MESSAGE,
  CURRENCY,
  formatMoney,
  fromCents,
  moneyView,
  percentOfCoverageCents,
  toCents,
} from './money';

describe('toCents', () => {
  it('converts EC$ to integer cents, half-up on the written decimal', () => {
    expect(toCents(2470)).toBe(247000);
    expect(toCents(1299.99)).toBe(129999);
    expect(toCents(270000.01)).toBe(27000001);
    expect(toCents(1.005)).toBe(101); // 1.005 * 100 is 100.49999... in floating point
    expect(toCents(0.125)).toBe(13);
    expect(toCents(0.124)).toBe(12);
    expect(toCents(-5.005)).toBe(-501);
    expect(toCents(1e-7)).toBe(0);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e20])('refuses %s with a DomainError', (value) => {
    expect(() => toCents(value)).toThrow(DomainError);
  });

  it('says what is wrong with a non-number', () => {
    expect(() => toCents(Number.NaN)).toThrow('Amount must be a valid number');
  });
});

describe('fromCents and formatMoney', () => {
  it('round-trips to EC$ numbers', () => {
    expect(fromCents(247000)).toBe(2470);
    expect(fromCents(129999)).toBe(1299.99);
    expect(Object.is(fromCents(-0), 0)).toBe(true);
  });

  it('refuses fractional cents', () => {
    expect(() => fromCents(1.5)).toThrow(DomainError);
    expect(() => formatMoney(1.5)).toThrow(DomainError);
  });

  it('formats in en-US with the EC$ symbol and two decimals', () => {
    expect(formatMoney(247000)).toBe('EC$2,470.00');
    expect(formatMoney(-500)).toBe('-EC$5.00');
    expect(formatMoney(0)).toBe('EC$0.00');
    expect(formatMoney(7)).toBe('EC$0.07');
    expect(formatMoney(27000000)).toBe('EC$270,000.00');
    expect(formatMoney(123456789012)).toBe('EC$1,234,567,890.12');
  });

  it('matches Intl currency formatting digits', () => {
    const intl = new Intl.NumberFormat(CURRENCY.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const cents of [0, 1, 99, 100, 123456, 99999999]) {
      expect(formatMoney(cents)).toBe(`EC$${intl.format(cents / 100)}`);
    }
  });

  it('builds the API money view', () => {
    expect(moneyView(247000)).toEqual({ raw: 2470, cents: 247000, formatted: 'EC$2,470.00' });
  });
});

describe('coverage limits', () => {
  it('are EC$1,300 to EC$270,000 inclusive', () => {
    expect(COVERAGE_LIMITS).toEqual({ minCents: 130_000, maxCents: 27_000_000 });
    expect(() => assertCoverageInRange(toCents(1300))).not.toThrow();
    expect(() => assertCoverageInRange(toCents(270000))).not.toThrow();
  });

  it('refuses EC$1,299.99 and EC$270,000.01 naming the limit', () => {
    expect(COVERAGE_MIN_MESSAGE).toBe('Coverage must be at least EC$1,300.00');
    expect(COVERAGE_MAX_MESSAGE).toBe('Coverage must be at most EC$270,000.00');
    expect(() => assertCoverageInRange(toCents(1299.99))).toThrow(COVERAGE_MIN_MESSAGE);
    expect(() => assertCoverageInRange(toCents(270000.01))).toThrow(COVERAGE_MAX_MESSAGE);
    expect(() => assertCoverageInRange(1)).toThrow(expect.objectContaining({ code: 'COVERAGE_OUT_OF_RANGE' }));
  });
});

describe('percent of a coverage in cents', () => {
  it('rounds half a cent up and never drifts with large coverages', () => {
    expect(percentOfCoverageCents(2_500_000, 35)).toBe(875_000);
    expect(percentOfCoverageCents(130_001, 50)).toBe(65_001);
    expect(percentOfCoverageCents(130_001, 25)).toBe(32_500);
    expect(percentOfCoverageCents(27_000_000, 100)).toBe(27_000_000);
    expect(percentOfCoverageCents(101, 0.5)).toBe(1);
    expect(percentOfCoverageCents(Number.MAX_SAFE_INTEGER, 99.99)).toBe(Number((BigInt(Number.MAX_SAFE_INTEGER) * 9999n + 5000n) / 10000n));
  });

  it('equals the exact rational, half-up, for any coverage and a percent with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (cents, basisPoints) => {
        const exact = (BigInt(cents) * BigInt(basisPoints) * 2n + 10_000n) / 20_000n;
        expect(percentOfCoverageCents(cents, basisPoints / 100)).toBe(Number(exact));
      }),
    );
  });

  it('refuses a percent with more than two decimals', () => {
    expect(() => percentOfCoverageCents(100_000, 12.345)).toThrow(DomainError);
  });
});
