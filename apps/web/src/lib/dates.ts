import { DISPLAY_TIME_ZONE } from '@fhp/domain';

// The spec's "long date", in the islands' time: June 15, 2027 at 10:30 AM AST.
const longDateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An ISO timestamp or epoch milliseconds as the spec's long date; "Unreadable" for anything else. */
export function longDate(value: string | number | null): string {
  if (value === null) return 'Unreadable';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Unreadable' : longDateTime.format(date);
}
