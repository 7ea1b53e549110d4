import { describe, expect, it } from 'vitest';
import { addMonths, currentMonth, dayLabel, monthLabel, monthOf, monthParam, parseMonth } from './month';

describe('tracker months', () => {
  it("counts today in the islands' time", () => {
    // 02:00 UTC on Oct 1 is still Sep 30 in Port of Spain (UTC-4).
    expect(currentMonth(Date.parse('2026-10-01T02:00:00Z'))).toEqual({ year: 2026, month: 9 });
  });
  it('reads ?month=YYYY-MM within 1950 and the latest year, and writes it back', () => {
    expect(parseMonth('2026-09', 2027)).toEqual({ year: 2026, month: 9 });
    for (const bad of [null, '', '2026-13', '1949-12', '2028-01', '2026-9', 'x']) expect(parseMonth(bad, 2027)).toBeNull();
    expect(monthParam({ year: 2026, month: 9 })).toBe('2026-09');
  });
  it('steps across years and names months', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthLabel({ year: 2004, month: 9 })).toBe('September 2004');
    expect(monthOf('2004-09-07')).toEqual({ year: 2004, month: 9 });
  });
  it('names a calendar day as the islands read it, whatever the machine\'s time zone', () => {
    expect(dayLabel('2026-07-20')).toBe('July 20, 2026');
    expect(dayLabel('2026-01-01')).toBe('January 1, 2026');
  });
});
