import { CANCELLATION_REQUEST_STATUSES, PAYMENT_CHANNELS, type CancellationRequestStatus, type PaymentChannel, type ReminderKind } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { users } from './identity';
import { policies } from './policies';

/**
 * Payments recorded by a teller (credit union) or an admin (bank transfer), issue 7. `sequence`
 * numbers the receipts (R-000042); `reference_key` is the reference without spaces, hyphens or case,
 * unique per channel so one slip or bank transaction is never recorded twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequence: serial('sequence').notNull().unique(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id),
    amountCents: integer('amount_cents').notNull(),
    channel: text('channel').$type<PaymentChannel>().notNull(),
    reference: text('reference').notNull(),
    referenceKey: text('reference_key').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** What was still owed once this payment was counted (printed on the receipt). */
    outstandingAfterCents: integer('outstanding_after_cents').notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('payments_channel_reference').on(t.channel, t.referenceKey),
    index('payments_policy_idx').on(t.policyId),
    check('payments_amount_positive', sql`${t.amountCents} > 0 and ${t.outstandingAfterCents} >= 0`),
    check('payments_channel', oneOf(t.channel, PAYMENT_CHANNELS)),
  ],
);

/** A payout waits for its wire, then is paid (its acknowledgement is a time of its own). */
const PAYOUT_STATUSES = ['PENDING', 'PAID'] as const;

/**
 * Payouts (product-decisions "Policy lifecycle"): created PENDING by a trigger, PAID when an admin
 * records the wire, then acknowledged by the holder. A storm pays a policy once, at the class it
 * reached; an advisory update that raises the class adds one top-up payout of the difference
 * (decision 061): (policy, storm, contract_percent) is unique, so each level pays once.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id),
    /** The storm (e.g. a HURDAT2 id such as AL092027); null for a payout made by hand. */
    stormRef: text('storm_ref'),
    /** Percent of the coverage this payout pays: what the 100%-per-term cap let through. */
    percent: integer('percent').notNull(),
    /** What the contract gave for the storm under the policy's option when this payout was made (before the cap). */
    contractPercent: integer('contract_percent').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<(typeof PAYOUT_STATUSES)[number]>().notNull(),
    wireReference: text('wire_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * When the holder's email (and text) about this payout was written to the delivery queue; null
     * while it is owed (decision 091). The trigger engine leaves it null, the storm-notice drain
     * sets it in the transaction that queues the messages. No index: one would cost every payout
     * the import writes, and the drain reads the table in primary-key order.
     */
    noticeQueuedAt: timestamp('notice_queued_at', { withTimezone: true }),
    /**
     * When the text reminding the holder to acknowledge the wire (a week after it, issue 20 item 9)
     * was queued; null while it may still be owed. A wire recorded without notices (the demo seed)
     * sets it at once: nothing is owed for it.
     */
    ackReminderQueuedAt: timestamp('ack_reminder_queued_at', { withTimezone: true }),
  },
  (t) => [
    // The daily reminder job reads only the wired payouts still waiting for their holder: a small set.
    index('payouts_ack_reminder_due_idx').on(t.paidAt).where(sql`status = 'PAID' AND acknowledged_at IS NULL AND ack_reminder_queued_at IS NULL`),
    // Also the index of a policy's payouts (its leading column).
    unique('payouts_policy_storm_level').on(t.policyId, t.stormRef, t.contractPercent),
    // The admin's payouts-by-storm screen and the CSV export read by storm.
    index('payouts_storm_idx').on(t.stormRef, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('payouts_percent', sql`${t.percent} between 1 and 100 and ${t.contractPercent} between 1 and 100`),
    check('payouts_status', oneOf(t.status, PAYOUT_STATUSES)),
  ],
);

/**
 * A holder's cancellation request and the admin's decision. At most one PENDING per policy (a
 * partial unique index), so a double click cannot file two.
 */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    status: text('status').$type<CancellationRequestStatus>().notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
  },
  (t) => [
    uniqueIndex('cancellation_requests_one_pending').on(t.policyId).where(sql`${t.status} = 'PENDING'`),
    index('cancellation_requests_status_idx').on(t.status, t.requestedAt),
    check('cancellation_requests_status', oneOf(t.status, CANCELLATION_REQUEST_STATUSES)),
  ],
);

/** Instalment reminders sent: the primary key makes each (policy, instalment, kind) go out once. */
export const instalmentReminders = pgTable(
  'instalment_reminders',
  {
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id),
    instalmentNumber: integer('instalment_number').notNull(),
    kind: text('kind').$type<ReminderKind>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.instalmentNumber, t.kind] })],
);

/**
 * One row per job and tick, inserted by the instance that claims it (decision 081): a second
 * instance on the same tick skips it once it is finished or while its lease runs. A failed run lets
 * its lease go, so a retry (of this instance or another) claims the tick again.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    tick: text('tick').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    changed: integer('changed').notNull().default(0),
    /** Set when the run did its work; a claimed row without it is running, failed or was cut off. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The claiming instance holds the tick until then (the database's time); a dead one's lease runs out. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(1),
    /** The last failure's error name (never a message: those can quote data). */
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.tick] })],
);
