import { assertCents, percentOfCoverageCents, type Cents } from '../money';
import type { IsoDate, Season } from '../season';
import { addDays } from './dates';
import type { Instalment } from './payment-plan';
import { isTransitionAllowed, type PolicyEvent, type PolicyStatus } from './status';

/**
 * What the calendar does to a policy (product-decisions "Policy lifecycle"), as pure rules the
 * scheduled jobs ask with today's date in America/Port_of_Spain. Each answer depends only on the
 * status and the date, so a job that runs late (after downtime) or twice reaches the same result.
 */

/**
 * The event the calendar owes a policy today, or null:
 * - the day after the payment deadline, an unpaid provisional policy is canceled;
 * - after the cover end (the day after May 31 of the cover year), a policy in force expires;
 * - from the cover start (June 1) to the cover end, an issued policy is watched for storms.
 * Expiry is checked before the season start, so a policy whose whole term passed while the server
 * was off goes straight to EXPIRED.
 */
export function calendarEvent(status: PolicyStatus, season: Pick<Season, 'coverStart' | 'coverEnd' | 'paymentDeadline'>, today: IsoDate): PolicyEvent | null {
  if (status === 'PAYMENT_PENDING') return today > season.paymentDeadline ? { type: 'PAYMENT_DEADLINE_PASSED' } : null;
  if (today > season.coverEnd) return isTransitionAllowed(status, 'COVER_ENDED') ? { type: 'COVER_ENDED' } : null;
  if (status === 'ISSUED' && today >= season.coverStart) return { type: 'SEASON_STARTED' };
  return null;
}

/** How many days before its due date an instalment's holder is reminded. */
export const REMINDER_DAYS_BEFORE = 7;

export const REMINDER_KINDS = ['UPCOMING', 'MISSED'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface ReminderDue {
  instalment: Instalment;
  kind: ReminderKind;
  /** What is still owed on this instalment (payments fill instalments in due order). */
  owedCents: Cents;
}

/**
 * The reminders an unpaid provisional policy's schedule calls for today. An instalment not yet
 * covered by the payments (filled in due order) is announced from 7 days before its due date up to
 * the day before it ("UPCOMING"), and reported once its due date has passed ("MISSED"). The caller
 * records what it sent, so each (instalment, kind) goes out once even when a job runs every hour
 * or catches up after downtime; a day missed while the server was off is sent late rather than never.
 */
export function remindersDue(instalments: readonly Instalment[], paidCents: Cents, today: IsoDate): ReminderDue[] {
  assertCents(paidCents);
  const due: ReminderDue[] = [];
  let covered = paidCents;
  for (const instalment of instalments) {
    const owedCents = Math.max(0, instalment.amountCents - covered);
    covered = Math.max(0, covered - instalment.amountCents);
    if (owedCents === 0) continue;
    if (today > instalment.dueDate) due.push({ instalment, kind: 'MISSED', owedCents });
    else if (today >= addDays(instalment.dueDate, -REMINDER_DAYS_BEFORE) && today < instalment.dueDate) {
      due.push({ instalment, kind: 'UPCOMING', owedCents });
    }
  }
  return due;
}

/**
 * A payout's amount: `percent` of the coverage (half-up to the cent), capped at what remains of 100%
 * of the coverage after the payouts already created in this term (paid or not).
 */
export function payoutAmountCents(coverageCents: Cents, percent: number, alreadyCreatedCents: Cents): Cents {
  assertCents(coverageCents);
  assertCents(alreadyCreatedCents);
  if (!Number.isInteger(percent) || percent <= 0 || percent > 100) throw new RangeError('A payout percent is a whole number from 1 to 100');
  const remaining = Math.max(0, coverageCents - alreadyCreatedCents);
  return Math.min(percentOfCoverageCents(coverageCents, percent), remaining);
}
