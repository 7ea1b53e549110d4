import { z } from 'zod';
import { exactDecimal } from '../arithmetic';
import { formatMoney, toCents, type Cents } from '../money';
import type { IsoDate } from '../season';
import { formatDayMonthYear } from '../date-format';
import { isIsoDate } from './dates';
import { PAYMENT_CHANNELS } from './payment-plan';
import { latePaymentRefusal } from './status';

/**
 * Recording a payment (product-decisions "Payment method", "Roles at work"): a teller at a partner
 * credit union or an admin (bank transfer) records what the holder paid against a policy number.
 * One schema serves the teller's form and the server; the rules that need the policy (what is still
 * owed, when it was bought, today's date) are a second step, `paymentRefusal`, shared the same way.
 */

export const PAYMENT_MESSAGES = {
  policyNumberRequired: 'Policy number is required', // ours
  amountRequired: 'Amount is required', // ours
  amountInvalid: 'Amount must be a number in EC$', // ours
  amountPositive: `Amount must be more than ${formatMoney(0)}`, // ours
  amountDecimals: 'Amount can have at most 2 decimals', // ours
  channelRequired: 'Please choose where the payment was made', // ours
  referenceRequired: 'Payment reference is required', // ours
  referenceInvalid: 'Payment reference may contain only letters, digits, spaces, hyphens and slashes', // ours
  referenceTooLong: 'Payment reference must be at most 40 characters', // ours
  paidOnRequired: 'Paid-on date is required', // ours
  paidOnInvalid: 'Paid-on date must be a date written YYYY-MM-DD', // ours
  unknownPolicy: 'No policy has this number. Please check it and try again.', // ours
  referenceUsed: 'This payment reference has already been recorded. Please check the receipt or bank statement.', // ours
  nothingOwed: 'Nothing is owed on this policy: it is fully paid.', // ours
} as const;

export const PAYMENT_REFERENCE_MAX_LENGTH = 40;
const REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 /-]*$/;

/** A reference compared without spaces, hyphens or case: "cu-0042 17" and "CU004217" are the same slip. */
export function paymentReferenceKey(reference: string): string {
  return reference.replace(/[\s-]/g, '').toUpperCase();
}

/** EC$ as typed (a number or a numeric string), more than 0 with at most 2 decimals, to cents. */
export const paymentAmountSchema = z
  .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? PAYMENT_MESSAGES.amountRequired : PAYMENT_MESSAGES.amountInvalid) })
  .transform((value, context) => {
    const text = typeof value === 'string' ? value.trim().replace(/,/g, '') : value;
    if (text === '') {
      context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountRequired });
      return z.NEVER;
    }
    const amount = typeof text === 'number' ? text : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(amount)) {
      context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    if (amount <= 0) {
      context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountPositive });
      return z.NEVER;
    }
    if (exactDecimal(amount).scale > 2) {
      context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountDecimals });
      return z.NEVER;
    }
    return toCents(amount);
  });

export const recordPaymentInputSchema = z.object({
  policyNumber: z.string({ error: PAYMENT_MESSAGES.policyNumberRequired }).trim().min(1, PAYMENT_MESSAGES.policyNumberRequired),
  /** EC$; leaves the schema as integer cents. */
  amount: paymentAmountSchema,
  channel: z.enum(PAYMENT_CHANNELS, { error: PAYMENT_MESSAGES.channelRequired }),
  reference: z
    .string({ error: PAYMENT_MESSAGES.referenceRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.referenceRequired)
    .max(PAYMENT_REFERENCE_MAX_LENGTH, PAYMENT_MESSAGES.referenceTooLong)
    .regex(REFERENCE_PATTERN, PAYMENT_MESSAGES.referenceInvalid),
  paidOn: z
    .string({ error: PAYMENT_MESSAGES.paidOnRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.paidOnRequired)
    .refine(isIsoDate, { error: PAYMENT_MESSAGES.paidOnInvalid }),
});
export type RecordPaymentInput = z.input<typeof recordPaymentInputSchema>;
export type RecordPaymentValues = z.output<typeof recordPaymentInputSchema>;

/** What the second step needs to know about the policy and the day. */
export interface PaymentContext {
  /** What is still owed, in cents. */
  outstandingCents: Cents;
  /** The purchase date in America/Port_of_Spain. */
  purchaseDate: IsoDate;
  /** Today in America/Port_of_Spain. */
  today: IsoDate;
  /** The season's payment deadline, when known: a payment made after it is refused (the transition's rule too). */
  paymentDeadline?: IsoDate;
}

/**
 * Why a well-formed payment cannot be recorded on this policy today, or null. The state machine
 * refuses an overpayment too; this gives the form the same sentence before anything is sent.
 */
export function paymentRefusal(values: Pick<RecordPaymentValues, 'amount' | 'paidOn'>, context: PaymentContext): string | null {
  if (context.outstandingCents <= 0) return PAYMENT_MESSAGES.nothingOwed;
  if (values.amount > context.outstandingCents) {
    return `The payment of ${formatMoney(values.amount)} is more than the ${formatMoney(context.outstandingCents)} still due`;
  }
  if (values.paidOn > context.today) return `The paid-on date cannot be in the future (today is ${formatDayMonthYear(context.today)})`;
  if (values.paidOn < context.purchaseDate) {
    return `The paid-on date cannot be before the policy was bought (${formatDayMonthYear(context.purchaseDate)})`;
  }
  if (context.paymentDeadline !== undefined) return latePaymentRefusal(values.paidOn, { paymentDeadline: context.paymentDeadline });
  return null;
}

/** `R-000042`: receipts are numbered by one sequence across every policy and channel. */
export function formatReceiptNumber(sequence: number): string {
  return `R-${String(sequence).padStart(6, '0')}`;
}

/**
 * What the holder still owes on a policy (issue 20 item 3): nothing once it is cancelled (what was
 * paid is flagged for refund, product decisions "Policy lifecycle"), otherwise the rest of the
 * premium payable.
 */
export function stillOwedCents(policy: { status: string; payableCents: Cents; paidCents: Cents }): Cents {
  return policy.status === 'CANCELED' ? 0 : Math.max(0, policy.payableCents - policy.paidCents);
}

/** The holder's sentence on a cancelled policy's payments: the refund due, or that nothing is owed either way. */
export function cancelledPaymentsText(refundDueCents: Cents): string {
  return refundDueCents > 0
    ? `This policy was canceled, so nothing more is owed. The ${formatMoney(refundDueCents)} you paid will be refunded; our team will contact you about it.`
    : 'This policy was canceled. No payment was received, so nothing is owed either way.';
}
