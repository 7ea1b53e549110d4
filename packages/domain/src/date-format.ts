import { DISPLAY_TIME_ZONE, instantMs, localIsoDate, type InstantInput } from './local-time';
import { dayNumber } from './policy/dates';
import type { IsoDate } from './season';

/**
 * How dates and times are written for people, in one place for the documents (PDFs, emails), the
 * screens and the messages: English (en-US), in the islands' time (America/Port_of_Spain, written
 * AST: it keeps no daylight saving). A calendar day (IsoDate) is written as it is; an instant is
 * first turned into the islands' day and time.
 */

/** How the islands' zone is named after a time (product decisions: "shown in America/Port_of_Spain (AST)"). */
export const DISPLAY_ZONE_NAME = 'AST';

function formatter(options: Intl.DateTimeFormatOptions, timeZone: string = DISPLAY_TIME_ZONE): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
  // Some ICU versions put a narrow no-break space before AM/PM: a plain space reads the same everywhere.
  return (ms) => format.format(ms).replace(/\u202f/g, ' ');
}

// Calendar days are midnight UTC timestamps: formatted in UTC they keep their own date.
const longDay = formatter({ year: 'numeric', month: 'long', day: 'numeric' }, 'UTC');
const mediumDay = formatter({ year: 'numeric', month: 'short', day: 'numeric' }, 'UTC');
const longMonth = formatter({ year: 'numeric', month: 'long' }, 'UTC');
const longDayAndTime = formatter({ year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const dayAndTime = formatter({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const monthDayAndTime = formatter({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const timeOfDay = formatter({ hour: 'numeric', minute: '2-digit' });

const dayMs = (date: IsoDate) => dayNumber(date) * 86_400_000;

/** The spec's short form (part 2 section 9, "purchase date DD/MM/YYYY"): 2027-05-31 -> "31/05/2027". */
export function formatDayMonthYear(date: IsoDate): string {
  dayNumber(date);
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The spec's long date of a calendar day: 2027-06-01 -> "June 1, 2027". */
export function formatLongDate(date: IsoDate): string {
  return longDay(dayMs(date));
}

/** The month of a calendar day: 2027-06-14 -> "June 2027". */
export function formatMonthAndYear(date: IsoDate): string {
  return longMonth(dayMs(date));
}

/** The islands' day of an instant, long: "June 1, 2027". */
export function formatLocalLongDate(instant: InstantInput): string {
  return formatLongDate(localIsoDate(instant));
}

/** The islands' day of an instant, short month (compact tables): "Jun 1, 2027". */
export function formatLocalMediumDate(instant: InstantInput): string {
  return mediumDay(dayMs(localIsoDate(instant)));
}

/** The spec's long date with the time, in the islands: "June 15, 2027 at 10:30 AM AST". */
export function formatLongDateTime(instant: InstantInput): string {
  return `${longDayAndTime(instantMs(instant))} ${DISPLAY_ZONE_NAME}`;
}

/** Day and time in the islands, short month (tables headed "AST"): "Sep 7, 2004, 5:30 PM". */
export function formatDateTime(instant: InstantInput): string {
  return dayAndTime(instantMs(instant));
}

/** Day and time in the islands without the year (within a few days of now): "Mar 4, 12:05 AM". */
export function formatMonthDayTime(instant: InstantInput): string {
  return monthDayAndTime(instantMs(instant));
}

/** The time of day in the islands: "11:42 PM". */
export function formatTime(instant: InstantInput): string {
  return timeOfDay(instantMs(instant));
}
