import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localMidnightMs } from '../local-time';
import { seasonForYear } from '../season';
import { coverTermBounds } from './term';
import { LATE_TRACK_MONTHS, lateTrackLimitMs, stormPaysPolicy, trackPaysTerm } from './who-pays';

const season2026 = seasonForYear(2026); // cover 2026-06-01 to 2027-05-31 (local days)
const policy = (issuedAt: string | null) => ({ season: season2026, issuedAt });
const storm = '2026-09-10T06:00:00Z';
const soon = '2026-09-11T12:00:00Z';

describe('who a storm pays (decision "Who a storm pays")', () => {
  it('pays a policy issued before the qualifying sample, for a sample inside its term', () => {
    expect(stormPaysPolicy(policy('2026-03-01T16:00:00Z'), storm, soon)).toBe(true);
    // At the sample's own instant still counts ("at or before").
    expect(stormPaysPolicy(policy(storm), storm, soon)).toBe(true);
  });

  it('does not pay a policy issued mid-term for an earlier storm, nor one never issued', () => {
    expect(stormPaysPolicy(policy('2026-09-10T06:00:01Z'), storm, soon)).toBe(false);
    expect(stormPaysPolicy(policy(null), storm, soon)).toBe(false);
  });

  it('does not pay for a storm that qualifies for nothing, or outside the term', () => {
    expect(stormPaysPolicy(policy('2026-03-01T16:00:00Z'), null, soon)).toBe(false);
    const { fromMs, toMs } = coverTermBounds(season2026);
    expect(stormPaysPolicy(policy('2026-03-01T16:00:00Z'), fromMs - 1, soon)).toBe(false);
    expect(stormPaysPolicy(policy('2026-03-01T16:00:00Z'), fromMs, soon)).toBe(true);
    expect(stormPaysPolicy(policy('2026-03-01T16:00:00Z'), toMs - 1, soon)).toBe(true);
    expect(stormPaysPolicy(policy('2026-03-01T16:00:00Z'), toMs, soon)).toBe(false);
  });

  it(`pays on a track published up to ${LATE_TRACK_MONTHS} months after the term ends, not later`, () => {
    // The term ends with 2027-05-31 (local): tracks published until the end of 2028-05-31 (local) pay.
    expect(lateTrackLimitMs(season2026)).toBe(localMidnightMs('2028-06-01'));
    const issued = policy('2026-03-01T16:00:00Z');
    expect(stormPaysPolicy(issued, storm, '2027-11-01T12:00:00Z')).toBe(true);
    expect(stormPaysPolicy(issued, storm, localMidnightMs('2028-06-01') - 1)).toBe(true);
    expect(stormPaysPolicy(issued, storm, localMidnightMs('2028-06-01'))).toBe(false);
    expect(trackPaysTerm(season2026, '2029-01-01T00:00:00Z')).toBe(false);
  });

  it('counts 12 months on the calendar, a short month ending on its last day', () => {
    expect(lateTrackLimitMs({ coverEnd: '2027-01-30' })).toBe(localMidnightMs('2028-01-31'));
    expect(lateTrackLimitMs({ coverEnd: '2028-02-28' })).toBe(localMidnightMs('2029-02-28')); // 2028-02-29 + 12 months
  });

  it('is decided by the issue time and the sample alone, never by the order of the checks', () => {
    const { fromMs, toMs } = coverTermBounds(season2026);
    fc.assert(
      fc.property(
        fc.integer({ min: fromMs - 86_400_000 * 60, max: toMs + 86_400_000 * 60 }),
        fc.integer({ min: fromMs - 86_400_000 * 200, max: toMs }),
        (sampleMs, issuedMs) => {
          const expected = sampleMs >= fromMs && sampleMs < toMs && issuedMs <= sampleMs;
          expect(stormPaysPolicy({ season: season2026, issuedAt: issuedMs }, sampleMs, sampleMs + 3_600_000)).toBe(expected);
        },
      ),
    );
  });
});
