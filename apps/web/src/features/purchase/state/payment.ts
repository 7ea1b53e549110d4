import {
  availablePaymentPlans,
  buildSchedule,
  DomainError,
  localIsoDate,
  type IsoDate,
  type PaymentPlan,
  type PaymentSchedule,
} from '@fhp/domain';
import type { ChosenOption } from './purchaseData';

/** Today's date where the policies are sold (America/Port_of_Spain), whatever the browser's zone. */
export function todayInPortOfSpain(now: Date = new Date()): IsoDate {
  return localIsoDate(now);
}

/** What the customer owes: the discounted premium when an offer applies. */
export function amountDueCents(option: ChosenOption): number {
  return option.discountedPremiumCents ?? option.premiumCents;
}

export type PaymentOptions =
  | { ok: true; plans: PaymentPlan[] }
  | { ok: false; message: string };

/** The plans the domain allows between today and the deadline, or why none is possible. */
export function paymentOptions(today: IsoDate, deadline: IsoDate): PaymentOptions {
  try {
    return { ok: true, plans: availablePaymentPlans(today, deadline) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The schedule the server will recompute from the same rule; null when the plan cannot be built. */
export function scheduleFor(option: ChosenOption, plan: PaymentPlan, today: IsoDate, deadline: IsoDate): PaymentSchedule | null {
  try {
    return buildSchedule({ totalCents: amountDueCents(option), plan, purchaseDate: today, deadline });
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
