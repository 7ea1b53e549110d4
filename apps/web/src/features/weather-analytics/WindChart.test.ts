import { describe, expect, it } from 'vitest';
import { bucketLabel, describeWind } from './WindChart';

describe('the wind chart in words', () => {
  it('names buckets by period', () => {
    expect(bucketLabel('2026-09-07', 'day')).toBe('September 7, 2026');
    expect(bucketLabel('2026-09-07', 'week')).toBe('week of September 7, 2026');
    expect(bucketLabel('2026-09-01', 'month')).toBe('September 2026');
    expect(bucketLabel('2026-01-01', 'year')).toBe('2026');
  });

  it('sums the chart up for screen readers: how many periods had a system nearby and the strongest wind', () => {
    const buckets = [
      { start: '2026-08-31', maxKt: null, minKt: null },
      { start: '2026-09-07', maxKt: 120, minKt: 98 },
      { start: '2026-09-14', maxKt: 45, minKt: 30 },
    ];
    expect(describeWind(buckets, 'week', 'Grenada', '2026')).toBe(
      'Maximum and minimum sustained wind of systems within 300 km of Grenada, by week, 2026: 2 weeks with a system nearby; the strongest wind was 120 knots, in the week of September 7, 2026.',
    );
    expect(describeWind(buckets.slice(0, 1), 'week', 'Grenada', '2026')).toBe('No system came within 300 km of Grenada in 2026.');
  });
});
