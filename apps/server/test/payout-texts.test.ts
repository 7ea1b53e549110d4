import { fitsOneSms } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { payouts, policies, users } from '../src/db/schema';
import { TXN_LOCATIONS } from '../src/modules/audit/transaction-log';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { recordPayoutWire } from '../src/modules/payouts/service';
import { describeApp } from './harness';
import { tokenFor, userId } from './identity-helpers';
import { makeProvisional, paymentInput, recordPaymentAs, settableClock } from './lifecycle-helpers';

/**
 * The texts of a payout's later steps (issue 20 item 9): the wire, and a reminder to acknowledge it
 * a week later, through the delivery queue to a verified phone only. (The text of the created
 * payout is the storm-notice drain's: storm-notices.test.ts.)
 */

const time = settableClock('2027-03-15T16:00:00Z');
const A = 'purchaser@fhp.example';
const B = 'purchaser.b@fhp.example';

describeApp(
  'payout texts: wired, and a reminder to acknowledge a week later, to verified phones only',
  (suite) => {
    const payoutOf: Record<string, string> = {};
    const numberOf: Record<string, string> = {};
    let phoneA = '';
    let phoneB = '';

    beforeAll(async () => {
      const { app } = suite;
      time.set('2027-03-15T16:00:00Z');
      const teller = await tokenFor(app, 'teller@fhp.example');
      for (const email of [A, B]) {
        const policy = await makeProvisional(app, email, { plan: 'FULL' }); // EC$25,000 coverage
        expect((await recordPaymentAs(app, teller, paymentInput(policy.policyNumber, 1960))).body.data?.recordPayment.policy.status).toBe('ISSUED');
        numberOf[email] = policy.policyNumber;
        payoutOf[email] = policy.id; // the policy id, until the payout exists
      }
      // A's phone is verified, B's is not.
      const [a] = await app.db.update(users).set({ phoneVerified: true }).where(eq(users.email, A)).returning();
      const [b] = await app.db.update(users).set({ phoneVerified: false }).where(eq(users.email, B)).returning();
      phoneA = a!.phone!;
      phoneB = b!.phone!;
      time.set('2027-06-02T12:00:00Z');
      await app.jobs.run('season-start', 'payout-texts');
      // A storm's payout as the trigger engine leaves it (its own notice already queued): PENDING, the policy intimated.
      for (const email of [A, B]) {
        const [payout] = await app.db
          .insert(payouts)
          .values({ policyId: payoutOf[email]!, stormRef: 'AL092027', percent: 35, contractPercent: 35, amountCents: 875_000, status: 'PENDING', createdAt: time.clock(), noticeQueuedAt: time.clock() })
          .returning();
        await app.db.update(policies).set({ status: 'PAYOUT_INTIMATION' }).where(eq(policies.id, payoutOf[email]!));
        payoutOf[email] = payout!.id;
      }
    });

    const texts = async () => {
      await suite.app.identity.deliveries.settle();
      return suite.app.identity.outbox.list().filter((message) => message.channel === 'sms' && (message.to === phoneA || message.to === phoneB));
    };

    it('the wire: one plain text to the verified phone, with amount, policy and date; nothing to the unverified one', async () => {
      const { app } = suite;
      app.identity.outbox.clear();
      const admin = await userId(app, 'admin@fhp.example');
      time.set('2027-06-10T14:00:00Z');
      for (const email of [A, B]) {
        await recordPayoutWire(lifecycleDeps(app), { payoutId: payoutOf[email]!, wireReference: `WIRE-${email}` }, { performedBy: admin, location: TXN_LOCATIONS.backOffice, at: time.clock() });
      }
      const sent = await texts();
      expect(sent.map((message) => [message.to, message.text])).toEqual([
        [phoneA, `FHP: the payout of EC$8,750.00 on policy ${numberOf[A]} was wired to your bank on Jun 10, 2027. Please acknowledge it once received.`],
      ]);
      expect(fitsOneSms(sent[0]!.text)).toBe(true);
      // The wire reference is a bank detail: not in the text.
      expect(sent[0]!.text).not.toContain('WIRE-');
    });

    it('a week after the wire, one reminder to acknowledge, once whatever reruns', async () => {
      const { app } = suite;
      app.identity.outbox.clear();
      time.set('2027-06-16T14:00:00Z'); // six days: not yet
      await app.jobs.run('payout-acknowledge-reminders', 'reminders-1');
      expect(await texts()).toEqual([]);

      time.set('2027-06-17T14:00:00Z');
      await app.jobs.run('payout-acknowledge-reminders', 'reminders-2');
      await app.jobs.run('payout-acknowledge-reminders', 'reminders-3');
      const sent = await texts();
      expect(sent.map((message) => [message.to, message.text])).toEqual([
        [phoneA, `FHP: we wired EC$8,750.00 on policy ${numberOf[A]} on Jun 10, 2027. Once received, sign in, open the policy, tap Acknowledge payout.`],
      ]);
      expect(fitsOneSms(sent[0]!.text)).toBe(true);
      // B's payout is marked too (no verified phone, nothing owed to it later).
      const rows = await app.db.select().from(payouts);
      expect(rows.every((row) => row.ackReminderQueuedAt !== null)).toBe(true);
    });
  },
  { clock: time.clock },
);
