import { DomainError } from '../errors';
import { assertCents, formatMoney, type Cents } from '../money';
import type { IsoDate } from '../season';
import { formatDayMonthYear } from '../date-format';
import { addDays, dayNumber } from './dates';
import { POLICY_ERROR_CODES } from './errors';
import { formatPolicyNumber, parsePolicyNumber } from './policy-number';

/** Pay in full, or in 2 or 4 equal instalments, the last due by the deadline (product-decisions). */
export const PAYMENT_PLANS = ['FULL', 'INSTALMENTS_2', 'INSTALMENTS_4'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

export const INSTALMENT_COUNT: Readonly<Record<PaymentPlan, number>> = { FULL: 1, INSTALMENTS_2: 2, INSTALMENTS_4: 4 };

export const PAYMENT_PLAN_LABELS: Readonly<Record<PaymentPlan, string>> = {
  FULL: 'Pay in full',
  INSTALMENTS_2: '2 instalments',
  INSTALMENTS_4: '4 instalments',
};

/** Where the holder pays: a teller records it at a partner credit union; an admin records a bank transfer. */
export const PAYMENT_CHANNELS = ['CREDIT_UNION', 'BANK_TRANSFER'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const PAYMENT_CHANNEL_LABELS: Readonly<Record<PaymentChannel, string>> = {
  CREDIT_UNION: 'At a partner credit union',
  BANK_TRANSFER: 'By bank transfer',
};

export interface Instalment {
  /** 1-based, in due order. */
  number: number;
  dueDate: IsoDate;
  amountCents: Cents;
}

export interface PaymentSchedule {
  plan: PaymentPlan;
  totalCents: Cents;
  instalments: Instalment[];
}

export interface ScheduleInput {
  /** What the holder owes: the discounted premium when an offer applies. */
  totalCents: Cents;
  plan: PaymentPlan;
  /** Dates in America/Port_of_Spain, worked out by the caller from its clock. */
  purchaseDate: IsoDate;
  deadline: IsoDate;
}

function refusePlan(code: string, message: string): never {
  throw new DomainError(code, message);
}

/** Whole days from purchase to deadline, refusing a purchase after the deadline. */
function daysToDeadline(purchaseDate: IsoDate, deadline: IsoDate): number {
  const span = dayNumber(deadline, 'Payment deadline') - dayNumber(purchaseDate, 'Purchase date');
  if (span < 0) {
    refusePlan(
      POLICY_ERROR_CODES.PAYMENT_DEADLINE_PASSED,
      `The payment deadline (${formatDayMonthYear(deadline)}) has passed, so this policy can no longer be bought`,
    );
  }
  return span;
}

/**
 * A plan is offered when each instalment can fall on its own day: 4 instalments need at least 3
 * days between purchase and deadline. Paying in full is always possible up to the deadline itself.
 */
export function availablePaymentPlans(purchaseDate: IsoDate, deadline: IsoDate): PaymentPlan[] {
  const span = daysToDeadline(purchaseDate, deadline);
  return PAYMENT_PLANS.filter((plan) => INSTALMENT_COUNT[plan] - 1 <= span);
}

/**
 * The instalments of a plan.
 * - Amounts: `floor(total / n)` each, and the remainder (at most n - 1 cents) on the **first**
 *   instalment, so the sum is exactly the total and later instalments are all equal.
 * - Dates: with n > 1, the first is due on the purchase date and instalment i (0-based) on
 *   purchase + floor(i x days / (n - 1)), so the last is due on the deadline and gaps differ by at
 *   most a day. Paying in full (n = 1) is due by the deadline: the one instalment is the last one.
 * A purchase after the deadline, a plan without a day per instalment, or a total smaller than one
 * cent per instalment is refused.
 */
export function buildSchedule(input: ScheduleInput): PaymentSchedule {
  const { totalCents, plan, purchaseDate, deadline } = input;
  assertCents(totalCents);
  const count = INSTALMENT_COUNT[plan];
  if (count === undefined) refusePlan(POLICY_ERROR_CODES.PAYMENT_PLAN_UNAVAILABLE, `Unknown payment plan ${String(plan)}`);
  if (totalCents < count) {
    // A zero-cent instalment would be noise; a 100%-discounted policy has nothing to schedule.
    refusePlan(POLICY_ERROR_CODES.INVALID_PAYMENT, `${formatMoney(totalCents)} cannot be split into ${count} payments`);
  }
  const span = daysToDeadline(purchaseDate, deadline);
  if (count - 1 > span) {
    refusePlan(
      POLICY_ERROR_CODES.PAYMENT_PLAN_UNAVAILABLE,
      `There is not enough time before the payment deadline (${formatDayMonthYear(deadline)}) for ${count} instalments; please choose fewer instalments or pay in full`,
    );
  }
  const base = Math.floor(totalCents / count);
  const remainder = totalCents - base * count;
  const instalments = Array.from({ length: count }, (_, index): Instalment => {
    const offset = count === 1 ? span : Math.floor((index * span) / (count - 1));
    return { number: index + 1, dueDate: addDays(purchaseDate, offset), amountCents: index === 0 ? base + remainder : base };
  });
  return { plan, totalCents, instalments };
}

export const PAYMENT_STATES = ['PAYMENT_PENDING', 'PARTIALLY_PAID', 'FULLY_PAID'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  PAYMENT_PENDING: 'Payment pending',
  PARTIALLY_PAID: 'Partially paid',
  FULLY_PAID: 'Fully paid',
};

/** Nothing paid, part paid, or the (discounted) premium reached (product-decisions "Payments"). */
export function paymentState(totalCents: Cents, paidCents: Cents): PaymentState {
  assertCents(totalCents);
  assertCents(paidCents);
  if (totalCents < 0 || paidCents < 0) refusePlan(POLICY_ERROR_CODES.INVALID_PAYMENT, 'Amounts cannot be negative');
  if (paidCents >= totalCents) return 'FULLY_PAID';
  return paidCents === 0 ? 'PAYMENT_PENDING' : 'PARTIALLY_PAID';
}

export interface MinDue {
  /** What to pay now (overdue) or by `dueDate` to stay on schedule; 0 when fully paid. */
  amountCents: Cents;
  /** The earliest instalment not yet covered; null when fully paid. */
  dueDate: IsoDate | null;
  /** Some instalment due on or before today is not covered. */
  overdue: boolean;
}

/**
 * The minimum due shown on a provisional policy. Payments fill instalments in due order. If an
 * instalment due today or earlier is not covered, the minimum due is everything due up to today
 * less what was paid (overdue, dated by the oldest uncovered instalment); otherwise it is what
 * completes the next instalment, by its due date.
 */
export function minDue(schedule: PaymentSchedule, paidCents: Cents, today: IsoDate): MinDue {
  assertCents(paidCents);
  const todayNumber = dayNumber(today, 'Today');
  let cumulative = 0;
  let firstUncovered: { dueDate: IsoDate; cumulative: Cents } | null = null;
  let dueByToday = 0;
  for (const instalment of schedule.instalments) {
    cumulative += instalment.amountCents;
    if (firstUncovered === null && cumulative > paidCents) firstUncovered = { dueDate: instalment.dueDate, cumulative };
    if (dayNumber(instalment.dueDate) <= todayNumber) dueByToday = cumulative;
  }
  if (firstUncovered === null) return { amountCents: 0, dueDate: null, overdue: false };
  if (dueByToday > paidCents) return { amountCents: dueByToday - paidCents, dueDate: firstUncovered.dueDate, overdue: true };
  return { amountCents: firstUncovered.cumulative - paidCents, dueDate: firstUncovered.dueDate, overdue: false };
}

/**
 * Damm's quasigroup: one check digit that catches every single-digit error and every swap of two
 * neighbouring digits, the two mistakes people make copying a reference into a bank form.
 */
const DAMM_TABLE: readonly (readonly number[])[] = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

export function dammCheckDigit(digits: string): number {
  if (!/^\d*$/.test(digits)) throw new RangeError('Damm check digit needs decimal digits');
  let interim = 0;
  for (const digit of digits) interim = DAMM_TABLE[interim]![Number(digit)]!;
  return interim;
}

/**
 * The country's letters as one digit, (26 x first + second) mod 10 with A = 0: GD -> 9, DM -> 0.
 * It joins the checked digits so that a reference copied with the other country's code (a policy
 * with the same year and sequence exists there too) fails the check. A test keeps the digits of
 * all supported countries distinct.
 */
export function countryCheckDigit(country: string): number {
  const [first = 0, second = 0] = [...country.toUpperCase()].map((letter) => letter.charCodeAt(0) - 65);
  return (first * 26 + second) % 10;
}

/**
 * The reference a holder writes on a bank transfer: country, season year and sequence of the
 * policy number, then a Damm check digit over (country digit, year, sequence).
 * `FHP-GD-2027-000042` -> `GD20270000424`: 13 characters, letters and digits only, since some
 * banks drop punctuation from the payment details.
 */
export function bankTransferReference(policyNumber: string): string {
  const parts = parsePolicyNumber(policyNumber);
  if (!parts) {
    throw new DomainError(POLICY_ERROR_CODES.INVALID_POLICY_NUMBER, `${String(policyNumber)} is not a policy number`);
  }
  const body = formatPolicyNumber(parts).split('-').slice(1).join(''); // GD2027000042
  const digits = `${countryCheckDigit(parts.country)}${body.slice(2)}`;
  return `${body}${dammCheckDigit(digits)}`;
}

/**
 * The policy number a bank-transfer reference stands for, or null when it is mistyped. Spaces,
 * hyphens and lower case (as banks pass them on) are ignored.
 */
export function policyNumberFromBankReference(reference: string): string | null {
  if (typeof reference !== 'string') return null;
  const compact = reference.replace(/[\s-]/g, '').toUpperCase();
  const match = /^([A-Z]{2})(\d{4})(\d{6})(\d)$/.exec(compact);
  if (!match) return null;
  const policyNumber = parsePolicyNumber(`FHP-${match[1]}-${match[2]}-${match[3]}`);
  if (!policyNumber) return null;
  const canonical = formatPolicyNumber(policyNumber);
  return bankTransferReference(canonical) === compact ? canonical : null;
}
