import {
  cancellationDecisionSchema,
  CANCELLATION_MESSAGES,
  cancelPolicyInputSchema,
  formatReceiptNumber,
  moneyView,
  ownRecordRefusal,
  subject,
  type AppAbility,
  type MoneyView,
} from '@fhp/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cancellationRequests, payments, policies, users } from '../../db/schema';
import { parseInput, userInputError } from '../../graphql/errors';
import { findUserById, forbidden, fullName } from '../identity';
import type { LifecycleDeps } from './deps';
import { cancellationDecisionEmail } from './emails';
import { applyPolicyEvent, isUuid, lockPolicy, pendingCancellation } from './transitions';
import { isUniqueViolation } from './repository';
import { TXN_LOCATIONS } from '../audit';

export const CANCELLATION_CODES = { NOT_FOUND: 'NOT_FOUND' } as const;

const notFound = () => userInputError(CANCELLATION_MESSAGES.unknownPolicy, CANCELLATION_CODES.NOT_FOUND);

/** The spec's cancelPolicy answer. */
export interface CancelPolicyResult {
  policyNumber: string;
  policyId: string;
  status: string;
}

/**
 * `cancelPolicy(policyId, reason)`: the holder asks to cancel their own provisional policy. The
 * machine's CANCELLATION_REQUESTED refuses anything but a PAYMENT_PENDING policy (and a second
 * request) with its sentence; the request is stored PENDING for an admin, the status stays.
 * Someone else's policy answers like a missing one.
 */
export async function requestCancellation(deps: LifecycleDeps, caller: { userId: string; ability: AppAbility }, input: unknown): Promise<CancelPolicyResult> {
  const values = parseInput(cancelPolicyInputSchema, input);
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await lockPolicy(tx, { id: values.policyId });
      if (!row || !caller.ability.can('read', subject('Policy', { ownerId: row.ownerId }))) throw notFound();
      // Only the holder asks: an administrator may read the policy but not request for the holder.
      if (row.ownerId !== caller.userId || !caller.ability.can('update', subject('Policy', { ownerId: row.ownerId }))) throw forbidden();
      const applied = await applyPolicyEvent(
        tx,
        deps.ledger,
        row,
        { type: 'CANCELLATION_REQUESTED', reason: values.reason },
        { performedBy: caller.userId, location: TXN_LOCATIONS.portal, at: now },
        {
          payload: { reasonLength: values.reason.length },
          alsoWrite: async (db) => {
            await db.insert(cancellationRequests).values({ policyId: row.id, reason: values.reason, requestedBy: caller.userId, requestedAt: now, status: 'PENDING' });
          },
        },
      );
      return { policyNumber: row.policyNumber, policyId: row.id, status: applied.after.status };
    });
  } catch (error) {
    // Two requests at once: the partial unique index keeps one; the other reads as a repeat.
    if (isUniqueViolation(error)) throw userInputError(CANCELLATION_MESSAGES.alreadyRequested);
    throw error;
  }
}

export interface CancellationRequestView {
  policyId: string;
  policyNumber: string;
  /** The holder: staff who hold the policy see "Yours" and cannot decide it. */
  ownerId: string;
  holderName: string;
  status: string;
  reason: string;
  requestedAt: string;
  paid: MoneyView;
  payable: MoneyView;
  receipts: string[];
}

/** The admin's list: every PENDING request, oldest first. */
export async function pendingCancellationRequests(deps: Pick<LifecycleDeps, 'db'>, ability: AppAbility): Promise<CancellationRequestView[]> {
  if (!ability.can('read', 'Cancellation')) throw forbidden();
  const rows = await deps.db
    .select({ request: cancellationRequests, policy: policies, holder: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(cancellationRequests)
    .innerJoin(policies, eq(policies.id, cancellationRequests.policyId))
    .innerJoin(users, eq(users.id, policies.ownerId))
    .where(eq(cancellationRequests.status, 'PENDING'))
    .orderBy(asc(cancellationRequests.requestedAt));
  const sequences = rows.length
    ? await deps.db
        .select({ policyId: payments.policyId, sequence: payments.sequence })
        .from(payments)
        .where(inArray(payments.policyId, rows.map((row) => row.policy.id)))
    : [];
  return rows.map(({ request, policy, holder }) => ({
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    ownerId: policy.ownerId,
    holderName: fullName(holder),
    status: policy.status,
    reason: request.reason,
    requestedAt: request.requestedAt.toISOString(),
    paid: moneyView(policy.paidCents),
    payable: moneyView(policy.discountedPremiumCents ?? policy.premiumCents),
    receipts: sequences.filter((p) => p.policyId === policy.id).map((p) => formatReceiptNumber(p.sequence)),
  }));
}

/**
 * An admin approves (CANCELED, what was paid flagged for refund) or rejects (a comment for the
 * holder; the policy stays where it was) a pending request, through the state machine, which
 * refuses a decision without a request with its sentence. The holder is emailed either way, the
 * email queued with the decision (decision 085).
 */
export async function decideCancellation(
  deps: LifecycleDeps,
  caller: { userId: string; ability: AppAbility },
  policyId: string,
  input: unknown,
): Promise<CancelPolicyResult> {
  if (!caller.ability.can('update', 'Cancellation')) throw forbidden();
  const decision = parseInput(cancellationDecisionSchema, input);
  const now = deps.clock();
  const approved = decision.decision === 'APPROVE';
  const comment = decision.comment?.trim() ? decision.comment.trim() : null;
  const result = await deps.db.transaction(async (tx) => {
    const row = isUuid(policyId) ? await lockPolicy(tx, { id: policyId }) : undefined;
    if (!row) throw notFound();
    // Duties: an admin who holds this policy does not decide its cancellation.
    const own = ownRecordRefusal('cancellation', caller.userId, row.ownerId);
    if (own) throw userInputError(own, 'FORBIDDEN');
    const request = await pendingCancellation(tx, row.id);
    const closeRequest = async (db: Db) => {
      if (!request) return;
      await db
        .update(cancellationRequests)
        .set({ status: approved ? 'APPROVED' : 'REJECTED', decidedBy: caller.userId, decidedAt: now, comment })
        .where(eq(cancellationRequests.id, request.id));
    };
    // Without a request the machine refuses: "There is no cancellation request to approve".
    const applied = await applyPolicyEvent(
      tx,
      deps.ledger,
      row,
      approved ? { type: 'CANCELLATION_APPROVED' } : { type: 'CANCELLATION_REJECTED' },
      { performedBy: caller.userId, location: TXN_LOCATIONS.backOffice, at: now },
      approved
        ? {
            payload: { refundDueCents: row.paidCents, ...(comment ? { comment } : {}) },
            valueCents: row.paidCents,
            ledgerData: { reason: 'HOLDER_REQUEST', refundDueCents: row.paidCents },
            alsoWrite: closeRequest,
          }
        : { payload: { comment }, alsoWrite: closeRequest },
    );
    const owner = await findUserById(tx, row.ownerId);
    if (owner) {
      const email = cancellationDecisionEmail({
        holderName: fullName(owner),
        policyNumber: row.policyNumber,
        approved,
        comment,
        refundDueCents: applied.after.refundDueCents,
      });
      await deps.deliveries.enqueue(tx, [{ channel: 'email', to: owner.email, kind: 'cancellation decision email', ...email }]);
    }
    return { row, applied };
  });
  deps.deliveries.kick();
  return { policyNumber: result.row.policyNumber, policyId: result.row.id, status: result.applied.after.status };
}
