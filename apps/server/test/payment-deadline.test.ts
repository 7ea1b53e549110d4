import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerEntries, payments, policies, transactionLog } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';
import { secondInstance } from './instances';
import { makeProvisional, paymentInput, recordPaymentAs, settableClock } from './lifecycle-helpers';

/**
 * Issue 19 item 1: the payment deadline holds when a payment is recorded, not only when the
 * nightly job runs. The 2027 season's deadline is May 31, 2027; a teller records on June 1, before
 * the 00:05 job has canceled the unpaid policies.
 */
const time = settableClock('2027-03-15T16:00:00Z');
const HOLDER = 'purchaser@fhp.example';
const LATE = 'A payment made on 01/06/2027 cannot be recorded: the premium was due by the payment deadline of 31/05/2027';
/** June 1, 2027, 08:00 in Port of Spain: the deadline has passed. */
const JUNE_1 = '2027-06-01T12:00:00Z';

describeApp(
  'the payment deadline when a payment is recorded',
  (suite) => {
    // Signed in once the clock stands on June 1 (a session does not last from March).
    const tellerToken = () => tokenFor(suite.app, 'teller@fhp.example');

    it('refuses a payment made after the deadline with a sentence naming it, and stores nothing', async () => {
      time.set('2027-03-15T16:00:00Z');
      const policy = await makeProvisional(suite.app, HOLDER, { plan: 'FULL' });
      time.set(JUNE_1);
      const teller = await tellerToken();
      const before = { payments: await suite.app.db.$count(payments), ledger: await suite.app.db.$count(ledgerEntries), log: await suite.app.db.$count(transactionLog) };
      const answer = await recordPaymentAs(suite.app, teller, paymentInput(policy.policyNumber, '1960.00', { paidOn: '2027-06-01' }));
      expect(answer.status).toBe(200);
      expect(answer.body.errors![0]!.extensions!.display_message).toBe(LATE);
      const [row] = await suite.app.db.select().from(policies).where(eq(policies.id, policy.id));
      expect(row).toMatchObject({ status: 'PAYMENT_PENDING', type: 'PROVISIONAL', paidCents: 0 });
      expect({ payments: await suite.app.db.$count(payments), ledger: await suite.app.db.$count(ledgerEntries), log: await suite.app.db.$count(transactionLog) }).toEqual(before);
      // The desk's form reads the deadline to give the same sentence before sending.
      const desk = await gqlAs<{ paymentDesk: { paymentDeadline: string }[] }>(suite.app, teller, '{ paymentDesk(search: "' + policy.policyNumber + '") { paymentDeadline } }');
      expect(desk.body.data?.paymentDesk).toEqual([{ paymentDeadline: '2027-05-31' }]);
    });

    it('still counts a payment made on the deadline and recorded the next morning', async () => {
      time.set('2027-03-15T16:00:00Z');
      const policy = await makeProvisional(suite.app, HOLDER, { plan: 'FULL' });
      time.set(JUNE_1);
      const teller = await tellerToken();
      const answer = await recordPaymentAs(suite.app, teller, paymentInput(policy.policyNumber, '1960.00', { paidOn: '2027-05-31' }));
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data!.recordPayment.policy).toMatchObject({ status: 'ISSUED', type: 'ACTUAL' });
    });

    // The race needs two connections to one database: PostgreSQL only.
    if (suite.kind !== 'postgres') return;

    it('races late payments with the deadline job on another instance: every policy canceled, no late payment stored', async () => {
      time.set('2027-03-15T16:00:00Z');
      const unpaid = await Promise.all(Array.from({ length: 6 }, () => makeProvisional(suite.app, 'purchaser.b@fhp.example', { plan: 'FULL' })));
      const second = await secondInstance(suite.database, time.clock);
      try {
        time.set(JUNE_1);
        const teller = await tellerToken();
        const [job, ...answers] = await Promise.all([
          second.app.jobs.run('payment-deadline', 'race-late'),
          ...unpaid.map((policy) => recordPaymentAs(suite.app, teller, paymentInput(policy.policyNumber, '1960.00', { paidOn: '2027-06-01' }))),
        ]);
        expect(job).toMatchObject({ ran: true });
        for (const answer of answers) {
          // Refused by the deadline rule, or (the job first) by the canceled status: never accepted.
          expect(answer.body.errors).toHaveLength(1);
          expect([LATE, 'A policy that is CANCELED cannot receive a payment']).toContain(answer.body.errors![0]!.extensions!.display_message);
        }
        const ids = unpaid.map((policy) => policy.id);
        const rows = await suite.app.db.select().from(policies).where(inArray(policies.id, ids));
        expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'CANCELED'));
        expect(rows.every((row) => row.paidCents === 0 && row.refundDueCents === 0)).toBe(true);
        expect(await suite.app.db.select().from(payments).where(inArray(payments.policyId, ids))).toEqual([]);
        expect(await verifyStoredLedger(suite.app.db)).toMatchObject({ ok: true });
      } finally {
        await second.close();
      }
    });

    it('races on-time payments with the deadline job: each policy is issued with its payment or canceled without it', async () => {
      time.set('2027-03-15T16:00:00Z');
      const unpaid = await Promise.all(Array.from({ length: 6 }, () => makeProvisional(suite.app, 'purchaser.b@fhp.example', { plan: 'FULL' })));
      const second = await secondInstance(suite.database, time.clock);
      try {
        time.set(JUNE_1);
        const teller = await tellerToken();
        await Promise.all([
          second.app.jobs.run('payment-deadline', 'race-on-time'),
          ...unpaid.map((policy) => recordPaymentAs(suite.app, teller, paymentInput(policy.policyNumber, '1960.00', { paidOn: '2027-05-31' }))),
        ]);
        for (const policy of unpaid) {
          const [row] = await suite.app.db.select().from(policies).where(eq(policies.id, policy.id));
          const stored = await suite.app.db.select().from(payments).where(eq(payments.policyId, policy.id));
          if (row!.status === 'ISSUED') expect({ paid: row!.paidCents, payments: stored.length }).toEqual({ paid: 196_000, payments: 1 });
          else expect({ status: row!.status, paid: row!.paidCents, refund: row!.refundDueCents, payments: stored.length }).toEqual({ status: 'CANCELED', paid: 0, refund: 0, payments: 0 });
          const canceled = await suite.app.db
            .select()
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.kind, 'POLICY_CANCELED'), eq(ledgerEntries.txnId, policy.policyNumber)));
          expect(canceled).toHaveLength(row!.status === 'CANCELED' ? 1 : 0);
        }
        expect(await verifyStoredLedger(suite.app.db)).toMatchObject({ ok: true });
      } finally {
        await second.close();
      }
    });
  },
  // The race with the deadline job is about locking, which the two engines do differently.
  { clock: time.clock, engines: 'both' },
);
