import type { IsoDate } from '../season';
import { DomainError } from '../errors';
import { POLICY_ERROR_CODES } from './errors';

/**
 * Calendar-date arithmetic for schedules. The caller turns "now" into a local date
 * (America/Port_of_Spain) before calling; from there on only whole days matter, so the arithmetic
 * runs in UTC on midnight timestamps, where every day has exactly 86 400 000 ms and no time zone or
 * daylight-saving rule can shift a date.
 */

const MS_PER_DAY = 86_400_000;
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real calendar date, or null for text that is not one (2027-02-30). */
function dayNumberOrNull(date: string): number | null {
  const match = ISO_DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 2027-02-30 over to March 2; a real date survives the round trip unchanged.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / MS_PER_DAY;
}

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && dayNumberOrNull(value) !== null;
}

/** Days since 1970-01-01; refuses anything but a real `YYYY-MM-DD` date. */
export function dayNumber(date: IsoDate, what = 'Date'): number {
  const days = typeof date === 'string' ? dayNumberOrNull(date) : null;
  if (days === null) {
    throw new DomainError(POLICY_ERROR_CODES.INVALID_DATE, `${what} must be a calendar date written YYYY-MM-DD`);
  }
  return days;
}

export function dateFromDayNumber(days: number): IsoDate {
  return new Date(days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return dateFromDayNumber(dayNumber(date) + days);
}
