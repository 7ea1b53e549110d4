import { DISPLAY_TIME_ZONE, type IsoDate } from '@fhp/domain';

const LONG_DATE = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const LONG_INSTANT = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A calendar date in the spec's long format: 2027-06-01 -> "June 1, 2027". */
export function longDate(date: IsoDate): string {
  return LONG_DATE.format(new Date(`${date}T00:00:00Z`));
}

/** An instant in Port of Spain time: "March 15, 2027 at 12:00 PM AST". */
export function longInstant(instant: Date): string {
  return `${LONG_INSTANT.format(instant)} AST`;
}
