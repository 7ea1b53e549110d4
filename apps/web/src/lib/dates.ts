import { formatLongDateTime } from '@fhp/domain';

/** An ISO timestamp or epoch milliseconds as the spec's long date (June 15, 2027 at 10:30 AM AST); "Unreadable" for anything else. */
export function longDate(value: string | number | null): string {
  if (value === null) return 'Unreadable';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Unreadable' : formatLongDateTime(date);
}
