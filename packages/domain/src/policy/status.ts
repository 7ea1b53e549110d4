import { DomainError } from '../errors';
import { formatDayMonthYear } from '../date-format';
import { assertCents, formatMoney, type Cents } from '../money';
import type { IsoDate, Season } from '../season';
import { CANCELLATION_MESSAGES } from './messages';
import { POLICY_ERROR_CODES } from './errors';

/**
 * The policy lifecycle of product-decisions "Policy lifecycle" as one pure state machine.
 *
 * PARTIALLY_PAID is a **payment** state, not a policy status: spec part 2 section 4 lists it under
 * "Payment statuses" (with FULLY_PAID), apart from the eight policy statuses, and the provisional
 * list filters on status PAYMENT_PENDING only, so a policy that is partly paid must stay
 * PAYMENT_PENDING to stay in that list. Its payment state comes from `paymentState`
 * (payment-plan.ts) and has its own colour there.
 */

export const POLICY_TYPES = ['PROVISIONAL', 'ACTUAL'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

export const POLICY_STATUSES = [
  'PAYMENT_PENDING',
  'ISSUED',
  'EVENT_MONITORING',
  'PAYOUT_INTIMATION',
  'PAYOUT_CONFIRMATION',
  'PAYOUT_ACKNOWLEDGED',
  'EXPIRED',
  'CANCELED',
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export function isPolicyStatus(value: unknown): value is PolicyStatus {
  return typeof value === 'string' && (POLICY_STATUSES as readonly string[]).includes(value);
}

export const POLICY_STATUS_LABELS: Readonly<Record<PolicyStatus, string>> = {
  PAYMENT_PENDING: 'Payment pending',
  ISSUED: 'Issued',
  EVENT_MONITORING: 'Event monitoring',
  PAYOUT_INTIMATION: 'Payout intimation',
  PAYOUT_CONFIRMATION: 'Payout confirmation',
  PAYOUT_ACKNOWLEDGED: 'Payout acknowledged',
  EXPIRED: 'Expired',
  CANCELED: 'Canceled',
};

export const ARCHIVED_STATUSES = ['EXPIRED', 'CANCELED'] as const satisfies readonly PolicyStatus[];

/**
 * A contract whose cover is running (issue 10): a storm inside its term is evaluated against it and
 * its holder is alerted. ISSUED is not among them: the cover term has not started yet.
 */
export const IN_FORCE_STATUSES = ['EVENT_MONITORING', 'PAYOUT_INTIMATION', 'PAYOUT_CONFIRMATION', 'PAYOUT_ACKNOWLEDGED'] as const satisfies readonly PolicyStatus[];

/** EXPIRED and CANCELED policies are archived (spec part 2 section 4). */
export function isArchived(status: PolicyStatus): boolean {
  return (ARCHIVED_STATUSES as readonly PolicyStatus[]).includes(status);
}

/**
 * What the machine needs to know about a policy. Amounts are integer cents.
 * A stored policy maps onto this; the machine never sees I/O.
 */
export interface PolicyState {
  type: PolicyType;
  status: PolicyStatus;
  /** What the holder owes: the discounted premium when an offer applied, else the premium. */
  payableCents: Cents;
  /** Sum of recorded payments. */
  paidCents: Cents;
  coverageCents: Cents;
  /** Sum of payouts recorded as paid in this term; capped at `coverageCents`. */
  paidOutCents: Cents;
  /** Payouts created by a trigger and not yet wired. */
  pendingPayouts: number;
  /** Payouts wired and not yet acknowledged by the holder. */
  unacknowledgedPayouts: number;
  /** A holder's request waiting for an admin; a request does not change the status. */
  cancellationRequest: { reason: string } | null;
  /** Money received on a policy that was then canceled: flagged for refund. */
  refundDueCents: Cents;
}

export type PolicyEvent =
  /**
   * A teller (credit union) or an admin (bank transfer) recorded a payment made on `paidOn` (the
   * slip's or the bank's date) against a policy of `season`: the deadline is a rule of the
   * transition, so no path that records a payment can skip it.
   */
  | { type: 'PAYMENT_RECORDED'; amountCents: Cents; paidOn: IsoDate; season: Pick<Season, 'paymentDeadline'> }
  /** June 1 of the season (cover start). */
  | { type: 'SEASON_STARTED' }
  /** The trigger engine found a qualifying storm and created a payout. */
  | { type: 'STORM_TRIGGERED' }
  /** An admin recorded the payout's wire transfer. */
  | { type: 'PAYOUT_PAID'; amountCents: Cents }
  /** The holder acknowledged receiving the payout. */
  | { type: 'PAYOUT_ACKNOWLEDGED' }
  /** After an acknowledgement, while paid-out total < coverage: watch storms again. */
  | { type: 'MONITORING_RESUMED' }
  /** The day after May 31 of the cover year. */
  | { type: 'COVER_ENDED' }
  /** The payment deadline passed with the premium not fully paid. */
  | { type: 'PAYMENT_DEADLINE_PASSED' }
  | { type: 'CANCELLATION_REQUESTED'; reason: string }
  | { type: 'CANCELLATION_APPROVED' }
  | { type: 'CANCELLATION_REJECTED' };

export type PolicyEventType = PolicyEvent['type'];

export const POLICY_EVENT_TYPES = [
  'PAYMENT_RECORDED',
  'SEASON_STARTED',
  'STORM_TRIGGERED',
  'PAYOUT_PAID',
  'PAYOUT_ACKNOWLEDGED',
  'MONITORING_RESUMED',
  'COVER_ENDED',
  'PAYMENT_DEADLINE_PASSED',
  'CANCELLATION_REQUESTED',
  'CANCELLATION_APPROVED',
  'CANCELLATION_REJECTED',
] as const satisfies readonly PolicyEventType[];

/**
 * Every allowed (status, event) pair and where it can lead. Anything not listed is refused.
 * Choices the decisions leave open:
 * - a payment that completes the premium issues the contract in the same step (one event,
 *   two outcomes), and drops a pending cancellation request: the policy is no longer provisional;
 * - PAYOUT_ACKNOWLEDGED is a status the timeline shows, so returning to monitoring is its own event
 *   (`followUpEvent` says when the server should fire it right away);
 * - a policy expires from ISSUED (if the June 1 step never ran), EVENT_MONITORING and both
 *   post-payment payout statuses, but not from PAYOUT_INTIMATION: a payout owed is settled first,
 *   and the expiry job tries again after that;
 * - several payouts can be open at once (a second storm, or a top-up when an advisory raises a
 *   storm's class, while the first payout is still being wired or acknowledged). The status says
 *   what the policy waits for, from its open payouts: PAYOUT_INTIMATION while any payout waits for
 *   its wire, else PAYOUT_CONFIRMATION while any wired payout waits for the holder's
 *   acknowledgement, else PAYOUT_ACKNOWLEDGED (then monitoring again). So a storm triggers from
 *   EVENT_MONITORING and from both payout statuses, every pending payout can be wired from
 *   PAYOUT_INTIMATION, and every wired one acknowledged (after the cover ended too: the policy
 *   stays EXPIRED).
 * - a storm pays whoever was covered when it came, whatever their status now (decision "Who a
 *   storm pays"): it also triggers from ISSUED (the June 1 step has not run yet: the payout is what
 *   the policy waits for now) and from EXPIRED (a best track published after the term ended), where
 *   the policy stays EXPIRED and its payout is wired and acknowledged without moving it.
 */
export const POLICY_TRANSITIONS: Readonly<Record<PolicyEventType, Partial<Record<PolicyStatus, readonly PolicyStatus[]>>>> = {
  PAYMENT_RECORDED: { PAYMENT_PENDING: ['PAYMENT_PENDING', 'ISSUED'] },
  SEASON_STARTED: { ISSUED: ['EVENT_MONITORING'] },
  STORM_TRIGGERED: {
    ISSUED: ['PAYOUT_INTIMATION'],
    EVENT_MONITORING: ['PAYOUT_INTIMATION'],
    PAYOUT_INTIMATION: ['PAYOUT_INTIMATION'],
    PAYOUT_CONFIRMATION: ['PAYOUT_INTIMATION'],
    // At rest here only when fully paid out, where the guard refuses (nothing left to pay).
    PAYOUT_ACKNOWLEDGED: ['PAYOUT_INTIMATION'],
    EXPIRED: ['EXPIRED'],
  },
  PAYOUT_PAID: { PAYOUT_INTIMATION: ['PAYOUT_CONFIRMATION', 'PAYOUT_INTIMATION'], EXPIRED: ['EXPIRED'] },
  PAYOUT_ACKNOWLEDGED: {
    PAYOUT_CONFIRMATION: ['PAYOUT_ACKNOWLEDGED', 'PAYOUT_CONFIRMATION'],
    PAYOUT_INTIMATION: ['PAYOUT_INTIMATION'],
    EXPIRED: ['EXPIRED'],
  },
  MONITORING_RESUMED: { PAYOUT_ACKNOWLEDGED: ['EVENT_MONITORING'] },
  COVER_ENDED: {
    ISSUED: ['EXPIRED'],
    EVENT_MONITORING: ['EXPIRED'],
    PAYOUT_CONFIRMATION: ['EXPIRED'],
    PAYOUT_ACKNOWLEDGED: ['EXPIRED'],
  },
  PAYMENT_DEADLINE_PASSED: { PAYMENT_PENDING: ['CANCELED'] },
  CANCELLATION_REQUESTED: { PAYMENT_PENDING: ['PAYMENT_PENDING'] },
  CANCELLATION_APPROVED: { PAYMENT_PENDING: ['CANCELED'] },
  CANCELLATION_REJECTED: { PAYMENT_PENDING: ['PAYMENT_PENDING'] },
};

/**
 * The set-based trigger engine moves many policies in one statement: these are the statuses a
 * storm triggers from, and where each leads (`stormTriggeredStatus`), read from the table above.
 */
export const STORM_TRIGGER_FROM_STATUSES = Object.keys(POLICY_TRANSITIONS.STORM_TRIGGERED) as PolicyStatus[];

/** The status a storm's payout leaves a policy in, or null when the machine refuses a storm there (never issued). */
export function stormTriggeredStatus(status: PolicyStatus): PolicyStatus | null {
  return POLICY_TRANSITIONS.STORM_TRIGGERED[status]?.[0] ?? null;
}

/** Where a storm moves a policy in force (every status but EXPIRED, which stays as it is). */
export const STORM_TRIGGER_TARGET: PolicyStatus = stormTriggeredStatus('EVENT_MONITORING')!;

/** The refusal reads "A policy that is EXPIRED cannot <this>". */
const EVENT_VERB: Readonly<Record<PolicyEventType, string>> = {
  PAYMENT_RECORDED: 'receive a payment',
  SEASON_STARTED: 'start event monitoring',
  STORM_TRIGGERED: 'trigger a payout',
  PAYOUT_PAID: 'have a payout recorded as paid',
  PAYOUT_ACKNOWLEDGED: 'acknowledge a payout',
  MONITORING_RESUMED: 'return to event monitoring',
  COVER_ENDED: 'expire',
  PAYMENT_DEADLINE_PASSED: 'be canceled for non-payment',
  CANCELLATION_REQUESTED: 'be canceled',
  CANCELLATION_APPROVED: 'have a cancellation approved',
  CANCELLATION_REJECTED: 'have a cancellation rejected',
};

export function isTransitionAllowed(status: PolicyStatus, event: PolicyEventType): boolean {
  return POLICY_TRANSITIONS[event][status] !== undefined;
}

/** Events the table allows from a status (guards on amounts and requests still apply). */
export function allowedEvents(status: PolicyStatus): PolicyEventType[] {
  return POLICY_EVENT_TYPES.filter((event) => isTransitionAllowed(status, event));
}

function refuse(code: string, message: string): never {
  throw new DomainError(code, message);
}

/** A fresh provisional policy, as a purchase creates it. */
export function newProvisionalPolicy(input: { payableCents: Cents; coverageCents: Cents }): PolicyState {
  assertCents(input.payableCents);
  assertCents(input.coverageCents);
  if (input.payableCents <= 0) refuse(POLICY_ERROR_CODES.INVALID_PAYMENT, 'A policy must have a premium to pay');
  if (input.coverageCents <= 0) refuse(POLICY_ERROR_CODES.INVALID_PAYMENT, 'A policy must have a coverage amount');
  return {
    type: 'PROVISIONAL',
    status: 'PAYMENT_PENDING',
    payableCents: input.payableCents,
    paidCents: 0,
    coverageCents: input.coverageCents,
    paidOutCents: 0,
    pendingPayouts: 0,
    unacknowledgedPayouts: 0,
    cancellationRequest: null,
    refundDueCents: 0,
  };
}

function positiveCents(amount: Cents, what: string): Cents {
  assertCents(amount);
  if (amount <= 0) refuse(POLICY_ERROR_CODES.INVALID_PAYMENT, `${what} must be more than ${formatMoney(0)}`);
  return amount;
}

/**
 * Why a payment made on `paidOn` cannot count for a policy of `season`, or null (product-decisions
 * "Policy lifecycle"): the premium is due by the payment deadline, so money paid after it does not
 * buy the cover (a customer could otherwise pay once a storm is forecast). A payment made on time
 * and recorded later is still counted while the policy waits for it.
 */
export function latePaymentRefusal(paidOn: IsoDate, season: Pick<Season, 'paymentDeadline'>): string | null {
  if (paidOn <= season.paymentDeadline) return null;
  return `A payment made on ${formatDayMonthYear(paidOn)} cannot be recorded: the premium was due by the payment deadline of ${formatDayMonthYear(season.paymentDeadline)}`;
}

function fullyPaidOutMessage(): string {
  return "This policy's coverage has been paid out in full";
}

/** What a policy with open payouts waits for (see the table's comment); null when none is open. */
function payoutStatus(policy: Pick<PolicyState, 'pendingPayouts' | 'unacknowledgedPayouts'>): PolicyStatus | null {
  if (policy.pendingPayouts > 0) return 'PAYOUT_INTIMATION';
  if (policy.unacknowledgedPayouts > 0) return 'PAYOUT_CONFIRMATION';
  return null;
}

/** Canceling keeps what was paid as a refund to make (product-decisions: "flagged for refund"). */
function cancel(policy: PolicyState): PolicyState {
  return { ...policy, status: 'CANCELED', cancellationRequest: null, refundDueCents: policy.paidCents };
}

/**
 * The next state of a policy after an event, or a `DomainError` saying why not. Pure: the caller
 * stores the result, writes the transaction log and sends the emails.
 */
/**
 * The table's refusal of an event in a status, as the error `transition` throws; nothing when the
 * table allows it. Lets a caller refuse on the status before it writes anything else (a payment's
 * reference is only worth checking on a policy that can take a payment).
 */
export function transitionRefusal(status: PolicyStatus, event: PolicyEventType): DomainError | null {
  if (isTransitionAllowed(status, event)) return null;
  return new DomainError(POLICY_ERROR_CODES.INVALID_TRANSITION, `A policy that is ${status} cannot ${EVENT_VERB[event]}`);
}

export function transition(policy: PolicyState, event: PolicyEvent): PolicyState {
  const refusal = transitionRefusal(policy.status, event.type);
  if (refusal) throw refusal;
  switch (event.type) {
    case 'PAYMENT_RECORDED': {
      const amount = positiveCents(event.amountCents, 'A payment');
      const late = latePaymentRefusal(event.paidOn, event.season);
      if (late) refuse(POLICY_ERROR_CODES.PAYMENT_DEADLINE_PASSED, late);
      const outstanding = policy.payableCents - policy.paidCents;
      if (amount > outstanding) {
        refuse(
          POLICY_ERROR_CODES.INVALID_PAYMENT,
          `The payment of ${formatMoney(amount)} is more than the ${formatMoney(outstanding)} still due`,
        );
      }
      const paidCents = policy.paidCents + amount;
      if (paidCents < policy.payableCents) return { ...policy, paidCents };
      return { ...policy, paidCents, type: 'ACTUAL', status: 'ISSUED', cancellationRequest: null };
    }
    case 'SEASON_STARTED':
      return { ...policy, status: 'EVENT_MONITORING' };
    case 'STORM_TRIGGERED':
      if (policy.paidOutCents >= policy.coverageCents) refuse(POLICY_ERROR_CODES.PAYOUT_ABOVE_COVERAGE, fullyPaidOutMessage());
      return { ...policy, status: stormTriggeredStatus(policy.status)!, pendingPayouts: policy.pendingPayouts + 1 };
    case 'PAYOUT_PAID': {
      if (policy.pendingPayouts <= 0) refuse(POLICY_ERROR_CODES.INVALID_TRANSITION, 'This policy has no payout waiting for its wire transfer');
      const amount = positiveCents(event.amountCents, 'A payout');
      const remaining = policy.coverageCents - policy.paidOutCents;
      if (amount > remaining) {
        refuse(
          POLICY_ERROR_CODES.PAYOUT_ABOVE_COVERAGE,
          `A payout of ${formatMoney(amount)} would exceed 100% of the coverage: ${formatMoney(remaining)} remains`,
        );
      }
      const counts = { pendingPayouts: policy.pendingPayouts - 1, unacknowledgedPayouts: policy.unacknowledgedPayouts + 1 };
      // An expired policy stays expired: the wire only settles the payout of a storm of its term.
      const status = policy.status === 'EXPIRED' ? 'EXPIRED' : payoutStatus(counts)!;
      return { ...policy, ...counts, status, paidOutCents: policy.paidOutCents + amount };
    }
    case 'PAYOUT_ACKNOWLEDGED': {
      if (policy.unacknowledgedPayouts <= 0) refuse(POLICY_ERROR_CODES.INVALID_TRANSITION, 'This policy has no paid payout waiting for acknowledgement');
      const counts = { pendingPayouts: policy.pendingPayouts, unacknowledgedPayouts: policy.unacknowledgedPayouts - 1 };
      // An expired policy stays expired: the acknowledgement only closes the payout.
      const status = policy.status === 'EXPIRED' ? 'EXPIRED' : (payoutStatus(counts) ?? 'PAYOUT_ACKNOWLEDGED');
      return { ...policy, ...counts, status };
    }
    case 'MONITORING_RESUMED':
      if (policy.paidOutCents >= policy.coverageCents) refuse(POLICY_ERROR_CODES.PAYOUT_ABOVE_COVERAGE, fullyPaidOutMessage());
      return { ...policy, status: 'EVENT_MONITORING' };
    case 'COVER_ENDED':
      return { ...policy, status: 'EXPIRED' };
    case 'PAYMENT_DEADLINE_PASSED':
      return cancel(policy);
    case 'CANCELLATION_REQUESTED': {
      const reason = typeof event.reason === 'string' ? event.reason.trim() : '';
      if (reason === '') refuse(POLICY_ERROR_CODES.CANCELLATION_REASON_REQUIRED, CANCELLATION_MESSAGES.reasonRequired);
      if (policy.cancellationRequest) refuse(POLICY_ERROR_CODES.INVALID_TRANSITION, CANCELLATION_MESSAGES.alreadyRequested);
      return { ...policy, cancellationRequest: { reason } };
    }
    case 'CANCELLATION_APPROVED':
      if (!policy.cancellationRequest) refuse(POLICY_ERROR_CODES.INVALID_TRANSITION, CANCELLATION_MESSAGES.nothingToApprove);
      return cancel(policy);
    case 'CANCELLATION_REJECTED':
      if (!policy.cancellationRequest) refuse(POLICY_ERROR_CODES.INVALID_TRANSITION, CANCELLATION_MESSAGES.nothingToReject);
      return { ...policy, cancellationRequest: null };
  }
}

/**
 * The event the server should apply straight after a transition, or null. Only the return to
 * monitoring after an acknowledgement is automatic, and only while payouts are below coverage;
 * fully paid out, the policy rests in PAYOUT_ACKNOWLEDGED until the cover ends.
 */
export function followUpEvent(policy: PolicyState): PolicyEvent | null {
  if (policy.status === 'PAYOUT_ACKNOWLEDGED' && policy.paidOutCents < policy.coverageCents) {
    return { type: 'MONITORING_RESUMED' };
  }
  return null;
}

/** Part 2 section 4: cancel is offered on a provisional policy; ours: not twice. */
export function canRequestCancellation(policy: Pick<PolicyState, 'status' | 'cancellationRequest'>): boolean {
  return isTransitionAllowed(policy.status, 'CANCELLATION_REQUESTED') && policy.cancellationRequest === null;
}

export const POLICY_LISTS = ['actual', 'provisional', 'archived'] as const;
export type PolicyList = (typeof POLICY_LISTS)[number];

/**
 * The my-policies list filters, as part 2 section 7 states them. Since only provisional policies
 * can be canceled and only actual ones expire, every policy the machine can reach is in exactly
 * one list.
 */
export const POLICY_LIST_FILTERS: Readonly<
  Record<PolicyList, { type?: PolicyType; statusIn?: readonly PolicyStatus[]; statusNotIn?: readonly PolicyStatus[] }>
> = {
  actual: { type: 'ACTUAL', statusNotIn: ['EXPIRED'] },
  provisional: { type: 'PROVISIONAL', statusIn: ['PAYMENT_PENDING'] },
  archived: { statusIn: ARCHIVED_STATUSES },
};

export function isInPolicyList(list: PolicyList, policy: Pick<PolicyState, 'type' | 'status'>): boolean {
  const filter = POLICY_LIST_FILTERS[list];
  if (filter.type !== undefined && policy.type !== filter.type) return false;
  if (filter.statusIn && !filter.statusIn.includes(policy.status)) return false;
  if (filter.statusNotIn && filter.statusNotIn.includes(policy.status)) return false;
  return true;
}
