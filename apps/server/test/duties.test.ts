/**
 * Issue 19 item 6, product-decisions "Duties": nobody acts as staff on their own records. A teller
 * or admin who holds a policy cannot record its payments or decide its cancellation, an admin cannot
 * review their own KYC documents or record their own payout's wire; another staff member can. The
 * staff lists say which records are the caller's own ("yours").
 */
import { OWN_RECORD_MESSAGES } from '@fhp/domain';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cancellationRequests, kycDocuments, payments, payouts, policies, users } from '../src/db/schema';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { gqlAs, tokenFor, userId } from './identity-helpers';
import { makeProvisional, paymentInput, recordPaymentAs, settableClock } from './lifecycle-helpers';
import { customerWithKyc } from './purchase-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());
const time = settableClock('2027-03-15T16:00:00Z');

const APPROVE = 'mutation Approve($policyId: String!) { approveCancellation(policyId: $policyId) { policyNumber status } }';
const REJECT = 'mutation Reject($policyId: String!, $comment: String!) { rejectCancellation(policyId: $policyId, comment: $comment) { policyNumber status } }';
const REQUESTS = '{ cancellationRequests { policyNumber yours } }';
const QUEUE = '{ kycReviewQueue { id holderEmail yours } }';
const REVIEW = 'mutation($documentId: String!, $decision: String!) { reviewKycDocument(documentId: $documentId, decision: $decision) { id status } }';
const WIRE = 'mutation Wire($payoutId: String!, $wireReference: String!) { recordPayoutWire(payoutId: $payoutId, wireReference: $wireReference) { id status yours } }';
const PAYOUTS = 'query P($id: String!) { stormPayouts(stormId: $id) { id yours } }';
const DESK = 'query Desk($search: String!) { paymentDesk(search: $search) { policyNumber yours } }';

const message = (body: { errors?: { extensions?: { display_message?: string; code?: string } }[] }) => body.errors?.[0]?.extensions;

describeApp(
  'duties: nobody acts as staff on their own records',
  (suite) => {
    const tokens = {} as Record<'teller' | 'admin' | 'secondAdmin', string>;
    let secondAdminEmail: string;
    beforeAll(async () => {
      tokens.teller = await tokenFor(suite.app, 'teller@fhp.example');
      tokens.admin = await tokenFor(suite.app, 'admin@fhp.example');
      // A customer who became an administrator: their own KYC documents wait in the queue.
      secondAdminEmail = `staff.${randomUUID().slice(0, 8)}@fhp.example`;
      await customerWithKyc(suite.app, smtp, secondAdminEmail);
      const [admin] = await suite.app.db.select({ roleId: users.roleId }).from(users).where(eq(users.email, 'admin@fhp.example'));
      await suite.app.db.update(users).set({ roleId: admin!.roleId }).where(eq(users.email, secondAdminEmail));
      suite.app.identity.accounts.invalidate(await userId(suite.app, secondAdminEmail));
      tokens.secondAdmin = await tokenFor(suite.app, secondAdminEmail);
    });

    it('a teller who holds a policy cannot record its payments; the list says it is theirs; an admin records it', async () => {
      const policy = await makeProvisional(suite.app, 'teller@fhp.example');
      const refused = await recordPaymentAs(suite.app, tokens.teller, paymentInput(policy.policyNumber, '100.00'));
      expect(message(refused.body)).toEqual({ code: 'FORBIDDEN', display_message: OWN_RECORD_MESSAGES.payment });
      expect(await suite.app.db.$count(payments, eq(payments.policyId, policy.id))).toBe(0);

      const desk = async (token: string) => (await gqlAs<{ paymentDesk: { policyNumber: string; yours: boolean }[] }>(suite.app, token, DESK, { search: policy.policyNumber })).body.data!.paymentDesk;
      expect(await desk(tokens.teller)).toEqual([{ policyNumber: policy.policyNumber, yours: true }]);
      expect(await desk(tokens.admin)).toEqual([{ policyNumber: policy.policyNumber, yours: false }]);

      const recorded = await recordPaymentAs(suite.app, tokens.admin, paymentInput(policy.policyNumber, '100.00'));
      expect(recorded.body.errors).toBeUndefined();
    });

    it('an admin who holds a policy cannot approve or reject its cancellation; another admin decides', async () => {
      const adminId = await userId(suite.app, 'admin@fhp.example');
      const policy = await makeProvisional(suite.app, 'admin@fhp.example');
      await suite.app.db.insert(cancellationRequests).values({ policyId: policy.id, reason: 'Changed my mind', requestedBy: adminId, requestedAt: time.clock(), status: 'PENDING' });

      const list = async (token: string) => (await gqlAs<{ cancellationRequests: { policyNumber: string; yours: boolean }[] }>(suite.app, token, REQUESTS)).body.data!.cancellationRequests;
      expect((await list(tokens.admin)).find((r) => r.policyNumber === policy.policyNumber)).toEqual({ policyNumber: policy.policyNumber, yours: true });
      expect((await list(tokens.secondAdmin)).find((r) => r.policyNumber === policy.policyNumber)).toEqual({ policyNumber: policy.policyNumber, yours: false });

      for (const [query, variables] of [[APPROVE, { policyId: policy.id }], [REJECT, { policyId: policy.id, comment: 'No' }]] as const) {
        expect(message((await gqlAs(suite.app, tokens.admin, query, variables)).body)).toEqual({ code: 'FORBIDDEN', display_message: OWN_RECORD_MESSAGES.cancellation });
      }
      const [still] = await suite.app.db.select().from(cancellationRequests).where(eq(cancellationRequests.policyId, policy.id));
      expect(still!.status).toBe('PENDING');
      const decided = await gqlAs(suite.app, tokens.secondAdmin, REJECT, { policyId: policy.id, comment: 'Please pay by the deadline' });
      expect(decided.body.errors).toBeUndefined();
    });

    it('an admin cannot review their own KYC documents; another admin does', async () => {
      const queue = async (token: string) =>
        (await gqlAs<{ kycReviewQueue: { id: string; holderEmail: string; yours: boolean }[] }>(suite.app, token, QUEUE)).body.data!.kycReviewQueue.filter((item) => item.holderEmail === secondAdminEmail);
      const own = await queue(tokens.secondAdmin);
      expect(own).toHaveLength(2);
      expect(own.every((item) => item.yours)).toBe(true);
      expect((await queue(tokens.admin)).every((item) => !item.yours)).toBe(true);

      const refused = await gqlAs(suite.app, tokens.secondAdmin, REVIEW, { documentId: own[0]!.id, decision: 'ACCEPT' });
      expect(message(refused.body)).toEqual({ code: 'FORBIDDEN', display_message: OWN_RECORD_MESSAGES.kyc });
      const [doc] = await suite.app.db.select().from(kycDocuments).where(eq(kycDocuments.id, own[0]!.id));
      expect(doc!.status).toBe('SUBMITTED');
      const accepted = await gqlAs<{ reviewKycDocument: { status: string } }>(suite.app, tokens.admin, REVIEW, { documentId: own[0]!.id, decision: 'ACCEPT' });
      expect(accepted.body.data?.reviewKycDocument.status).toBe('ACCEPTED');
    });

    it('an admin cannot record the wire of a payout on their own policy; another admin does', async () => {
      const policy = await makeProvisional(suite.app, 'admin@fhp.example', { plan: 'FULL' });
      // A policy in force with a storm's payout waiting for its wire (as the engine leaves it).
      await suite.app.db.update(policies).set({ type: 'ACTUAL', status: 'PAYOUT_INTIMATION', paidCents: policy.premiumCents }).where(eq(policies.id, policy.id));
      const storm = 'AL992027';
      const [payout] = await suite.app.db
        .insert(payouts)
        .values({ policyId: policy.id, stormRef: storm, percent: 50, contractPercent: 50, amountCents: policy.coverageCents / 2, status: 'PENDING', createdAt: time.clock() })
        .returning();

      const listed = async (token: string) => (await gqlAs<{ stormPayouts: { id: string; yours: boolean }[] }>(suite.app, token, PAYOUTS, { id: storm })).body.data!.stormPayouts;
      expect(await listed(tokens.admin)).toEqual([{ id: payout!.id, yours: true }]);
      expect(await listed(tokens.secondAdmin)).toEqual([{ id: payout!.id, yours: false }]);

      const refused = await gqlAs(suite.app, tokens.admin, WIRE, { payoutId: payout!.id, wireReference: 'WIRE-SELF' });
      expect(message(refused.body)).toEqual({ code: 'FORBIDDEN', display_message: OWN_RECORD_MESSAGES.payoutWire });
      const [pending] = await suite.app.db.select().from(payouts).where(eq(payouts.id, payout!.id));
      expect(pending).toMatchObject({ status: 'PENDING', wireReference: null });

      const wired = await gqlAs<{ recordPayoutWire: { status: string; yours: boolean } }>(suite.app, tokens.secondAdmin, WIRE, { payoutId: payout!.id, wireReference: 'WIRE-OTHER' });
      expect(wired.body.data?.recordPayoutWire).toMatchObject({ status: 'PAID', yours: false });
    });
  },
  { clock: time.clock, env: { SMTP_URL: smtp.url } },
);
