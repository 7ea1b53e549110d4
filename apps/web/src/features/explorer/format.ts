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

export function longDate(iso: string | null): string {
  if (iso === null) return 'Unreadable';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Unreadable' : longDateTime.format(date);
}
