import {
  isTransitionAllowed,
  PAYMENT_MESSAGES,
  POLICY_STATUSES,
  transitionRefusal,
  type PolicyEventType,
  type PolicyStatus,
} from '@fhp/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { cancellationRequests, instalmentReminders, ledgerEntries, payments, payouts, policies, transactionLog, users } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import type { PolicyRow } from '../src/modules/lifecycle/repository';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp, testConfig } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';
import { download, makeProvisional, paymentInput, pdfText, recordPaymentAs, settableClock } from './lifecycle-helpers';

/*
 * The lifecycle's rules as the API and the jobs apply them (issue 7): what a discounted policy owes,
 * a refusal for every transition the state machine forbids that an operation can ask for, nothing
 * stored on a refused payment, the per-channel reference rule, reminders by SMS only to a verified
 * phone, and the season-start and expiry jobs catching up after downtime.
 */

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());
const time = settableClock('2027-03-15T16:00:00Z');
const env = { SMTP_URL: smtp.url };
const HOLDER = 'purchaser@fhp.example';
const OTHER = 'purchaser.b@fhp.example';

const CANCEL = 'mutation Cancel($policyId: String!, $reason: String!) { cancelPolicy(policyId: $policyId, reason: $reason) { status } }';
const APPROVE = 'mutation Approve($policyId: String!) { approveCancellation(policyId: $policyId) { status } }';
const REJECT = 'mutation Reject($policyId: String!, $comment: String!) { rejectCancellation(policyId: $policyId, comment: $comment) { status } }';
const WIRE = 'mutation Wire($payoutId: String!, $wireReference: String!) { recordPayoutWire(payoutId: $payoutId, wireReference: $wireReference) { id } }';
const ACKNOWLEDGE = 'mutation Ack($payoutIds: [String!]!) { acknowledgePayout(payoutIds: $payoutIds) { message } }';

type Body = { errors?: { extensions?: { display_message?: string; code?: string } }[] };
const refusalOf = (body: Body) => body.errors?.[0]?.extensions?.display_message;

async function stored(app: FastifyInstance) {
  const db = app.db;
  const [p, l, t, o, c] = await Promise.all([db.$count(payments), db.$count(ledgerEntries), db.$count(transactionLog), db.$count(payouts), db.$count(cancellationRequests)]);
  return { payments: p, ledger: l, log: t, payouts: o, cancellationRequests: c };
}

async function policyRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(policies).where(eq(policies.id, id));
  return row!;
}

/** Puts a fresh policy in a status by hand (the type that status has in real life), as a fixture. */
async function policyIn(app: FastifyInstance, status: PolicyStatus): Promise<PolicyRow> {
  const policy = await makeProvisional(app, HOLDER, { plan: 'FULL' });
  const actual = status !== 'PAYMENT_PENDING' && status !== 'CANCELED';
  await app.db
    .update(policies)
    .set({ status, type: actual ? 'ACTUAL' : 'PROVISIONAL', paidCents: actual ? policy.premiumCents : 0 })
    .where(eq(policies.id, policy.id));
  return policyRow(app, policy.id);
}

describeApp(
  'lifecycle rules: discounts, forbidden transitions, payment refusals, reminders, catching up',
  (suite) => {
    const tokens = {} as Record<'holder' | 'other' | 'teller' | 'admin', string>;
    beforeAll(async () => {
      time.set('2027-03-15T16:00:00Z');
      tokens.holder = await tokenFor(suite.app, HOLDER);
      tokens.other = await tokenFor(suite.app, OTHER);
      tokens.teller = await tokenFor(suite.app, 'teller@fhp.example');
      tokens.admin = await tokenFor(suite.app, 'admin@fhp.example');
    });

    it('a discounted policy owes the discounted premium: an overpayment is judged against it, and paying it in full issues the contract', async () => {
      const { app } = suite;
      time.set('2027-03-15T16:00:00Z');
      // gd, EC$25,000, option 3: EC$1,960.00 before the offer; 10% off: EC$1,764.00 in two instalments.
      const policy = await makeProvisional(app, HOLDER, { discountPercent: 10 });
      expect(policy).toMatchObject({ premiumCents: 196_000, discountedPremiumCents: 176_400 });

      const first = await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, '882.00'));
      expect(first.body.errors).toBeUndefined();
      expect(first.body.data!.recordPayment.policy).toMatchObject({ paymentState: 'PARTIALLY_PAID', paid: { cents: 88_200 }, outstanding: { cents: 88_200 } });

      const before = await stored(app);
      // What would be left of the undiscounted premium, and a cent over the discounted one: both too much.
      for (const [amount, message] of [
        ['1078.00', 'The payment of EC$1,078.00 is more than the EC$882.00 still due'],
        ['882.01', 'The payment of EC$882.01 is more than the EC$882.00 still due'],
      ]) {
        const over = await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, amount!));
        expect(refusalOf(over.body)).toBe(message);
      }
      expect(await stored(app)).toEqual(before);

      const last = await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, '882.00'));
      expect(last.body.errors).toBeUndefined();
      expect(last.body.data!.recordPayment).toMatchObject({
        contractIssued: true,
        policy: { type: 'ACTUAL', status: 'ISSUED', paymentState: 'FULLY_PAID', paid: { cents: 176_400 }, outstanding: { cents: 0 } },
      });
      expect(await policyRow(app, policy.id)).toMatchObject({ paidCents: 176_400, refundDueCents: 0 });
      // Nothing more is taken once it is fully paid, not even a cent.
      expect(refusalOf((await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, '0.01'))).body)).toBe('A policy that is ISSUED cannot receive a payment');

      // The contract states the discounted premium as what was paid.
      const pdf = await download(app, tokens.holder, `/api/v1/policies/${policy.policyNumber}/contract`);
      expect(pdf.statusCode).toBe(200);
      expect((await pdfText(pdf.rawPayload)).text).toContain('EC$1,764.00');
    });

    // Every event an operation can ask for, and how to ask for it against a policy.
    const operations: Partial<Record<PolicyEventType, (app: FastifyInstance, policy: PolicyRow) => Promise<Body>>> = {
      PAYMENT_RECORDED: async (app, policy) => (await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, 1))).body,
      CANCELLATION_REQUESTED: async (app, policy) => (await gqlAs(app, tokens.holder, CANCEL, { policyId: policy.id, reason: 'We moved away' })).body,
      CANCELLATION_APPROVED: async (app, policy) => (await gqlAs(app, tokens.admin, APPROVE, { policyId: policy.id })).body,
      CANCELLATION_REJECTED: async (app, policy) => (await gqlAs(app, tokens.admin, REJECT, { policyId: policy.id, comment: 'Paid in full' })).body,
      PAYOUT_PAID: async (app, policy) => {
        const [payout] = await app.db
          .insert(payouts)
          .values({ policyId: policy.id, stormRef: `AL01${policy.policyNumber}`, percent: 25, contractPercent: 25, amountCents: 625_000, status: 'PENDING', createdAt: time.clock() })
          .returning();
        return (await gqlAs(app, tokens.admin, WIRE, { payoutId: payout!.id, wireReference: 'WIRE-1' })).body;
      },
      PAYOUT_ACKNOWLEDGED: async (app, policy) => {
        const [payout] = await app.db
          .insert(payouts)
          .values({ policyId: policy.id, stormRef: `AL02${policy.policyNumber}`, percent: 25, contractPercent: 25, amountCents: 625_000, status: 'PAID', wireReference: 'WIRE-2', paidAt: time.clock(), createdAt: time.clock() })
          .returning();
        return (await gqlAs(app, tokens.holder, ACKNOWLEDGE, { payoutIds: [payout!.id] })).body;
      },
    };

    it('refuses every transition the state machine forbids that an operation can ask for, with its sentence, storing nothing', async () => {
      const { app } = suite;
      time.set('2027-03-15T16:00:00Z');
      const cases = Object.keys(operations).flatMap((event) =>
        POLICY_STATUSES.filter((status) => !isTransitionAllowed(status, event as PolicyEventType)).map((status) => [event as PolicyEventType, status] as const),
      );
      // Four operations refused from seven of the eight statuses; a wire from six (it is also taken
      // after the cover has ended: a late track pays an expired policy, decision 140); an
      // acknowledgement from five (also while another payout waits for its wire, and after the cover ended).
      expect(cases).toHaveLength(4 * 7 + 6 + 5);
      for (const [event, status] of cases) {
        const policy = await policyIn(app, status);
        const before = await stored(app);
        const answer = await operations[event]!(app, policy);
        expect(refusalOf(answer), `${event} from ${status}`).toBe(transitionRefusal(status, event)!.message);
        const after = await stored(app);
        // The fixture's own payout row is all that is new.
        expect({ ...after, payouts: before.payouts }, `${event} from ${status}`).toEqual(before);
        expect(await policyRow(app, policy.id), `${event} from ${status}`).toEqual(policy);
      }
      expect(await verifyStoredLedger(app.db)).toMatchObject({ ok: true });
    });

    it('a payment on a CANCELED or EXPIRED policy stores nothing; a reference used there is not the reason given', async () => {
      const { app } = suite;
      time.set('2027-03-15T16:00:00Z');
      const open = await makeProvisional(app, HOLDER);
      const used = paymentInput(open.policyNumber, 10);
      expect((await recordPaymentAs(app, tokens.teller, used)).body.errors).toBeUndefined();

      for (const status of ['CANCELED', 'EXPIRED'] as const) {
        const closed = await policyIn(app, status);
        const before = await stored(app);
        for (const input of [paymentInput(closed.policyNumber, 10), { ...paymentInput(closed.policyNumber, 10), reference: used.reference }]) {
          const { body } = await recordPaymentAs(app, tokens.teller, input);
          expect(refusalOf(body), `${status} ${input.reference}`).toBe(`A policy that is ${status} cannot receive a payment`);
        }
        expect(await stored(app)).toEqual(before);
        expect(await app.db.select().from(payments).where(eq(payments.policyId, closed.id))).toEqual([]);
        expect(await policyRow(app, closed.id)).toEqual(closed);
      }

      // A real collision on a policy that can take a payment: the same slip at the same channel.
      const other = await makeProvisional(app, OTHER);
      const before = await stored(app);
      const again = await recordPaymentAs(app, tokens.teller, { ...paymentInput(other.policyNumber, 10), reference: ` ${used.reference.toLowerCase().replace(/-/g, ' ')} ` });
      expect(refusalOf(again.body)).toBe(PAYMENT_MESSAGES.referenceUsed);
      expect(await stored(app)).toEqual(before);
      // References are unique per channel (decision 013): the same text as a bank transfer is another payment.
      const transfer = await recordPaymentAs(app, tokens.admin, { ...paymentInput(other.policyNumber, 10), channel: 'BANK_TRANSFER', reference: used.reference });
      expect(transfer.body.errors).toBeUndefined();
    });

    it('reminds a holder whose phone is not verified by email only; once verified, by SMS too', async () => {
      const { app } = suite;
      time.set('2027-03-15T16:00:00Z');
      const [holder] = await app.db.select().from(users).where(eq(users.email, OTHER));
      expect(holder!.phone).toBeTruthy();
      await app.db.update(users).set({ phoneVerified: false }).where(eq(users.id, holder!.id));
      const policy = await makeProvisional(app, OTHER, { plan: 'INSTALMENTS_4', purchasedAt: '2027-03-15T16:00:00Z' });
      expect((await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, '490.00', { paidOn: '2027-03-15' }))).body.errors).toBeUndefined();
      app.identity.outbox.clear();
      const texts = () => app.identity.outbox.list().filter((message) => message.channel === 'sms' && message.text.includes(policy.policyNumber));

      // Seven days before instalment 2 (due 09/04/2027): an email, no text.
      time.set('2027-04-02T13:00:00Z');
      await app.jobs.run('instalment-reminders', 'rules-apr-2');
      let mail = await smtp.waitForMessage(OTHER);
      while (mail.subject !== `Payment reminder for policy ${policy.policyNumber}`) mail = await smtp.waitForMessage(OTHER);
      await app.identity.deliveries.settle();
      expect(texts()).toEqual([]);
      expect(app.identity.outbox.list().filter((message) => message.channel === 'sms' && message.to === holder!.phone)).toEqual([]);

      // The phone is verified before the instalment is missed: that reminder is texted as well.
      await app.db.update(users).set({ phoneVerified: true }).where(eq(users.id, holder!.id));
      time.set('2027-04-10T13:00:00Z');
      await app.jobs.run('instalment-reminders', 'rules-apr-10');
      mail = await smtp.waitForMessage(OTHER);
      while (mail.subject !== `Missed payment on policy ${policy.policyNumber}`) mail = await smtp.waitForMessage(OTHER);
      await app.identity.deliveries.settle();
      expect(texts()).toHaveLength(1);
      expect(texts()[0]).toMatchObject({ to: holder!.phone });
      const sent = await app.db.select().from(instalmentReminders).where(eq(instalmentReminders.policyId, policy.id));
      expect(sent.map((row) => [row.instalmentNumber, row.kind]).sort()).toEqual([[2, 'MISSED'], [2, 'UPCOMING']]);
    });

    it('catches up after downtime: a server first started after June 1 moves issued policies to EVENT_MONITORING, one started after May 31 of the cover year expires them', async () => {
      time.set('2027-03-15T16:00:00Z');
      // 2027's cover starts 2027-06-01; 2026's ran from 2026-06-01 to 2027-05-31 and was never watched.
      const watched = await makeProvisional(suite.app, HOLDER, { plan: 'FULL' });
      const wholeTermMissed = await makeProvisional(suite.app, OTHER, { plan: 'FULL', seasonYear: 2026, purchasedAt: '2026-03-01T16:00:00Z' });
      for (const policy of [watched, wholeTermMissed]) {
        // Each paid before its season's deadline (2026's was May 31, 2026), recorded today.
        const paidOn = policy.seasonYear === 2026 ? '2026-03-10' : '2027-03-10';
        const paid = await recordPaymentAs(suite.app, tokens.teller, paymentInput(policy.policyNumber, (policy.premiumCents / 100).toFixed(2), { paidOn }));
        expect(paid.body.data?.recordPayment.policy.status, JSON.stringify(paid.body.errors)).toBe('ISSUED');
      }
      const startAt = async (iso: string, check: (app: FastifyInstance) => Promise<void>) => {
        const app = await buildApp({ config: testConfig(env), database: suite.database, clock: () => new Date(iso) });
        try {
          await app.ready();
          await app.jobs.idle();
          await check(app);
        } finally {
          await app.close();
        }
      };
      const statusChanges = async (app: FastifyInstance, policy: PolicyRow) =>
        (await app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, policy.policyNumber)).orderBy(asc(transactionLog.createdAt), asc(transactionLog.seq)))
          .map((entry) => entry.action)
          .filter((action) => action === 'Event monitoring started' || action === 'Policy expired');

      // Down from March to June 5: the season-start step runs at the next start; the 2026 policy,
      // whose whole term passed meanwhile, is expired at the same start.
      await startAt('2027-06-05T12:00:00Z', async (app) => {
        expect((await policyRow(app, watched.id)).status).toBe('EVENT_MONITORING');
        expect(await statusChanges(app, watched)).toEqual(['Event monitoring started']);
        expect(await policyRow(app, wholeTermMissed.id)).toMatchObject({ status: 'EXPIRED', type: 'ACTUAL' });
        expect((await statusChanges(app, wholeTermMissed)).at(-1)).toBe('Policy expired');
      });
      // A second start on the same day changes nothing.
      await startAt('2027-06-05T13:00:00Z', async (app) => {
        expect(await statusChanges(app, watched)).toEqual(['Event monitoring started']);
      });
      // Down again until after May 31 of the cover year: expired at the next start, once.
      await startAt('2028-06-03T12:00:00Z', async (app) => {
        expect(await policyRow(app, watched.id)).toMatchObject({ status: 'EXPIRED', type: 'ACTUAL' });
        expect(await statusChanges(app, watched)).toEqual(['Event monitoring started', 'Policy expired']);
        expect(await verifyStoredLedger(app.db)).toMatchObject({ ok: true });
      });
      await startAt('2028-06-04T12:00:00Z', async (app) => {
        expect(await statusChanges(app, watched)).toEqual(['Event monitoring started', 'Policy expired']);
      });
    });
  },
  { clock: time.clock, env },
);
