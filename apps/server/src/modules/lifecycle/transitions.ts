import {
  CANCELLATION_CLOSED_NOTES,
  followUpEvent,
  LEDGER_ACCOUNTS,
  policyIssuedRecord,
  transition,
  type LedgerEntryKind,
  type PolicyEvent,
  type PolicyEventType,
  type PolicyState,
  type PolicyStatus,
} from '@fhp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cancellationRequests, payouts, policies } from '../../db/schema';
import { appendTransaction, type Ledger, type LedgerEntryRow, type NewLedgerEntry, TXN_TYPES, type TxnLocation } from '../audit';
import type { PolicyRow } from './repository';

/**
 * The one way a stored policy changes (issue 7): load and lock the row, ask the domain's state
 * machine (`transition`, then `followUpEvent`), store the result, and write the transaction log and
 * the proof ledger in the caller's transaction. Nothing here sets a status by hand; emails are the
 * caller's, after its commit.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from callers: anything that is not a uuid is "not found", never a database error. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Who made the change and where; `performedBy` null is the system (a scheduled job). */
export interface Actor {
  performedBy: string | null;
  location: TxnLocation;
  at: Date;
}

export interface OpenPayouts {
  pendingPayouts: number;
  unacknowledgedPayouts: number;
}

/** The machine's view of a stored policy; `pending` is the open cancellation request, if any. */
export function policyState(row: PolicyRow, pending: { reason: string } | null, open: OpenPayouts): PolicyState {
  return {
    type: row.type,
    status: row.status,
    payableCents: row.discountedPremiumCents ?? row.premiumCents,
    paidCents: row.paidCents,
    coverageCents: row.coverageCents,
    paidOutCents: row.paidOutCents,
    ...open,
    cancellationRequest: pending,
    refundDueCents: row.refundDueCents,
  };
}

/** The policy row, locked until the caller's transaction ends (payments, jobs and decisions queue on it). */
export async function lockPolicy(tx: Db, where: { id: string } | { policyNumber: string }): Promise<PolicyRow | undefined> {
  const condition = 'id' in where ? eq(policies.id, where.id) : eq(policies.policyNumber, where.policyNumber);
  const [row] = await tx.select().from(policies).where(condition).for('update');
  return row;
}

/** The policy's payouts still waiting for their wire, and those wired but not acknowledged. */
export async function openPayouts(tx: Db, policyId: string): Promise<OpenPayouts> {
  const [row] = await tx
    .select({
      pendingPayouts: sql<number>`count(*) filter (where ${payouts.status} = 'PENDING')::int`,
      unacknowledgedPayouts: sql<number>`count(*) filter (where ${payouts.status} = 'PAID' and ${payouts.acknowledgedAt} is null)::int`,
    })
    .from(payouts)
    .where(eq(payouts.policyId, policyId));
  return { pendingPayouts: Number(row?.pendingPayouts ?? 0), unacknowledgedPayouts: Number(row?.unacknowledgedPayouts ?? 0) };
}

export async function pendingCancellation(tx: Db, policyId: string) {
  const [row] = await tx
    .select()
    .from(cancellationRequests)
    .where(and(eq(cancellationRequests.policyId, policyId), eq(cancellationRequests.status, 'PENDING')));
  return row;
}

/** The timeline's words for each event (the log's `action`). */
export const ACTIONS: Readonly<Record<PolicyEventType, string>> = {
  PAYMENT_RECORDED: 'Payment recorded',
  SEASON_STARTED: 'Event monitoring started',
  STORM_TRIGGERED: 'Hurricane occurred: payout intimated',
  PAYOUT_PAID: 'Payout sent',
  PAYOUT_ACKNOWLEDGED: 'Payout acknowledged',
  MONITORING_RESUMED: 'Event monitoring resumed',
  COVER_ENDED: 'Policy expired',
  PAYMENT_DEADLINE_PASSED: 'Policy canceled: premium not paid by the deadline',
  CANCELLATION_REQUESTED: 'Cancellation requested',
  CANCELLATION_APPROVED: 'Cancellation approved: policy canceled',
  CANCELLATION_REJECTED: 'Cancellation request rejected',
};

/** The ledger kind an event's entry has; null: the event changes nothing a ledger proves. */
const LEDGER_KIND: Readonly<Record<PolicyEventType, LedgerEntryKind | null>> = {
  PAYMENT_RECORDED: 'PAYMENT_RECORDED',
  SEASON_STARTED: 'POLICY_STATUS_CHANGED',
  STORM_TRIGGERED: 'TRIGGER_EVENT',
  PAYOUT_PAID: 'PAYOUT_PAID',
  PAYOUT_ACKNOWLEDGED: 'PAYOUT_ACKNOWLEDGED',
  MONITORING_RESUMED: 'POLICY_STATUS_CHANGED',
  COVER_ENDED: 'POLICY_STATUS_CHANGED',
  PAYMENT_DEADLINE_PASSED: 'POLICY_CANCELED',
  // A request or its rejection moves no money and no cover: the log records it, the ledger does not.
  CANCELLATION_REQUESTED: null,
  CANCELLATION_APPROVED: 'POLICY_CANCELED',
  CANCELLATION_REJECTED: null,
};

export interface EventDetails {
  /** Extra facts for the log's payload (never document contents, codes or bank details). */
  payload?: Record<string, unknown>;
  /** The record the event's ledger entry is about when it is not the policy (a payment, a payout id). */
  txnId?: string;
  /** Money the entry moves, when it is not the event's own amount. */
  valueCents?: number | null;
  /** Non-personal facts for the ledger entry (strings and integers only). */
  ledgerData?: Record<string, string | number>;
  /** Entries to append after the event's own (PAYOUT_CREATED beside a TRIGGER_EVENT). */
  extraLedger?: NewLedgerEntry[];
  /** Writes that belong to the event (a request's row, a payout's status), run before the ledger appends. */
  alsoWrite?: (tx: Db) => Promise<void>;
}

export interface AppliedEvent {
  before: PolicyState;
  after: PolicyState;
  row: PolicyRow;
  /** Every transition applied (the event, then a follow-up), in order. */
  steps: { event: PolicyEvent; from: PolicyStatus; to: PolicyStatus }[];
  /** The ledger entries appended, in order; the POLICY_ISSUED one when the contract was issued. */
  ledger: LedgerEntryRow[];
  issued: LedgerEntryRow | null;
}

function eventValue(event: PolicyEvent): number | null {
  return 'amountCents' in event ? event.amountCents : null;
}

/**
 * Applies `event` (and the machine's follow-up) to a locked policy row inside `tx`: updates the row,
 * writes one log entry per step and appends the ledger entries as the transaction's last statements.
 * A refused event throws the domain's `DomainError` (its sentence reaches the customer) and the
 * caller's transaction rolls back.
 */
export async function applyPolicyEvent(
  tx: Db,
  ledger: Ledger,
  row: PolicyRow,
  event: PolicyEvent,
  actor: Actor,
  details: EventDetails = {},
): Promise<AppliedEvent> {
  const pending = await pendingCancellation(tx, row.id);
  const before = policyState(row, pending ? { reason: pending.reason } : null, await openPayouts(tx, row.id));
  const steps: AppliedEvent['steps'] = [];
  let after = transition(before, event);
  steps.push({ event, from: before.status, to: after.status });
  const followUp = followUpEvent(after);
  if (followUp) {
    const from = after.status;
    after = transition(after, followUp);
    steps.push({ event: followUp, from, to: after.status });
  }

  const becameIssued = before.status !== 'ISSUED' && steps.some((step) => step.to === 'ISSUED');
  const [updated] = await tx
    .update(policies)
    .set({
      type: after.type,
      status: after.status,
      paidCents: after.paidCents,
      paidOutCents: after.paidOutCents,
      refundDueCents: after.refundDueCents,
      ...(after.status !== before.status ? { statusChangedAt: actor.at } : {}),
      ...(becameIssued ? { issuedAt: actor.at } : {}),
    })
    .where(eq(policies.id, row.id))
    .returning();
  if (!updated) throw new Error(`Policy ${row.policyNumber} vanished while locked`);
  // A request still pending when the provisional policy ends (paid in full, canceled at the
  // deadline) ends with it, in this transaction: it can no longer be approved or rejected.
  const closesRequest = pending !== undefined && after.cancellationRequest === null && event.type in CANCELLATION_CLOSED_NOTES;
  if (closesRequest) {
    await tx
      .update(cancellationRequests)
      .set({ status: 'CLOSED', decidedBy: actor.performedBy, decidedAt: actor.at, comment: CANCELLATION_CLOSED_NOTES[event.type as keyof typeof CANCELLATION_CLOSED_NOTES] })
      .where(eq(cancellationRequests.id, pending!.id));
  }

  const holder = ledger.accountOf(row.ownerId);
  const entries: NewLedgerEntry[] = [];
  for (const [index, step] of steps.entries()) {
    await appendTransaction(tx, {
      ownerId: row.ownerId,
      performedBy: actor.performedBy,
      type: TXN_TYPES.POLICY_PURCHASE_FLOW,
      action: ACTIONS[step.event.type],
      payload: {
        policyNumber: row.policyNumber,
        event: step.event.type,
        from: step.from,
        to: step.to,
        ...(index === 0 ? details.payload : {}),
        ...(index === 0 && closesRequest ? { cancellationRequestClosed: true } : {}),
      },
      txnSetId: row.policyNumber,
      location: actor.location,
      at: actor.at,
    });
    const kind = LEDGER_KIND[step.event.type];
    if (kind === null) continue;
    const first = index === 0;
    const moneyIn = kind === 'PAYMENT_RECORDED';
    const moneyOut = kind === 'PAYOUT_PAID';
    entries.push({
      kind,
      txnId: first && details.txnId ? details.txnId : row.policyNumber,
      from: moneyIn ? holder : moneyOut ? LEDGER_ACCOUNTS.payouts : LEDGER_ACCOUNTS.cover,
      to: moneyIn ? LEDGER_ACCOUNTS.premiums : holder,
      valueCents: first && details.valueCents !== undefined ? details.valueCents : first ? eventValue(step.event) : null,
      data: { policyNumber: row.policyNumber, from: step.from, to: step.to, ...(first ? details.ledgerData : {}) },
      at: actor.at,
    });
  }
  if (becameIssued) {
    // The record ledger:verify rebuilds from the row (decision 135), plus what was paid by then.
    const record = policyIssuedRecord(row);
    entries.push({ ...record, from: LEDGER_ACCOUNTS.cover, to: holder, data: { ...record.data, premiumPaidCents: after.paidCents }, at: actor.at });
  }
  entries.push(...(details.extraLedger ?? []));
  await details.alsoWrite?.(tx);

  // Last statements of the transaction: the ledger head stays locked only until the commit.
  const appended: LedgerEntryRow[] = [];
  for (const entry of entries) appended.push(await ledger.append(tx, entry));
  return {
    before,
    after,
    row: updated,
    steps,
    ledger: appended,
    issued: becameIssued ? (appended.find((entry) => entry.kind === 'POLICY_ISSUED') ?? null) : null,
  };
}
