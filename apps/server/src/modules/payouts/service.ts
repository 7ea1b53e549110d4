import { DomainError, ownRecordRefusal, POLICY_ERROR_CODES } from '@fhp/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, policies } from '../../db/schema';
import { userInputError } from '../../graphql/errors';
import { type Actor, applyPolicyEvent, isUuid, type LifecycleDeps, lockPolicy } from '../lifecycle';
import { queueWiredText } from './texts';

/**
 * Payouts as data and service (issue 7): the trigger engine creates them, and only it (decision
 * 141: the demo seed and the tests too, with tracks); an admin records the wire, the holder
 * acknowledges. Each step goes through the policy's state machine with its log and ledger entries.
 */

export type PayoutRow = typeof payouts.$inferSelect;

export const PAYOUT_MESSAGES = {
  unknownPayout: 'This payout was not found', // ours
  notPending: 'Only a pending payout can be recorded as paid', // ours
  notPaid: 'Only a paid payout can be acknowledged', // ours
  alreadyAcknowledged: 'This payout has already been acknowledged', // ours
  wireReferenceRequired: 'The wire transfer reference is required', // ours
} as const;

function refuse(message: string): never {
  throw new DomainError(POLICY_ERROR_CODES.INVALID_TRANSITION, message);
}

async function lockPayout(tx: Db, payoutId: string): Promise<PayoutRow> {
  const [row] = isUuid(payoutId) ? await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update') : [];
  if (!row) refuse(PAYOUT_MESSAGES.unknownPayout);
  return row;
}

/**
 * An admin recorded the wire: payout PAID, policy PAYOUT_CONFIRMATION (PAYOUT_PAID), capped at the
 * coverage. The holder's verified phone gets a text in the same transaction (issue 20 item 9);
 * `notify: false` (the demo seed) records a wire nobody is told about, nor reminded of.
 */
export async function recordPayoutWire(
  deps: Pick<LifecycleDeps, 'db' | 'ledger' | 'deliveries'>,
  input: { payoutId: string; wireReference: string; notify?: boolean },
  actor: Actor,
): Promise<PayoutRow> {
  const wireReference = typeof input.wireReference === 'string' ? input.wireReference.trim() : '';
  if (wireReference === '') refuse(PAYOUT_MESSAGES.wireReferenceRequired);
  const notify = input.notify ?? true;
  let texted = false;
  const result = await deps.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, input.payoutId);
    const row = await lockPolicy(tx, { id: payout.policyId });
    // Duties: an admin who holds the policy does not record its payout's wire.
    const own = ownRecordRefusal('payoutWire', actor.performedBy, row!.ownerId);
    if (own) throw userInputError(own, 'FORBIDDEN');
    if (payout.status !== 'PENDING') refuse(PAYOUT_MESSAGES.notPending);
    let paid: PayoutRow | undefined;
    await applyPolicyEvent(tx, deps.ledger, row!, { type: 'PAYOUT_PAID', amountCents: payout.amountCents }, actor, {
      txnId: payout.id,
      // The wire reference is a bank detail: it stays in the payouts table, not the log or the ledger.
      payload: { payoutId: payout.id, amountCents: payout.amountCents },
      ledgerData: { percent: payout.percent },
      alsoWrite: async (db) => {
        [paid] = await db
          .update(payouts)
          .set({ status: 'PAID', wireReference, paidAt: actor.at, ...(notify ? {} : { ackReminderQueuedAt: actor.at }) })
          .where(eq(payouts.id, payout.id))
          .returning();
      },
    });
    if (notify) texted = await queueWiredText(tx, deps.deliveries, paid!);
    return paid!;
  });
  if (texted) deps.deliveries.kick();
  return result;
}

/**
 * The holder confirms receipt of several payouts at once, all or none. Every lock is taken in one
 * order whatever order the client listed the ids in: the payouts by id, then their policies by
 * policy number (as the trigger engine locks policies), and the ledger head last (each event's
 * append). Locking them one payout after another, as the list came, deadlocked two requests that
 * listed the same payouts in opposite orders, and a request holding the ledger head while it
 * waited for its next payout deadlocked any other acknowledgement of that payout.
 */
export async function acknowledgePayouts(
  deps: Pick<LifecycleDeps, 'db' | 'ledger'>,
  input: { payoutIds: readonly string[]; holderId: string },
  actor: Actor,
): Promise<PayoutRow[]> {
  const ids = [...new Set(input.payoutIds)].sort();
  if (!ids.every(isUuid)) refuse(PAYOUT_MESSAGES.unknownPayout);
  return deps.db.transaction(async (tx) => {
    // Only the holder's own: someone else's payout is neither locked nor told apart from a missing one.
    const own = tx.select({ id: policies.id }).from(policies).where(eq(policies.ownerId, input.holderId));
    const locked = await tx
      .select({ id: payouts.id, policyId: payouts.policyId })
      .from(payouts)
      .where(and(inArray(payouts.id, ids), inArray(payouts.policyId, own)))
      .orderBy(asc(payouts.id))
      .for('update');
    if (locked.length !== ids.length) refuse(PAYOUT_MESSAGES.unknownPayout);
    const policyIds = [...new Set(locked.map((payout) => payout.policyId))];
    await tx.select({ id: policies.id }).from(policies).where(inArray(policies.id, policyIds)).orderBy(asc(policies.policyNumber)).for('update');
    // Each acknowledgement reads its rows again under the locks held (no wait), in a savepoint.
    const acknowledged: PayoutRow[] = [];
    for (const payoutId of ids) acknowledged.push(await acknowledgePayout({ ...deps, db: tx }, { payoutId, holderId: input.holderId }, actor));
    return acknowledged;
  });
}

/**
 * The holder confirms receipt: PAYOUT_ACKNOWLEDGED, then (the machine's follow-up) back to
 * EVENT_MONITORING while less than 100% of the coverage has been paid out. Several at once go
 * through `acknowledgePayouts`, which takes their locks in order first.
 */
export async function acknowledgePayout(
  deps: Pick<LifecycleDeps, 'db' | 'ledger'>,
  input: { payoutId: string; holderId: string },
  actor: Actor,
): Promise<PayoutRow> {
  return deps.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, input.payoutId);
    const row = await lockPolicy(tx, { id: payout.policyId });
    // Someone else's payout reads like a missing one.
    if (!row || row.ownerId !== input.holderId) refuse(PAYOUT_MESSAGES.unknownPayout);
    if (payout.acknowledgedAt) refuse(PAYOUT_MESSAGES.alreadyAcknowledged);
    if (payout.status !== 'PAID') refuse(PAYOUT_MESSAGES.notPaid);
    let acknowledged: PayoutRow | undefined;
    await applyPolicyEvent(tx, deps.ledger, row, { type: 'PAYOUT_ACKNOWLEDGED' }, actor, {
      txnId: payout.id,
      payload: { payoutId: payout.id, amountCents: payout.amountCents },
      valueCents: payout.amountCents,
      alsoWrite: async (db) => {
        [acknowledged] = await db.update(payouts).set({ acknowledgedAt: actor.at }).where(eq(payouts.id, payout.id)).returning();
      },
    });
    return acknowledged!;
  });
}
