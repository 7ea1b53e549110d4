import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cancellationRequests, ledgerEntries, policies, transactionLog } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';
import { makeProvisional, paymentInput, recordPaymentAs, settableClock } from './lifecycle-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());
const time = settableClock('2027-03-15T16:00:00Z');

const CANCEL = 'mutation Cancel($policyId: String!, $reason: String!) { cancelPolicy(policyId: $policyId, reason: $reason) { policyNumber policyId status } }';
const APPROVE = 'mutation Approve($policyId: String!) { approveCancellation(policyId: $policyId) { policyNumber status } }';
const REJECT = 'mutation Reject($policyId: String!, $comment: String!) { rejectCancellation(policyId: $policyId, comment: $comment) { policyNumber status } }';
const LIST = '{ cancellationRequests { policyNumber holderName reason paid { cents } receipts } }';

type Answer = { cancelPolicy?: { policyNumber: string; policyId: string; status: string } };
const message = (body: { errors?: { extensions?: { display_message?: string } }[] }) => body.errors?.[0]?.extensions?.display_message;

async function nextMailWithSubject(to: string, subject: string) {
  let mail = await smtp.waitForMessage(to);
  while (mail.subject !== subject) mail = await smtp.waitForMessage(to);
  return mail;
}

describeApp(
  'cancellation: the holder asks, an admin decides',
  (suite) => {
    const tokens = {} as Record<'holder' | 'other' | 'teller' | 'admin', string>;
    beforeAll(async () => {
      tokens.holder = await tokenFor(suite.app, 'purchaser@fhp.example');
      tokens.other = await tokenFor(suite.app, 'purchaser.b@fhp.example');
      tokens.teller = await tokenFor(suite.app, 'teller@fhp.example');
      tokens.admin = await tokenFor(suite.app, 'admin@fhp.example');
    });

    it('files a request (status unchanged), lists it, approves it: CANCELED with the partial payment flagged for refund, holder emailed', async () => {
      const { app } = suite;
      const policy = await makeProvisional(app, 'purchaser@fhp.example');
      expect((await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, 500))).body.errors).toBeUndefined();

      const asked = await gqlAs<Answer>(app, tokens.holder, CANCEL, { policyId: policy.id, reason: '  Moving to Trinidad  ' });
      expect(asked.body.errors).toBeUndefined();
      expect(asked.body.data!.cancelPolicy).toEqual({ policyNumber: policy.policyNumber, policyId: policy.id, status: 'PAYMENT_PENDING' });
      const again = await gqlAs(app, tokens.holder, CANCEL, { policyId: policy.id, reason: 'Again' });
      expect(message(again.body)).toBe('A cancellation request for this policy is already waiting for review');

      const list = await gqlAs<{ cancellationRequests: { policyNumber: string; holderName: string; reason: string; paid: { cents: number } }[] }>(app, tokens.admin, LIST);
      expect(list.body.data!.cancellationRequests).toContainEqual(
        expect.objectContaining({ policyNumber: policy.policyNumber, holderName: 'Alicia Charles', reason: 'Moving to Trinidad', paid: { cents: 50_000 } }),
      );
      const ledgerBefore = await app.db.$count(ledgerEntries);
      const approved = await gqlAs(app, tokens.admin, APPROVE, { policyId: policy.id });
      expect(approved.body.errors).toBeUndefined();
      const [stored] = await app.db.select().from(policies).where(eq(policies.id, policy.id));
      expect(stored).toMatchObject({ status: 'CANCELED', type: 'PROVISIONAL', refundDueCents: 50_000, paidCents: 50_000 });
      const [request] = await app.db.select().from(cancellationRequests).where(eq(cancellationRequests.policyId, policy.id));
      expect(request).toMatchObject({ status: 'APPROVED', reason: 'Moving to Trinidad' });
      const entries = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, policy.policyNumber));
      expect(entries.map((entry) => entry.kind)).toEqual(['POLICY_CANCELED']);
      expect(JSON.parse(entries[0]!.payload)).toMatchObject({ valueCents: 50_000, data: { reason: 'HOLDER_REQUEST', from: 'PAYMENT_PENDING', to: 'CANCELED' } });
      expect(await app.db.$count(ledgerEntries)).toBe(ledgerBefore + 1);
      expect(await verifyStoredLedger(app.db)).toMatchObject({ ok: true });

      const mail = await nextMailWithSubject('purchaser@fhp.example', `Your policy ${policy.policyNumber} is canceled`);
      expect(mail.text).toContain('EC$500.00 you paid will be refunded');
      const log = await app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, policy.policyNumber)).orderBy(asc(transactionLog.createdAt), asc(transactionLog.seq));
      expect(log.map((entry) => [entry.action, entry.location])).toEqual([
        ['Provisional policy created', 'Customer portal'],
        ['Payment recorded', 'Credit union desk'],
        ['Cancellation requested', 'Customer portal'],
        ['Cancellation approved: policy canceled', 'Back office'],
      ]);

      // Now CANCELED: a payment is refused with the machine's sentence; approving again finds no request.
      const late = await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, 10));
      expect(message(late.body)).toBe('A policy that is CANCELED cannot receive a payment');
      expect(message((await gqlAs(app, tokens.admin, APPROVE, { policyId: policy.id })).body)).toBe('A policy that is CANCELED cannot have a cancellation approved');
    });

    it('rejects with a required comment (the policy stays as it was) and emails the holder', async () => {
      const { app } = suite;
      const policy = await makeProvisional(app, 'purchaser@fhp.example');
      expect((await gqlAs(app, tokens.holder, CANCEL, { policyId: policy.id, reason: 'Not sure' })).body.errors).toBeUndefined();
      expect(message((await gqlAs(app, tokens.admin, REJECT, { policyId: policy.id, comment: '  ' })).body)).toBe('A comment is required to reject a cancellation request');
      const rejected = await gqlAs(app, tokens.admin, REJECT, { policyId: policy.id, comment: 'Your first instalment is already paid <b>in part</b>' });
      expect(rejected.body.errors).toBeUndefined();
      const [stored] = await app.db.select().from(policies).where(eq(policies.id, policy.id));
      expect(stored).toMatchObject({ status: 'PAYMENT_PENDING', refundDueCents: 0 });
      const mail = await nextMailWithSubject('purchaser@fhp.example', `Your cancellation request for ${policy.policyNumber}`);
      expect(mail.text).toContain('Comment from our team: Your first instalment is already paid <b>in part</b>');
      expect(mail.html).toContain('&lt;b&gt;in part&lt;/b&gt;');
      // Rejected, so it can be asked again; approving without a request is refused.
      const other = await makeProvisional(app, 'purchaser@fhp.example');
      expect(message((await gqlAs(app, tokens.admin, APPROVE, { policyId: other.id })).body)).toBe('There is no cancellation request to approve');
      expect(message((await gqlAs(app, tokens.admin, REJECT, { policyId: other.id, comment: 'No' })).body)).toBe('There is no cancellation request to reject');
    });

    it('refuses a request on an ACTUAL policy, a missing or overlong reason, and anyone but the holder; only an admin decides', async () => {
      const { app } = suite;
      const policy = await makeProvisional(app, 'purchaser@fhp.example', { plan: 'FULL' });
      const before = await app.db.$count(cancellationRequests);
      expect(message((await gqlAs(app, tokens.holder, CANCEL, { policyId: policy.id, reason: '' })).body)).toBe('Reason is required');
      expect(message((await gqlAs(app, tokens.holder, CANCEL, { policyId: policy.id, reason: 'x'.repeat(1001) })).body)).toBe('Reason must be at most 1000 characters');
      expect((await gqlAs(app, tokens.other, CANCEL, { policyId: policy.id, reason: 'Mine now' })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect((await gqlAs(app, tokens.teller, CANCEL, { policyId: policy.id, reason: 'For them' })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect((await gqlAs(app, tokens.admin, CANCEL, { policyId: policy.id, reason: 'For them' })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(message((await gqlAs(app, tokens.holder, CANCEL, { policyId: 'not-an-id', reason: 'Why' })).body)).toBe('This policy was not found.');
      // Not a uuid, though it looks like one: "not found", never a database error.
      expect(message((await gqlAs(app, tokens.admin, APPROVE, { policyId: '-'.repeat(36) })).body)).toBe('This policy was not found.');
      for (const token of [tokens.holder, tokens.teller]) {
        expect((await gqlAs(app, token, APPROVE, { policyId: policy.id })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect((await gqlAs(app, token, LIST)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
      expect(await app.db.$count(cancellationRequests)).toBe(before);

      expect((await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, '1960'))).body.data?.recordPayment.policy.type).toBe('ACTUAL');
      expect(message((await gqlAs(app, tokens.holder, CANCEL, { policyId: policy.id, reason: 'Too late?' })).body)).toBe('A policy that is ISSUED cannot be canceled');
      expect(await app.db.$count(cancellationRequests)).toBe(before);
    });

    it('closes a pending request in the same step when the policy is paid in full or canceled at the deadline (issue 19 item 4)', async () => {
      const { app } = suite;
      time.set('2027-03-15T16:00:00Z');
      const paid = await makeProvisional(app, 'purchaser@fhp.example', { plan: 'FULL' });
      const unpaid = await makeProvisional(app, 'purchaser@fhp.example', { plan: 'FULL' });
      for (const policy of [paid, unpaid]) {
        expect((await gqlAs(app, tokens.holder, CANCEL, { policyId: policy.id, reason: 'Not sure yet' })).body.errors).toBeUndefined();
      }
      const queued = async () => (await gqlAs<{ cancellationRequests: { policyNumber: string }[] }>(app, tokens.admin, LIST)).body.data!.cancellationRequests.map((r) => r.policyNumber);
      expect(await queued()).toEqual(expect.arrayContaining([paid.policyNumber, unpaid.policyNumber]));

      expect((await recordPaymentAs(app, tokens.teller, paymentInput(paid.policyNumber, '1960'))).body.data?.recordPayment.policy.status).toBe('ISSUED');
      const [closedByPayment] = await app.db.select().from(cancellationRequests).where(eq(cancellationRequests.policyId, paid.id));
      expect(closedByPayment).toMatchObject({ status: 'CLOSED', comment: 'Closed: the premium was paid in full and the contract issued', decidedAt: new Date('2027-03-15T16:00:00Z') });
      expect(await queued()).not.toContain(paid.policyNumber);
      const log = await app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, paid.policyNumber)).orderBy(asc(transactionLog.seq));
      expect(log.find((entry) => entry.action === 'Payment recorded')?.payload).toMatchObject({ to: 'ISSUED', cancellationRequestClosed: true });

      time.set('2027-06-01T12:00:00Z');
      expect(await app.jobs.run('payment-deadline', 'closes-requests')).toMatchObject({ ran: true });
      const [closedByDeadline] = await app.db.select().from(cancellationRequests).where(eq(cancellationRequests.policyId, unpaid.id));
      expect(closedByDeadline).toMatchObject({ status: 'CLOSED', decidedBy: null, comment: 'Closed: the policy was canceled at the payment deadline' });
      const admin = await tokenFor(app, 'admin@fhp.example');
      expect((await gqlAs<{ cancellationRequests: { policyNumber: string }[] }>(app, admin, LIST)).body.data!.cancellationRequests.map((r) => r.policyNumber)).not.toContain(unpaid.policyNumber);
      time.set('2027-03-15T16:00:00Z');
    });
  },
  { clock: time.clock, env: { SMTP_URL: smtp.url } },
);
