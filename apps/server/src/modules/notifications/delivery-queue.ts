import { asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { DEFAULT_DELIVERY_LEASE_SECONDS } from '../../config';
import type { Db } from '../../db/client';
import { files, outboundMessages, type OutboundChannel } from '../../db/schema';
import type { Mailer, MailMessage } from './mailer';
import type { SmsProvider } from './sms';
import { recipientDomain } from '../../logging';

/**
 * The durable queue of outgoing email and SMS (decision 080). A request writes its messages in its
 * own transaction (`enqueue`), so they commit with what they report, and answers without waiting
 * for SMTP; a worker in every instance sends them, deletes each once accepted, and retries a
 * failed one with backoff. A process killed before a send leaves the row: its lease runs out and
 * the next worker (this one restarted, or another instance) sends it. At least once: a kill between
 * the SMTP server's acceptance and the delete sends that message twice.
 */

/** A message written in full now (a code: its plain text exists only here and in the email). */
export interface StoredMessage {
  channel: OutboundChannel;
  to: string;
  /** For logs and metrics, never the content: "sign-up code". */
  kind: string;
  subject?: string | undefined;
  text: string;
  html?: string | undefined;
  /** Seconds after which it is dropped instead of sent (a code that has expired). */
  expiresInSeconds?: number;
  /**
   * A stored file (`files.id`, e.g. the contract PDF) attached when sent: the row holds the
   * reference, the worker loads the bytes, so a large attachment is stored once.
   */
  attachFileId?: string;
}

/** A message about a record, rendered from it when sent, so it shows what committed. */
export interface RenderedLater {
  to: string;
  kind: string;
  template: string;
  /** The record's id, handed to the template's renderer. */
  reference: string;
}

/** Renders a RenderedLater email; undefined when its record is gone (nothing is sent). */
export type MessageRenderer = (db: Db, reference: string) => Promise<Omit<MailMessage, 'to'> | undefined>;

export interface DeliveryLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface DeliveryQueueOptions {
  db: Db;
  mailer: Mailer;
  sms: SmsProvider;
  log: DeliveryLogger;
  /** How often a worker looks for messages written by other instances or due for a retry. */
  pollMs?: number;
  /** Messages claimed at once, and sent at once (the SMTP pool has its own connection limit). */
  batchSize?: number;
  /** Attempts before a message is given up (kept with failed_at). The backoff doubles from 5 s up to 5 minutes. */
  maxAttempts?: number;
  /** Seconds a claimed message is held before another worker may take it (DELIVERY_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** Told about every failed attempt and every message given up (metrics). */
  onFailure?: (kind: string, gaveUp: boolean) => void;
  /**
   * No other worker can exist (PGlite: one process holds the data): a lease found at start was left
   * by this process's previous life, killed, and is let go at once instead of after it runs out.
   */
  soleWorker?: boolean;
}

/** The insert of queued messages, as a statement of its own or a part of a larger one. */
export type OutboundInsert = ReturnType<ReturnType<Db['insert']>['values']>;

export interface DeliveryQueue {
  /** Writes messages inside the caller's transaction; call `kick()` after it commits. */
  enqueue(tx: Db, messages: readonly (StoredMessage | RenderedLater)[]): Promise<void>;
  /**
   * `enqueue`'s insert, not yet run (undefined for no message): a caller that writes its change in
   * one statement makes it part of that statement.
   */
  insertion(tx: Db, messages: readonly (StoredMessage | RenderedLater)[]): OutboundInsert | undefined;
  /** Sends what is due now, soon (after the commit that wrote it). */
  kick(): void;
  /** Renders `template`'s messages when they are sent. */
  register(template: string, render: MessageRenderer): void;
  start(): void;
  /** Stops polling and waits for the sends in progress. */
  stop(): Promise<void>;
  /**
   * Sends until nothing is due now: every message written so far has been tried at least once
   * (a failed one waits for its retry time). Shutdown and tests.
   */
  settle(): Promise<void>;
}

/** A failed send waits 5 s, then twice as long each time, at most 5 minutes: 20 attempts span about 75 minutes. */
const FIRST_BACKOFF_SECONDS = 5;
const MAX_BACKOFF_SECONDS = 300;

/**
 * The error's name and codes (e.g. MailDeliveryError, ECONNECTION, 550) along its causes; never
 * messages, since SMTP reply texts can quote the recipient's address.
 */
export function failureSummary(error: unknown): { error: string; code?: string; responseCode?: number } {
  const summary: { error: string; code?: string; responseCode?: number } = { error: 'unknown' };
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const link = current as { name?: unknown; code?: unknown; responseCode?: unknown; cause?: unknown };
    if (current instanceof Error && summary.error === 'unknown') summary.error = current.name;
    if (typeof link.code === 'string' && summary.code === undefined) summary.code = link.code;
    if (typeof link.responseCode === 'number' && summary.responseCode === undefined) summary.responseCode = link.responseCode;
    current = link.cause;
  }
  return summary;
}

type Row = typeof outboundMessages.$inferSelect;

function outboundInsert(tx: Db, messages: readonly (StoredMessage | RenderedLater)[]): OutboundInsert | undefined {
  if (messages.length === 0) return undefined;
  return tx.insert(outboundMessages).values(
    messages.map((message) =>
      'template' in message
        ? { channel: 'email' as const, recipient: message.to, kind: message.kind, template: message.template, reference: message.reference }
        : {
            channel: message.channel,
            recipient: message.to,
            kind: message.kind,
            subject: message.subject ?? null,
            text: message.text,
            html: message.html ?? null,
            reference: message.attachFileId ?? null,
            expiresAt: message.expiresInSeconds === undefined ? null : sql`now() + make_interval(secs => ${message.expiresInSeconds})`,
          },
    ),
  );
}

export function createDeliveryQueue(options: DeliveryQueueOptions): DeliveryQueue {
  const { db, mailer, sms, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 20;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_DELIVERY_LEASE_SECONDS;
  const renderers = new Map<string, MessageRenderer>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** One pass at a time; a kick during a pass asks for another right after it. */
  let pass: Promise<void> | undefined;
  let again = false;

  /** Takes due messages for this worker (skipping those another worker holds) and leases them. */
  async function claim(): Promise<Row[]> {
    const due = db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(
        sql`${outboundMessages.failedAt} is null and ${outboundMessages.nextAttemptAt} <= now() and (${outboundMessages.leaseUntil} is null or ${outboundMessages.leaseUntil} < now())`,
      )
      .orderBy(asc(outboundMessages.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(outboundMessages)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${outboundMessages.attempts} + 1` })
      .where(inArray(outboundMessages.id, due))
      .returning();
  }

  async function content(row: Row): Promise<Omit<MailMessage, 'to'> | undefined> {
    if (row.template === null) {
      const written = { subject: row.subject ?? '', text: row.text ?? '', html: row.html ?? undefined };
      if (row.reference === null) return written;
      const [file] = await db
        .select({ filename: files.originalName, contentType: files.mimeType, content: files.bytes })
        .from(files)
        .where(eq(files.id, row.reference));
      // The attachment is the message's point (a contract): without it nothing is sent.
      return file ? { ...written, attachments: [file] } : undefined;
    }
    const render = renderers.get(row.template);
    if (!render) throw new Error(`No renderer for ${row.template}`);
    return render(db, row.reference ?? '');
  }

  async function send(row: Row): Promise<void> {
    if (row.expiresAt !== null && row.expiresAt.getTime() <= Date.now()) {
      await db.delete(outboundMessages).where(eq(outboundMessages.id, row.id));
      return;
    }
    try {
      const message = await content(row);
      if (message !== undefined) {
        if (row.channel === 'sms') await sms.send({ to: row.recipient, text: message.text });
        else await mailer.send({ to: row.recipient, ...message });
      }
      await db.delete(outboundMessages).where(eq(outboundMessages.id, row.id));
    } catch (error) {
      const gaveUp = row.attempts >= maxAttempts;
      const details = { kind: row.kind, recipientDomain: recipientDomain(row.recipient), attempt: row.attempts, ...failureSummary(error) };
      options.onFailure?.(row.kind, gaveUp);
      if (gaveUp) log.error(details, 'Delivery given up');
      else log.warn(details, 'Background delivery failed');
      const backoff = Math.min(MAX_BACKOFF_SECONDS, FIRST_BACKOFF_SECONDS * 2 ** (row.attempts - 1));
      await db
        .update(outboundMessages)
        .set(
          gaveUp
            ? { failedAt: sql`now()`, leaseUntil: null }
            : { nextAttemptAt: sql`now() + make_interval(secs => ${backoff})`, leaseUntil: null },
        )
        .where(eq(outboundMessages.id, row.id))
        .catch((failure: unknown) => log.error({ ...failureSummary(failure) }, 'delivery retry not scheduled; its lease will run out'));
    }
  }

  /** Claims and sends until nothing is due. */
  async function drain(): Promise<void> {
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return;
      await Promise.all(rows.map(send));
    }
  }

  function runPass(): Promise<void> {
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again && !stopped);
      } catch (error) {
        // The database is out of reach for a moment: the next poll tries again.
        log.warn({ ...failureSummary(error) }, 'delivery queue could not be read');
      } finally {
        pass = undefined;
      }
    })();
    return pass;
  }

  return {
    async enqueue(tx, messages) {
      const insert = outboundInsert(tx, messages);
      if (insert) await insert;
    },
    insertion: outboundInsert,
    kick() {
      if (!stopped) void runPass();
    },
    register(template, render) {
      renderers.set(template, render);
    },
    start() {
      stopped = false;
      timer = setInterval(() => void runPass(), pollMs);
      timer.unref();
      const released = options.soleWorker
        ? db.update(outboundMessages).set({ leaseUntil: null }).where(isNotNull(outboundMessages.leaseUntil)).then(() => undefined)
        : Promise.resolve();
      void released.catch(() => undefined).then(() => runPass());
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await pass;
    },
    async settle() {
      // A pass that started before the caller's last commit may have missed its rows: run one more.
      await pass;
      await runPass();
      while (pass) await pass;
    },
  };
}
