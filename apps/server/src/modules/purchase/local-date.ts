import { DISPLAY_TIME_ZONE, type IsoDate } from '@fhp/domain';

const FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in America/Port_of_Spain at an instant: schedules and windows count local days. */
export function localIsoDate(instant: Date): IsoDate {
  // en-CA writes dates as YYYY-MM-DD.
  return FORMAT.format(instant);
}
