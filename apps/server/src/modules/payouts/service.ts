import { cappedTermPercent, DomainError, LEDGER_ACCOUNTS, payoutAmountCents, payoutCreatedRecord, POLICY_ERROR_CODES } from '@fhp/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, policies } from '../../db/schema';
import { type Actor, applyPolicyEvent, isUniqueViolation, isUuid, type LifecycleDeps, lockPolicy } from '../lifecycle';

/**
 * Payouts as data and service (issue 7): the trigger engine creates them, an admin records the
 * wire, the holder acknowledges. Each step goes through the policy's state machine with its log and
 * ledger entries; the screens and GraphQL come with the trigger engine and the customer area.
 */

export type PayoutRow = typeof payouts.$inferSelect;

export const PAYOUT_MESSAGES = {
  duplicateStorm: 'This storm has already created a payout for this policy', // ours
  nothingLeft: "This policy's coverage has been paid out in full", // ours
  unknownPayout: 'This payout was not found', // ours
  notPending: 'Only a pending payout can be recorded as paid', // ours
  notPaid: 'Only a paid payout can be acknowledged', // ours
  alreadyAcknowledged: 'This payout has already been acknowledged', // ours
  wireReferenceRequired: 'The wire transfer reference is required', // ours
} as const;

function refuse(message: string): never {
  throw new DomainError(POLICY_ERROR_CODES.INVALID_TRANSITION, message);
}

/** What the policy's payouts so far come to: cents and percent of the coverage (a policy is one term). */
async function createdSoFar(tx: Db, policyId: string): Promise<{ cents: number; percents: number[] }> {
  const rows = await tx.select({ amountCents: payouts.amountCents, percent: payouts.percent }).from(payouts).where(eq(payouts.policyId, policyId));
  return { cents: rows.reduce((total, row) => total + row.amountCents, 0), percents: rows.map((row) => row.percent) };
}

async function lockPayout(tx: Db, payoutId: string): Promise<PayoutRow> {
  const [row] = isUuid(payoutId) ? await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update') : [];
  if (!row) refuse(PAYOUT_MESSAGES.unknownPayout);
  return row;
}

/**
 * A qualifying storm for one policy (the demo seed and tests; the trigger engine does the same for
 * many policies at once in SQL): STORM_TRIGGERED (to PAYOUT_INTIMATION) and a PENDING payout of
 * `percent` of the coverage, capped at what remains of 100% in the term. The payout records the
 * percent it pays (after the cap) beside the contract's. One payout per storm per policy here.
 */
export async function createPayout(
  deps: Pick<LifecycleDeps, 'db' | 'ledger'>,
  input: { policyId: string; stormRef: string | null; percent: number },
  actor: Actor,
): Promise<PayoutRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await lockPolicy(tx, { id: input.policyId });
      if (!row) refuse('This policy was not found');
      if (input.stormRef !== null) {
        const [existing] = await tx.select().from(payouts).where(and(eq(payouts.policyId, row.id), eq(payouts.stormRef, input.stormRef)));
        if (existing) refuse(PAYOUT_MESSAGES.duplicateStorm);
      }
      const created = await createdSoFar(tx, row.id);
      const percent = cappedTermPercent(created.percents, input.percent);
      const amountCents = percent === 0 ? 0 : payoutAmountCents(row.coverageCents, percent, created.cents);
      if (amountCents === 0) refuse(PAYOUT_MESSAGES.nothingLeft);
      const [payout] = await tx
        .insert(payouts)
        // No notice is owed: this payout is made by hand (the demo seed, tests), and only the trigger
        // engine's payouts are told to their holders (decision 091).
        .values({ policyId: row.id, stormRef: input.stormRef, percent, contractPercent: input.percent, amountCents, status: 'PENDING', createdAt: actor.at, noticeQueuedAt: actor.at })
        .returning();
      const holder = deps.ledger.accountOf(row.ownerId);
      await applyPolicyEvent(tx, deps.ledger, row, { type: 'STORM_TRIGGERED' }, actor, {
        payload: { payoutId: payout!.id, stormRef: input.stormRef, percent, contractPercent: input.percent, amountCents },
        ledgerData: { storm: input.stormRef ?? 'manual', percent },
        extraLedger: [
          {
            // The record ledger:verify rebuilds from the payouts row (decision 135).
            ...payoutCreatedRecord({ payoutId: payout!.id, policyNumber: row.policyNumber, stormRef: input.stormRef, percent, contractPercent: input.percent, amountCents }),
            from: LEDGER_ACCOUNTS.payouts,
            to: holder,
            at: actor.at,
          },
        ],
      });
      return payout!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) refuse(PAYOUT_MESSAGES.duplicateStorm);
    throw error;
  }
}

/** An admin recorded the wire: payout PAID, policy PAYOUT_CONFIRMATION (PAYOUT_PAID), capped at the coverage. */
export async function recordPayoutWire(
  deps: Pick<LifecycleDeps, 'db' | 'ledger'>,
  input: { payoutId: string; wireReference: string },
  actor: Actor,
): Promise<PayoutRow> {
  const wireReference = typeof input.wireReference === 'string' ? input.wireReference.trim() : '';
  if (wireReference === '') refuse(PAYOUT_MESSAGES.wireReferenceRequired);
  return deps.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, input.payoutId);
    const row = await lockPolicy(tx, { id: payout.policyId });
    if (payout.status !== 'PENDING') refuse(PAYOUT_MESSAGES.notPending);
    let paid: PayoutRow | undefined;
    await applyPolicyEvent(tx, deps.ledger, row!, { type: 'PAYOUT_PAID', amountCents: payout.amountCents }, actor, {
      txnId: payout.id,
      // The wire reference is a bank detail: it stays in the payouts table, not the log or the ledger.
      payload: { payoutId: payout.id, amountCents: payout.amountCents },
      ledgerData: { percent: payout.percent },
      alsoWrite: async (db) => {
        [paid] = await db.update(payouts).set({ status: 'PAID', wireReference, paidAt: actor.at }).where(eq(payouts.id, payout.id)).returning();
      },
    });
    return paid!;
  });
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
