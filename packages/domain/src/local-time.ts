import { dayNumber } from './policy/dates';
import type { IsoDate } from './season';

/** Times are told in the islands' local time (AST, no daylight saving): messages, documents, screens. */
export const DISPLAY_TIME_ZONE = 'America/Port_of_Spain';

/**
 * Instants are stored in UTC and counted in the islands' days (America/Port_of_Spain). The zone's
 * rules come from the platform's time-zone data, so no offset is written into code.
 */

// en-CA writes dates as YYYY-MM-DD, the domain's calendar-date shape.
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

export type InstantInput = Date | number | string;

/** Epoch milliseconds of an instant; a string or number that is no instant is refused. */
export function instantMs(instant: InstantInput): number {
  const ms = typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  return ms;
}

/** The calendar date in America/Port_of_Spain at an instant. */
export function localIsoDate(instant: InstantInput): IsoDate {
  return dayFormat.format(instantMs(instant));
}

/** How far local wall-clock time is ahead of UTC at an instant (negative west of Greenwich). */
function zoneOffsetMs(ms: number): number {
  const part = Object.fromEntries(partsFormat.formatToParts(ms).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant (epoch ms) at which a local calendar day begins in America/Port_of_Spain. */
export function localMidnightMs(date: IsoDate): number {
  const wallMidnight = dayNumber(date) * 86_400_000;
  // Twice, so a day that starts next to an offset change still lands on its own midnight.
  const first = wallMidnight - zoneOffsetMs(wallMidnight);
  return wallMidnight - zoneOffsetMs(first);
}
