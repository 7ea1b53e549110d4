import { calendarEvent, localIsoDate, remindersDue, type PolicyEventType, type PolicyStatus } from '@fhp/domain';
import { and, asc, eq, gt, inArray, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instalmentReminders, policies, policyInstalments, seasons } from '../../db/schema';
import { TXN_LOCATIONS } from '../audit';
import { findUserById, fullName } from '../identity';
import type { JobContext, JobDefinition } from '../jobs';
import { issueContract } from './contract';
import type { LifecycleDeps } from './deps';
import { canceledForNonPaymentEmail, reminderEmail, reminderSms } from './emails';
import type { PolicyRow } from './repository';
import { applyPolicyEvent, lockPolicy, type AppliedEvent } from './transitions';

/** A job of the lifecycle: it gets the services the transitions need. */
type LifecycleJob = JobDefinition<LifecycleDeps>;

/** Every day just after midnight in Port of Spain: the calendar's days change there. */
const AFTER_MIDNIGHT = '5 0 * * *';
/** Reminders in the morning, not in the middle of the night. */
const MORNING = '0 8 * * *';
const HOURLY = '35 * * * *';

type Candidate = { id: string; policyNumber: string };

/**
 * One calendar step of the lifecycle for every policy it is due on: each policy in its own
 * transaction, the row locked and `calendarEvent` asked again on the locked row (another instance
 * or a payment may have moved it meanwhile), then the state machine, log and ledger, and
 * `alsoWrite` (the step's notice, queued with it).
 */
export async function applyCalendar(
  context: JobContext<LifecycleDeps>,
  expected: PolicyEventType,
  candidates: Candidate[],
  alsoWrite?: (tx: Db, row: PolicyRow, season: typeof seasons.$inferSelect, applied: AppliedEvent) => Promise<void>,
): Promise<number> {
  const { deps, now } = context;
  const today = localIsoDate(now);
  let changed = 0;
  for (const candidate of candidates) {
    try {
      const applied = await deps.db.transaction(async (tx) => {
        const row = await lockPolicy(tx, { id: candidate.id });
        if (!row) return null;
        const [season] = await tx.select().from(seasons).where(eq(seasons.year, row.seasonYear));
        const event = season ? calendarEvent(row.status, season, today) : null;
        if (!season || event?.type !== expected) return null;
        const applied = await applyPolicyEvent(tx, deps.ledger, row, event, { performedBy: null, location: TXN_LOCATIONS.system, at: now }, {
          payload: { today },
          ...(event.type === 'PAYMENT_DEADLINE_PASSED'
            ? { valueCents: row.paidCents, ledgerData: { reason: 'PAYMENT_DEADLINE', refundDueCents: row.paidCents } }
            : {}),
        });
        await alsoWrite?.(tx, row, season, applied);
        return applied;
      });
      if (applied) changed += 1;
    } catch (error) {
      // One policy that cannot move must not stop the others; it is tried again on the next tick.
      deps.log.error({ err: error, policyNumber: candidate.policyNumber, event: expected }, 'calendar step failed for a policy');
    }
  }
  return changed;
}

function candidatesWhere(context: JobContext<LifecycleDeps>, statuses: readonly PolicyStatus[], dateCondition: SQL) {
  return context.deps.db
    .select({ id: policies.id, policyNumber: policies.policyNumber })
    .from(policies)
    .innerJoin(seasons, eq(seasons.year, policies.seasonYear))
    .where(and(inArray(policies.status, [...statuses]), dateCondition))
    .orderBy(asc(policies.purchasedAt));
}

/** The day after the payment deadline: unpaid provisional policies are CANCELED, partial payments flagged for refund. */
export const paymentDeadlineJob: LifecycleJob = {
  name: 'payment-deadline',
  schedule: AFTER_MIDNIGHT,
  async run(context) {
    const today = localIsoDate(context.now);
    const candidates = await candidatesWhere(context, ['PAYMENT_PENDING'], lt(seasons.paymentDeadline, today));
    const changed = await applyCalendar(context, 'PAYMENT_DEADLINE_PASSED', candidates, async (tx, row, season, applied) => {
      const owner = await findUserById(tx, row.ownerId);
      if (!owner) return;
      const email = canceledForNonPaymentEmail({
        holderName: fullName(owner),
        policyNumber: row.policyNumber,
        deadline: season.paymentDeadline,
        refundDueCents: applied.after.refundDueCents,
      });
      await context.deps.deliveries.enqueue(tx, [{ channel: 'email', to: owner.email, kind: 'deadline cancellation email', ...email }]);
    });
    if (changed > 0) context.deps.deliveries.kick();
    return changed;
  },
};

/** From June 1 (the season's cover start): issued policies are watched for storms (EVENT_MONITORING). */
export const seasonStartJob: LifecycleJob = {
  name: 'season-start',
  schedule: AFTER_MIDNIGHT,
  async run(context) {
    const today = localIsoDate(context.now);
    const candidates = await candidatesWhere(context, ['ISSUED'], lte(seasons.coverStart, today));
    return applyCalendar(context, 'SEASON_STARTED', candidates);
  },
};

/** After May 31 of the cover year (the cover end): policies in force EXPIRE. */
export const coverEndJob: LifecycleJob = {
  name: 'cover-end',
  schedule: AFTER_MIDNIGHT,
  async run(context) {
    const today = localIsoDate(context.now);
    const candidates = await candidatesWhere(context, ['ISSUED', 'EVENT_MONITORING', 'PAYOUT_CONFIRMATION', 'PAYOUT_ACKNOWLEDGED'], lt(seasons.coverEnd, today));
    return applyCalendar(context, 'COVER_ENDED', candidates);
  },
};

/** Issued policies whose contract PDF was not made (a crash right after the issuing payment). */
export const contractsJob: LifecycleJob = {
  name: 'contracts',
  schedule: HOURLY,
  async run({ deps }) {
    const missing = await deps.db
      .select({ id: policies.id })
      .from(policies)
      .where(and(eq(policies.type, 'ACTUAL'), isNull(policies.contractFileId), gt(policies.paidCents, 0)));
    let made = 0;
    for (const { id } of missing) {
      const contract = await issueContract(deps, id, deps.defaultOrigin);
      if (contract?.created) made += 1;
    }
    return made;
  },
};

/**
 * Instalment reminders: 7 days before an instalment is due and once it is missed, by email and, when
 * the holder's phone is verified, by SMS. The reminder row and its messages are written in one
 * transaction, and the row's primary key lets one instance only write it: each reminder is queued
 * once, whatever restarts or instances, and the queue delivers it (decision 085).
 */
export const remindersJob: LifecycleJob = {
  name: 'instalment-reminders',
  schedule: MORNING,
  async run({ deps, now }) {
    const today = localIsoDate(now);
    const pending = await deps.db
      .select({ policy: policies, season: seasons })
      .from(policies)
      .innerJoin(seasons, eq(seasons.year, policies.seasonYear))
      .where(eq(policies.status, 'PAYMENT_PENDING'));
    let sent = 0;
    for (const { policy, season } of pending) {
      const instalments = await deps.db.select().from(policyInstalments).where(eq(policyInstalments.policyId, policy.id)).orderBy(asc(policyInstalments.number));
      const due = remindersDue(instalments, policy.paidCents, today);
      if (due.length === 0) continue;
      const owner = await findUserById(deps.db, policy.ownerId);
      if (!owner) continue;
      for (const reminder of due) {
        const queued = await deps.db.transaction(async (tx) => {
          const [claimed] = await tx
            .insert(instalmentReminders)
            .values({ policyId: policy.id, instalmentNumber: reminder.instalment.number, kind: reminder.kind, sentAt: now })
            .onConflictDoNothing()
            .returning();
          if (!claimed) return false;
          const input = {
            holderName: fullName(owner),
            policyNumber: policy.policyNumber,
            kind: reminder.kind,
            instalmentNumber: reminder.instalment.number,
            dueDate: reminder.instalment.dueDate,
            owedCents: reminder.owedCents,
            paymentDeadline: season.paymentDeadline,
          };
          await deps.deliveries.enqueue(tx, [
            { channel: 'email', to: owner.email, kind: 'reminder email', ...reminderEmail(input) },
            ...(owner.phoneVerified && owner.phone ? [{ channel: 'sms' as const, to: owner.phone, kind: 'reminder sms', text: reminderSms(input) }] : []),
          ]);
          return true;
        });
        if (queued) sent += 1;
      }
    }
    if (sent > 0) deps.deliveries.kick();
    return sent;
  },
};

/** In the order they run at start: cancel and expire first, then contracts and reminders for what is left. */
export const LIFECYCLE_JOBS: readonly LifecycleJob[] = [paymentDeadlineJob, coverEndJob, seasonStartJob, contractsJob, remindersJob];
