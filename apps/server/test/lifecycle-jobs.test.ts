import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { instalmentReminders, ledgerEntries, policies, transactionLog } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp, testConfig } from './harness';
import { tokenFor } from './identity-helpers';
import { makeProvisional, paymentInput, recordPaymentAs, settableClock } from './lifecycle-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());
const time = settableClock('2027-03-15T16:00:00Z');
const env = { SMTP_URL: smtp.url };

async function statusOf(db: Parameters<typeof verifyStoredLedger>[0], id: string) {
  const [row] = await db.select().from(policies).where(eq(policies.id, id));
  return row!;
}

describeApp(
  'scheduled jobs: deadline, season start, expiry, reminders, and catching up after downtime',
  (suite) => {
    let teller: string;
    beforeAll(async () => {
      time.set('2027-03-15T16:00:00Z');
      teller = await tokenFor(suite.app, 'teller@fhp.example');
    });

    it('cancels only unpaid provisional policies the day after the deadline, flags partial payments, and is idempotent', async () => {
      const { app } = suite;
      time.set('2027-03-15T16:00:00Z');
      const unpaid = await makeProvisional(app, 'purchaser@fhp.example');
      const partly = await makeProvisional(app, 'purchaser@fhp.example');
      const paid = await makeProvisional(app, 'purchaser.b@fhp.example', { plan: 'FULL' });
      expect((await recordPaymentAs(app, teller, paymentInput(partly.policyNumber, 300))).body.errors).toBeUndefined();
      expect((await recordPaymentAs(app, teller, paymentInput(paid.policyNumber, 1960))).body.errors).toBeUndefined();

      // The deadline day itself (May 31, 11 PM in Port of Spain) cancels nothing.
      time.set('2027-06-01T03:00:00Z');
      expect(await app.jobs.run('payment-deadline', 'deadline-day')).toMatchObject({ ran: true, changed: 0 });
      expect((await statusOf(app.db, unpaid.id)).status).toBe('PAYMENT_PENDING');

      time.set('2027-06-01T05:00:00Z'); // June 1, 1 AM in Port of Spain
      const first = await app.jobs.run('payment-deadline', 'tick-1');
      expect(first.changed).toBeGreaterThanOrEqual(2);
      expect(await statusOf(app.db, unpaid.id)).toMatchObject({ status: 'CANCELED', refundDueCents: 0 });
      expect(await statusOf(app.db, partly.id)).toMatchObject({ status: 'CANCELED', refundDueCents: 30_000 });
      expect(await statusOf(app.db, paid.id)).toMatchObject({ status: 'ISSUED', type: 'ACTUAL' });
      const cancelLog = (await app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, partly.policyNumber)).orderBy(asc(transactionLog.createdAt), asc(transactionLog.seq))).at(-1);
      expect(cancelLog).toMatchObject({ action: 'Policy canceled: premium not paid by the deadline', location: 'FHP system', performedBy: null });

      let mail = await smtp.waitForMessage('purchaser@fhp.example');
      while (mail.subject !== `Your provisional policy ${partly.policyNumber} is canceled`) mail = await smtp.waitForMessage('purchaser@fhp.example');
      expect(mail.text).toContain('The EC$300.00 you paid will be refunded');

      const ledgerCount = await app.db.$count(ledgerEntries);
      const logCount = await app.db.$count(transactionLog);
      expect(await app.jobs.run('payment-deadline', 'tick-2')).toMatchObject({ ran: true, changed: 0 });
      // The same tick again (another instance, a repeated cron fire) does not even run.
      expect(await app.jobs.run('payment-deadline', 'tick-2')).toMatchObject({ ran: false });
      expect(await app.db.$count(ledgerEntries)).toBe(ledgerCount);
      expect(await app.db.$count(transactionLog)).toBe(logCount);

      // June 1: the issued policy is watched; after May 31 of the cover year it expires.
      expect(await app.jobs.run('season-start', 'june-1')).toMatchObject({ changed: 1 });
      expect((await statusOf(app.db, paid.id)).status).toBe('EVENT_MONITORING');
      time.set('2028-06-01T03:30:00Z'); // still May 31, 11:30 PM in Port of Spain
      expect(await app.jobs.run('cover-end', 'may-31')).toMatchObject({ changed: 0 });
      time.set('2028-06-01T04:30:00Z');
      expect(await app.jobs.run('cover-end', 'june-1-2028')).toMatchObject({ changed: 1 });
      expect((await statusOf(app.db, paid.id)).status).toBe('EXPIRED');
      // A token minted on the app's clock, a year on.
      const late = await recordPaymentAs(app, await tokenFor(app, 'teller@fhp.example'), paymentInput(paid.policyNumber, 1));
      expect(late.body.errors?.[0]?.extensions?.display_message).toBe('A policy that is EXPIRED cannot receive a payment');
      expect(await verifyStoredLedger(app.db)).toMatchObject({ ok: true });
    });

    it('catches up at the next start: a new app on the same database, its clock after the deadline', async () => {
      time.set('2027-03-15T16:00:00Z');
      const policy = await makeProvisional(suite.app, 'purchaser.b@fhp.example', { seasonYear: 2027 });
      const clock = () => new Date('2027-06-03T12:00:00Z');
      const later = await buildApp({ config: testConfig(env), database: suite.database, clock });
      try {
        await later.ready();
        await later.jobs.idle();
        expect(await statusOf(later.db, policy.id)).toMatchObject({ status: 'CANCELED' });
        const cancellations = await later.db.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, policy.policyNumber));
        expect(cancellations.map((entry) => entry.kind)).toEqual(['POLICY_CANCELED']);
      } finally {
        await later.close();
      }
    });

    it('reminds 7 days before an instalment and once it is missed, by email and SMS, once each (restarts included)', async () => {
      time.set('2027-03-15T16:00:00Z');
      const { app } = suite;
      const policy = await makeProvisional(app, 'purchaser@fhp.example', { plan: 'INSTALMENTS_4', purchasedAt: '2027-03-15T16:00:00Z' });
      // 4 instalments from 2027-03-15 to 2027-05-31: the second falls due on 2027-04-09.
      expect((await recordPaymentAs(app, teller, paymentInput(policy.policyNumber, '490.00', { paidOn: '2027-03-15' }))).body.errors).toBeUndefined();
      app.identity.outbox.clear();

      time.set('2027-04-02T13:00:00Z');
      const outcome = await app.jobs.run('instalment-reminders', 'apr-2');
      expect(outcome.changed).toBeGreaterThanOrEqual(1);
      let mail = await smtp.waitForMessage('purchaser@fhp.example');
      while (mail.subject !== `Payment reminder for policy ${policy.policyNumber}`) mail = await smtp.waitForMessage('purchaser@fhp.example');
      expect(mail.text).toContain(`Instalment 2 of policy ${policy.policyNumber}, EC$490.00, is due by 09/04/2027.`);
      await app.identity.deliveries.settle();
      const texts = () => app.identity.outbox.list().filter((m) => m.channel === 'sms' && m.text.includes(policy.policyNumber));
      expect(texts()).toHaveLength(1);
      expect(texts()[0]).toMatchObject({ to: '+1 473 555 0101' });

      // Again the same day, a later tick, and a restarted server: nothing new.
      await app.jobs.run('instalment-reminders', 'apr-2-again');
      const restarted = await buildApp({ config: testConfig(env), database: suite.database, clock: time.clock });
      try {
        await restarted.ready();
        await restarted.jobs.idle();
      } finally {
        await restarted.close();
      }
      expect(texts()).toHaveLength(1);
      const sent = await app.db.select().from(instalmentReminders).where(inArray(instalmentReminders.policyId, [policy.id]));
      expect(sent.map((row) => [row.instalmentNumber, row.kind])).toEqual([[2, 'UPCOMING']]);

      time.set('2027-04-10T13:00:00Z');
      await app.jobs.run('instalment-reminders', 'apr-10');
      await app.jobs.run('instalment-reminders', 'apr-10-again');
      const after = await app.db.select().from(instalmentReminders).where(inArray(instalmentReminders.policyId, [policy.id]));
      expect(after.map((row) => [row.instalmentNumber, row.kind]).sort()).toEqual([[2, 'MISSED'], [2, 'UPCOMING']]);
      mail = await smtp.waitForMessage('purchaser@fhp.example');
      while (mail.subject !== `Missed payment on policy ${policy.policyNumber}`) mail = await smtp.waitForMessage('purchaser@fhp.example');
      expect(mail.text).toContain('was due by 09/04/2027 and has not been paid');
      await app.identity.deliveries.settle();
      expect(texts()).toHaveLength(2);
    });
  },
  { clock: time.clock, env },
);
