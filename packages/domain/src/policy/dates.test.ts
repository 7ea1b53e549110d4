import { describe, expect, it } from 'vitest';
import { formatDayMonthYear } from '../date-format';
import { addDays, dayNumber, daysBetween, isIsoDate } from './dates';

describe('calendar dates', () => {
  it('count whole days across month, leap-day and year ends', () => {
    expect(daysBetween('2027-01-31', '2027-03-01')).toBe(29);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-05-31', -365)).toBe('2026-05-31');
  });

  it('accept only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2027-05-31')).toBe(true);
    for (const text of ['2027-02-29', '2027-13-01', '2027-5-31', '31/05/2027', '2027-05-31T00:00:00Z']) {
      expect(isIsoDate(text)).toBe(false);
    }
    expect(() => dayNumber('2027-02-30', 'Purchase date')).toThrow('Purchase date must be a calendar date written YYYY-MM-DD');
  });

  it('display as DD/MM/YYYY', () => {
    expect(formatDayMonthYear('2027-05-31')).toBe('31/05/2027');
  });
});
