import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type OutboundChannel = 'email' | 'sms';

/**
 * Emails and texts waiting to go out (decision 080): written in the transaction of the change they
 * report (a code, a purchase), sent after the answer by a worker in every instance, deleted once
 * the SMTP server or gateway accepted them. A process killed before the send leaves the row, and the
 * next worker sends it. Times are the database's own (`now()`), not the app clock.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').$type<OutboundChannel>().notNull(),
    /** An email address or a phone number. */
    recipient: text('recipient').notNull(),
    /** What it is, for logs and metrics (never the content): "sign-up code", "provisional policy". */
    kind: text('kind').notNull(),
    subject: text('subject'),
    /** Null when the message is rendered from a record when sent (`template` and `reference`). */
    text: text('text'),
    html: text('html'),
    /** A renderer registered with the queue, given `reference` (a record's id) when the message is sent. */
    template: text('template'),
    /** With a template: the record it is rendered from. Without: a stored file attached when sent (files.id). */
    reference: text('reference'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** A worker sending it holds it until then; a worker that died lets it go when this passes. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** A code is useless after it expires: dropped instead of sent late. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Given up after the last attempt (kept for staff to see). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('outbound_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.failedAt} is null`)],
);
