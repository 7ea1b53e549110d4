/**
 * The delivery queue (decision 080): messages commit with the change they report or not at all,
 * a failed send is retried, a dead worker's lease runs out and another worker sends, two workers
 * never send one message twice, an expired code is dropped instead of sent late.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client';
import { outboundMessages } from '../src/db/schema';
import { createDeliveryQueue, type DeliveryQueue, type Mailer, type MailMessage, type StoredMessage } from '../src/modules/notifications';
import { createPreparedTestDatabase, testDatabaseKinds } from './databases';
import { secondPool } from './ledger-helpers';

/** A mailer that records what it was handed and fails while `failing` says so. */
function recordingMailer(failing: () => boolean = () => false): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    mode: 'smtp',
    sent,
    async send(message) {
      // A moment on the wire, so two workers would overlap if they both took a message.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failing()) throw Object.assign(new Error('refused'), { name: 'MailDeliveryError', code: 'ECONNREFUSED' });
      sent.push(message);
      return { via: 'smtp', messageId: String(sent.length) };
    },
    close() {},
  };
}

const quiet = { warn: () => undefined, error: () => undefined };
const noSms = { send: async () => undefined };
const email = (to: string, extra: Partial<StoredMessage> = {}): StoredMessage => ({ channel: 'email', to, kind: 'test', subject: `to ${to}`, text: 'hello', ...extra });

async function enqueue(db: Db, queue: DeliveryQueue, messages: StoredMessage[]) {
  await db.transaction((tx) => queue.enqueue(tx, messages));
}

// No app on these databases: its own worker would take the messages the tests queue.
for (const kind of testDatabaseKinds()) {
  describe(`delivery queue [${kind}]`, () => {
    const suite = { kind } as { kind: typeof kind; database: Database };
    let dispose: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const test = await createPreparedTestDatabase(kind, 'migrated');
      dispose = test.dispose;
      suite.database = test.database;
    });
    afterAll(async () => dispose?.());

    const left = async () => (await suite.database.db.select().from(outboundMessages)).length;

    it('sends what committed and nothing of a rolled-back transaction, then deletes it', async () => {
      const db = suite.database.db;
      const mailer = recordingMailer();
      const queue = createDeliveryQueue({ db, mailer, sms: noSms, log: quiet });
      await enqueue(db, queue, [email('kept@example.org')]);
      await expect(
        db.transaction(async (tx) => {
          await queue.enqueue(tx, [email('rolled.back@example.org')]);
          throw new Error('the purchase failed');
        }),
      ).rejects.toThrow('the purchase failed');
      await queue.settle();
      expect(mailer.sent.map((m) => m.to)).toEqual(['kept@example.org']);
      expect(await left()).toBe(0);
    });

    it('retries a failed send after its backoff and logs the attempt without the address', async () => {
      const db = suite.database.db;
      let down = true;
      const mailer = recordingMailer(() => down);
      const warnings: Record<string, unknown>[] = [];
      const failures: boolean[] = [];
      const queue = createDeliveryQueue({ db, mailer, sms: noSms, log: { warn: (details) => warnings.push(details), error: () => undefined }, onFailure: (_kind, gaveUp) => failures.push(gaveUp) });
      await enqueue(db, queue, [email('retry@example.org')]);
      await queue.settle();
      expect(mailer.sent).toEqual([]);
      expect(warnings).toEqual([expect.objectContaining({ kind: 'test', recipientDomain: 'example.org', attempt: 1, error: 'MailDeliveryError', code: 'ECONNREFUSED' })]);
      expect(JSON.stringify(warnings)).not.toContain('retry@');
      expect(failures).toEqual([false]);
      const [row] = await db.select().from(outboundMessages);
      expect(row).toMatchObject({ attempts: 1, leaseUntil: null, failedAt: null });
      // Not due yet: settling again sends nothing. Once due (the backoff passed), it goes.
      down = false;
      await queue.settle();
      expect(mailer.sent).toEqual([]);
      await db.update(outboundMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });
      await queue.settle();
      expect(mailer.sent.map((m) => m.to)).toEqual(['retry@example.org']);
      expect(await left()).toBe(0);
    });

    it('gives up after the last attempt and keeps the message, marked failed', async () => {
      const db = suite.database.db;
      const queue = createDeliveryQueue({ db, mailer: recordingMailer(() => true), sms: noSms, log: quiet, maxAttempts: 1 });
      await enqueue(db, queue, [email('never@example.org')]);
      await queue.settle();
      const [row] = await db.select().from(outboundMessages);
      expect(row?.failedAt).toBeInstanceOf(Date);
      await db.delete(outboundMessages);
    });

    it('drops an expired code instead of sending it late', async () => {
      const db = suite.database.db;
      const mailer = recordingMailer();
      const queue = createDeliveryQueue({ db, mailer, sms: noSms, log: quiet });
      await enqueue(db, queue, [email('late@example.org', { expiresInSeconds: 600 })]);
      await db.update(outboundMessages).set({ expiresAt: sql`now() - interval '1 second'` });
      await queue.settle();
      expect(mailer.sent).toEqual([]);
      expect(await left()).toBe(0);
    });

    it('sends a message whose worker died (its lease ran out), and renders a message about a record when it is sent', async () => {
      const db = suite.database.db;
      const mailer = recordingMailer();
      const queue = createDeliveryQueue({ db, mailer, sms: noSms, log: quiet });
      queue.register('greeting', async (_db, reference) => (reference === 'gone' ? undefined : { subject: `Hello ${reference}`, text: `Record ${reference}` }));
      await db.transaction((tx) =>
        queue.enqueue(tx, [
          { to: 'rendered@example.org', kind: 'greeting', template: 'greeting', reference: 'r-1' },
          { to: 'gone@example.org', kind: 'greeting', template: 'greeting', reference: 'gone' },
        ]),
      );
      await enqueue(db, queue, [email('orphan@example.org')]);
      // Another worker took it and died: leased, never sent.
      await db.update(outboundMessages).set({ leaseUntil: sql`now() + interval '1 minute'`, attempts: 1 }).where(eq(outboundMessages.recipient, 'orphan@example.org'));
      await queue.settle();
      expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([['rendered@example.org', 'Hello r-1']]);
      await db.update(outboundMessages).set({ leaseUntil: sql`now() - interval '1 second'` });
      await queue.settle();
      expect(mailer.sent.map((m) => m.to)).toEqual(['rendered@example.org', 'orphan@example.org']);
      expect(await left()).toBe(0);
    });

    it('as the sole worker (PGlite), lets go at start of the leases its killed former self left', async () => {
      const db = suite.database.db;
      const mailer = recordingMailer();
      const queue = createDeliveryQueue({ db, mailer, sms: noSms, log: quiet, soleWorker: true, pollMs: 60_000 });
      await enqueue(db, queue, [email('left.leased@example.org')]);
      await db.update(outboundMessages).set({ leaseUntil: sql`now() + interval '1 minute'`, attempts: 1 });
      queue.start();
      try {
        for (let waited = 0; mailer.sent.length === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(mailer.sent.map((m) => m.to)).toEqual(['left.leased@example.org']);
      } finally {
        await queue.stop();
      }
    });

    it('two workers on one database send each of 60 messages exactly once', async () => {
      const other = suite.kind === 'postgres' ? await secondPool(suite.database) : suite.database;
      try {
        const mailer = recordingMailer();
        const a = createDeliveryQueue({ db: suite.database.db, mailer, sms: noSms, log: quiet, batchSize: 5 });
        const b = createDeliveryQueue({ db: other.db, mailer, sms: noSms, log: quiet, batchSize: 5 });
        await enqueue(suite.database.db, a, Array.from({ length: 60 }, (_, n) => email(`m${n}@example.org`)));
        await Promise.all([a.settle(), b.settle()]);
        const sent = mailer.sent.map((m) => m.to).sort();
        expect(sent).toHaveLength(60);
        expect(new Set(sent).size).toBe(60);
        expect(await left()).toBe(0);
      } finally {
        if (other !== suite.database) await other.close();
      }
    });
  });
}
