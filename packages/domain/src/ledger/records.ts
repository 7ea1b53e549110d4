import { type LedgerEntryKind, type LedgerPayload } from './chain';
import { STORM_TRIGGER_TARGET, type PolicyStatus } from '../policy/status';

/**
 * What the ledger must say about a business row (product-decisions "Proof ledger": the ledger
 * proves the money, not only itself). Each builder below is used twice: by the code that appends
 * the entry (so the entry is made from the row's values) and by `ledger:verify`, which rebuilds the
 * record from the row as it is now and compares it with the entry. A row changed behind the app's
 * back (a payout raised by EC$1) then no longer matches what the ledger recorded.
 *
 * A record names only the members the row decides. An entry may carry more in its `data` (what the
 * event was, a status before and after): those are not compared, so adding a member to an entry
 * never makes older entries fail.
 */
export interface LedgerRecord {
  kind: LedgerEntryKind;
  txnId: string;
  valueCents: number | null;
  data: { [key: string]: string | number };
}

/** A premium payment as its `payments` row says it (txnId: the payment's id). */
export function paymentRecord(payment: {
  paymentId: string;
  policyNumber: string;
  amountCents: number;
  receiptNumber: string;
  channel: string;
  paidOn: string;
}): LedgerRecord {
  return {
    kind: 'PAYMENT_RECORDED',
    txnId: payment.paymentId,
    valueCents: payment.amountCents,
    data: { policyNumber: payment.policyNumber, receiptNumber: payment.receiptNumber, channel: payment.channel, paidOn: payment.paidOn },
  };
}

/** A payout as its `payouts` row says it when it was created (txnId: the payout's id). */
export function payoutCreatedRecord(payout: {
  payoutId: string;
  policyNumber: string;
  /** Null: a payout made by hand (recorded as "manual"). */
  stormRef: string | null;
  percent: number;
  contractPercent: number;
  amountCents: number;
}): LedgerRecord {
  return {
    kind: 'PAYOUT_CREATED',
    txnId: payout.payoutId,
    valueCents: payout.amountCents,
    data: { policyNumber: payout.policyNumber, storm: payout.stormRef ?? 'manual', percent: payout.percent, contractPercent: payout.contractPercent },
  };
}

/** A payout's wire (PAYOUT_PAID) and the holder's receipt (PAYOUT_ACKNOWLEDGED): the same amount, the same payout. */
export function payoutStepRecord(kind: 'PAYOUT_PAID' | 'PAYOUT_ACKNOWLEDGED', payout: { payoutId: string; policyNumber: string; amountCents: number }): LedgerRecord {
  return { kind, txnId: payout.payoutId, valueCents: payout.amountCents, data: { policyNumber: payout.policyNumber } };
}

/** The contract as its `policies` row says it once issued (txnId: the policy number). */
export function policyIssuedRecord(policy: { policyNumber: string; coverageCents: number; country: string; optionId: string; seasonYear: number }): LedgerRecord {
  return {
    kind: 'POLICY_ISSUED',
    txnId: policy.policyNumber,
    valueCents: policy.coverageCents,
    data: { policyNumber: policy.policyNumber, country: policy.country, option: policy.optionId, seasonYear: policy.seasonYear },
  };
}

/** The members of `record` that `payload` says otherwise, as `valueCents` or `data.<name>`; empty when it agrees. */
export function recordDifferences(record: LedgerRecord, payload: Pick<LedgerPayload, 'kind' | 'txnId' | 'valueCents' | 'data'>): string[] {
  const differences: string[] = [];
  if (payload.kind !== record.kind) differences.push('kind');
  if (payload.txnId !== record.txnId) differences.push('txnId');
  if (payload.valueCents !== record.valueCents) differences.push('valueCents');
  const data = (payload.data ?? {}) as Record<string, unknown>;
  for (const key in record.data) if (data[key] !== record.data[key]) differences.push(`data.${key}`);
  return differences;
}

/** A policy's status before any entry is about it: bought, nothing paid yet (the ledger starts at the first payment). */
export const LEDGER_INITIAL_POLICY_STATUS: PolicyStatus = 'PAYMENT_PENDING';

/**
 * The policy status an entry leaves its policy in, or undefined when it says nothing about it.
 * Entries written through the state machine carry `data.to`; the trigger engine's PAYOUT_CREATED,
 * written for many policies at once, moves its policy to the storm trigger's status.
 */
export function policyStatusAfter(payload: Pick<LedgerPayload, 'kind' | 'data'>): string | undefined {
  const to = (payload.data as Record<string, unknown> | undefined)?.to;
  if (typeof to === 'string') return to;
  return payload.kind === 'PAYOUT_CREATED' ? STORM_TRIGGER_TARGET : undefined;
}
