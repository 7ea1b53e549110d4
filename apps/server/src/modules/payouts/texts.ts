import { payoutAcknowledgeReminderText, payoutWiredText, PAYOUT_ACKNOWLEDGE_REMINDER_DAYS } from '@fhp/domain';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, policies, storms, users } from '../../db/schema';
import type { JobDefinition } from '../jobs';
import type { LifecycleDeps } from '../lifecycle';

/**
 * The texts of a payout's later steps (issue 20 item 9): the wire, and a reminder to acknowledge it
 * a week later. Only to a verified phone of a holder who still has an account; queued in the
 * transaction of the step (decision 085), so a text is queued once with what it reports. The text
 * of the first step (the storm created the payout) is queued by the storm-notice drain.
 */

type Queue = LifecycleDeps['deliveries'];

interface TextContext {
  policyNumber: string;
  stormName: string | null;
  phone: string | null;
  phoneVerified: boolean;
  deletedAt: Date | null;
}

/** The payout's policy, storm name and holder's phone, read in the step's transaction. */
async function textContext(tx: Db, payoutId: string): Promise<TextContext | undefined> {
  const [row] = await tx
    .select({ policyNumber: policies.policyNumber, stormName: storms.name, phone: users.phone, phoneVerified: users.phoneVerified, deletedAt: users.deletedAt })
    .from(payouts)
    .innerJoin(policies, eq(policies.id, payouts.policyId))
    .innerJoin(users, eq(users.id, policies.ownerId))
    .leftJoin(storms, eq(storms.id, payouts.stormRef))
    .where(eq(payouts.id, payoutId));
  return row;
}

function verifiedPhone(context: TextContext | undefined): string | null {
  return context && context.deletedAt === null && context.phoneVerified && context.phone ? context.phone : null;
}

/** Queues the "wired" text of a payout just recorded as paid, in the wire's transaction; true when one was queued. */
export async function queueWiredText(tx: Db, deliveries: Queue, payout: typeof payouts.$inferSelect): Promise<boolean> {
  const context = await textContext(tx, payout.id);
  const phone = verifiedPhone(context);
  if (!context || !phone || !payout.paidAt) return false;
  const text = payoutWiredText({ policyNumber: context.policyNumber, amountCents: payout.amountCents, stormName: context.stormName, paidAt: payout.paidAt });
  await deliveries.enqueue(tx, [{ channel: 'sms', to: phone, kind: 'payout wired text', text }]);
  return true;
}

const DAY_MS = 86_400_000;
/** In the morning in the islands (the runner's zone), as the instalment reminders. */
const MORNING = '0 8 * * *';

/**
 * A week after the wire, a payout not acknowledged yet gets one text reminding the holder to
 * acknowledge it. Each payout is claimed (`ack_reminder_queued_at` set where still null) in the
 * transaction that queues its text, so two instances or a rerun queue it once. A holder without a
 * verified phone is marked too: the reminder is by text only (the email came with the wire's screen).
 */
export async function queueAcknowledgeReminders(deps: Pick<LifecycleDeps, 'db' | 'deliveries'>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PAYOUT_ACKNOWLEDGE_REMINDER_DAYS * DAY_MS);
  const due = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'PAID'), isNull(payouts.acknowledgedAt), isNull(payouts.ackReminderQueuedAt), lte(payouts.paidAt, cutoff)))
    .orderBy(asc(payouts.paidAt), asc(payouts.id));
  let queued = 0;
  for (const { id } of due) {
    const sent = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(payouts)
        .set({ ackReminderQueuedAt: now })
        .where(and(eq(payouts.id, id), isNull(payouts.ackReminderQueuedAt), isNull(payouts.acknowledgedAt)))
        .returning();
      if (!claimed || !claimed.paidAt) return false;
      const context = await textContext(tx, id);
      const phone = verifiedPhone(context);
      if (!context || !phone) return false;
      const text = payoutAcknowledgeReminderText({ policyNumber: context.policyNumber, amountCents: claimed.amountCents, stormName: context.stormName, paidAt: claimed.paidAt });
      await deps.deliveries.enqueue(tx, [{ channel: 'sms', to: phone, kind: 'payout acknowledge reminder text', text }]);
      return true;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) deps.deliveries.kick();
  return queued;
}

export const payoutAcknowledgeRemindersJob: JobDefinition<LifecycleDeps> = {
  name: 'payout-acknowledge-reminders',
  schedule: MORNING,
  run: ({ deps, now }) => queueAcknowledgeReminders(deps, now),
};

