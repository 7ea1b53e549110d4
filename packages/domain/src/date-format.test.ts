import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDayMonthYear,
  formatLocalLongDate,
  formatLocalMediumDate,
  formatLongDate,
  formatLongDateTime,
  formatMonthAndYear,
  formatMonthDayTime,
  formatTime,
} from './date-format';

// 22:30 on June 1 in the islands is already June 2 in UTC.
const LATE_EVENING = '2027-06-02T02:30:00Z';

describe('dates written for people', () => {
  it('write a calendar day as it is, long or DD/MM/YYYY', () => {
    expect(formatLongDate('2027-06-01')).toBe('June 1, 2027');
    expect(formatLongDate('2028-02-29')).toBe('February 29, 2028');
    expect(formatDayMonthYear('2027-05-31')).toBe('31/05/2027');
    expect(formatMonthAndYear('2027-06-14')).toBe('June 2027');
  });

  it("write an instant in the islands' day and time, not UTC's", () => {
    expect(formatLocalLongDate(LATE_EVENING)).toBe('June 1, 2027');
    expect(formatLocalMediumDate(new Date(LATE_EVENING))).toBe('Jun 1, 2027');
    expect(formatLongDateTime(Date.parse(LATE_EVENING))).toBe('June 1, 2027 at 10:30 PM AST');
    expect(formatLongDateTime('2027-06-15T14:30:00Z')).toBe('June 15, 2027 at 10:30 AM AST');
    expect(formatDateTime('2004-09-07T21:30:00Z')).toBe('Sep 7, 2004, 5:30 PM');
    expect(formatMonthDayTime('2027-03-04T04:05:00Z')).toBe('Mar 4, 12:05 AM');
    expect(formatTime('2027-03-04T03:42:00Z')).toBe('11:42 PM');
  });

  it('use plain spaces only, so documents in the standard PDF fonts can write them', () => {
    for (const text of [formatLongDateTime(LATE_EVENING), formatDateTime(LATE_EVENING), formatMonthDayTime(LATE_EVENING), formatTime(LATE_EVENING)]) {
      expect(text).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('refuse what is not an instant', () => {
    expect(() => formatLongDateTime('not a date')).toThrow(RangeError);
  });
});
