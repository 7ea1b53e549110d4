import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localIsoDate, localMidnightMs } from '../local-time';
import { seasonForYear } from '../season';
import { cappedTermPercent, coverTermBounds, coverTermYear, isInCoverTerm, MAX_TERM_PERCENT, stormPayoutFor, termPayoutCents } from './term';

const percentOfTable = fc.constantFrom<number>(0, 10, 25, 35, 50, 100);

describe('payouts within one cover term', () => {
  it('pays a storm once per level: the whole % first, the difference after a raise, capped at the term', () => {
    const fresh = { coverageCents: 1_000_001, paidOutCents: 0, paidPercent: 0, stormContractPercent: 0 };
    expect(stormPayoutFor(fresh, 50)).toEqual({ percent: 50, amountCents: 500_001 });
    expect(stormPayoutFor({ ...fresh, paidOutCents: 500_001, paidPercent: 50, stormContractPercent: 50 }, 50)).toBeNull();
    expect(stormPayoutFor({ ...fresh, paidOutCents: 250_000, paidPercent: 25, stormContractPercent: 25 }, 50)).toEqual({ percent: 25, amountCents: 250_000 });
    expect(stormPayoutFor({ ...fresh, paidOutCents: 900_001, paidPercent: 90, stormContractPercent: 0 }, 50)).toEqual({ percent: 10, amountCents: 100_000 });
    expect(stormPayoutFor({ ...fresh, paidOutCents: 1_000_001, paidPercent: 100, stormContractPercent: 0 }, 50)).toBeNull();
    expect(stormPayoutFor({ ...fresh, paidOutCents: 1_000_001, paidPercent: 99, stormContractPercent: 0 }, 50)).toBeNull();
  });

  it('pays what is left of 100% at most', () => {
    expect(cappedTermPercent([], 50)).toBe(50);
    expect(cappedTermPercent([50], 50)).toBe(50);
    expect(cappedTermPercent([50, 35], 50)).toBe(15);
    expect(cappedTermPercent([100], 10)).toBe(0);
    expect(cappedTermPercent([25], 0)).toBe(0);
  });

  it('never lets a term pay above 100%, and pays everything while below it', () => {
    fc.assert(
      fc.property(fc.array(percentOfTable, { maxLength: 12 }), (storms) => {
        const paid: number[] = [];
        for (const percent of storms) {
          const pays = cappedTermPercent(paid, percent);
          expect(pays).toBeGreaterThanOrEqual(0);
          expect(pays).toBeLessThanOrEqual(percent);
          paid.push(pays);
        }
        const total = paid.reduce((a, b) => a + b, 0);
        expect(total).toBe(Math.min(MAX_TERM_PERCENT, storms.reduce((a, b) => a + b, 0)));
      }),
    );
  });

  it('in cents: half-up per payout, and never past the coverage even when rounding would', () => {
    expect(termPayoutCents(2_500_000, 0, 50)).toBe(1_250_000);
    // 50% of EC$1,300.01 is 65,000.5 cents: the first payout rounds up, the second gets what is left.
    expect(termPayoutCents(130_001, 0, 50)).toBe(65_001);
    expect(termPayoutCents(130_001, 65_001, 50)).toBe(65_000);
    expect(termPayoutCents(130_001, 130_001, 100)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 130_000, max: 27_000_000 }), fc.array(percentOfTable, { maxLength: 10 }), (coverage, storms) => {
        let paidOut = 0;
        for (const percent of storms) {
          const amount = termPayoutCents(coverage, paidOut, percent);
          expect(Number.isInteger(amount)).toBe(true);
          paidOut += amount;
        }
        expect(paidOut).toBeLessThanOrEqual(coverage);
      }),
    );
  });
});

describe('cover term membership', () => {
  const season = seasonForYear(2027);

  it('counts local days in Port of Spain: June 1 00:00 AST is 04:00 UTC', () => {
    expect(isInCoverTerm(season, '2027-06-01T03:59:59.999Z')).toBe(false);
    expect(isInCoverTerm(season, '2027-06-01T04:00:00.000Z')).toBe(true);
    expect(isInCoverTerm(season, '2028-06-01T03:59:59.999Z')).toBe(true);
    expect(isInCoverTerm(season, '2028-06-01T04:00:00.000Z')).toBe(false);
    expect(isInCoverTerm(season, Date.UTC(2027, 8, 7, 20))).toBe(true);
  });

  it('gives the same term as instants, for the contract\'s window', () => {
    const { fromMs, toMs } = coverTermBounds(season);
    expect(new Date(fromMs).toISOString()).toBe('2027-06-01T04:00:00.000Z');
    expect(new Date(toMs).toISOString()).toBe('2028-06-01T04:00:00.000Z');
    fc.assert(
      fc.property(fc.integer({ min: fromMs - 5 * 86_400_000, max: toMs + 5 * 86_400_000 }), (ms) => {
        expect(isInCoverTerm(season, ms)).toBe(ms >= fromMs && ms < toMs);
      }),
    );
  });

  it('names the term of any instant, older seasons included', () => {
    expect(coverTermYear('2004-09-07T20:10:00Z')).toBe(2004);
    expect(coverTermYear('1951-05-31T12:00:00Z')).toBe(1950);
    expect(coverTermYear('2024-06-01T03:00:00Z')).toBe(2023); // still May 31 in Port of Spain
    expect(coverTermYear('2024-06-01T04:00:00Z')).toBe(2024);
  });

  it('converts between instants and local days both ways', () => {
    expect(localIsoDate('2004-09-08T03:59:00Z')).toBe('2004-09-07');
    expect(localMidnightMs('2004-09-08')).toBe(Date.UTC(2004, 8, 8, 4));
    expect(() => localIsoDate('not a time')).toThrow(RangeError);
  });
});
