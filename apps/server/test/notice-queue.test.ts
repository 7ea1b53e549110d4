/**
 * Lifecycle notices through the delivery queue (decision 085): each is written in the transaction
 * of the change it reports, so a change that fails queues nothing and a committed one is sent even
 * when its process stops before sending (a fresh worker on the same database sends it), the
 * contract with its stored PDF attached.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { cancellationRequests, files, outboundMessages, policies } from '../src/db/schema';
import { defineAbilityFor } from '@fhp/domain';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { decideCancellation } from '../src/modules/lifecycle/cancellation';
import { issueContract } from '../src/modules/lifecycle/contract';
import { lifecycleDeps, type LifecycleDeps } from '../src/modules/lifecycle/deps';
import { describeApp, testConfig } from './harness';
import { gqlAs, tokenFor, userId } from './identity-helpers';
import { makeProvisional, paymentInput, recordPaymentAs, settableClock } from './lifecycle-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());
const time = settableClock('2027-03-15T16:00:00Z');
const env = { SMTP_URL: smtp.url };
const HOLDER = 'purchaser@fhp.example';
const CANCEL = 'mutation Cancel($policyId: String!, $reason: String!) { cancelPolicy(policyId: $policyId, reason: $reason) { status } }';

class FailedAfterQueuing extends Error {}

/** The app's lifecycle deps, whose queue writes the messages and then fails the change's transaction. */
function failingAfterQueue(deps: LifecycleDeps): LifecycleDeps {
  return {
    ...deps,
    deliveries: {
      async enqueue(tx, messages) {
        await deps.deliveries.enqueue(tx, messages);
        throw new FailedAfterQueuing('the change failed after its notice was queued');
      },
      kick: () => deps.deliveries.kick(),
    },
  };
}

describeApp(
  'lifecycle notices through the delivery queue',
  (suite) => {
    const tokens = {} as Record<'holder' | 'teller' | 'admin', string>;
    beforeAll(async () => {
      time.set('2027-03-15T16:00:00Z');
      tokens.holder = await tokenFor(suite.app, HOLDER);
      tokens.teller = await tokenFor(suite.app, 'teller@fhp.example');
      tokens.admin = await tokenFor(suite.app, 'admin@fhp.example');
    });
    /** What is queued about one policy (its number is in every subject). */
    const queuedAbout = (policyNumber: string) =>
      suite.app.db.select().from(outboundMessages).where(like(outboundMessages.subject, `%${policyNumber}%`));

    it('a cancellation decision that fails after queuing its email keeps neither the decision nor the email', async () => {
      const { app } = suite;
      const policy = await makeProvisional(app, HOLDER);
      expect((await gqlAs(app, tokens.holder, CANCEL, { policyId: policy.id, reason: 'Moving' })).body.errors).toBeUndefined();
      const admin = { userId: await userId(app, 'admin@fhp.example'), ability: defineAbilityFor({ id: await userId(app, 'admin@fhp.example'), role: 'admin' }) };

      await expect(decideCancellation(failingAfterQueue(lifecycleDeps(app)), admin, policy.id, { decision: 'APPROVE' })).rejects.toThrow(FailedAfterQueuing);
      expect(await queuedAbout(policy.policyNumber)).toEqual([]);
      const [stored] = await app.db.select().from(policies).where(eq(policies.id, policy.id));
      expect(stored?.status).toBe('PAYMENT_PENDING');
      const [request] = await app.db.select().from(cancellationRequests).where(eq(cancellationRequests.policyId, policy.id));
      expect(request?.status).toBe('PENDING');
    });

    it('a contract whose transaction fails after queuing its email stores no PDF and queues nothing', async () => {
      const { app } = suite;
      const policy = await makeProvisional(app, HOLDER, { plan: 'FULL' });
      // Issued by the payment; its contract step (after the commit) is what fails here.
      const failing = failingAfterQueue(lifecycleDeps(app));
      const paid = await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, (policy.premiumCents / 100).toFixed(2)));
      expect(paid.body.errors).toBeUndefined();
      // Read here, so a later wait (or the other database's run) never mistakes it for its own.
      let mail = await smtp.waitForMessage(HOLDER);
      while (mail.subject !== `Your policy ${policy.policyNumber} is issued`) mail = await smtp.waitForMessage(HOLDER);
      // The app made its contract already: take it away (and its file) to make it again, failing.
      const [made] = await app.db.select().from(policies).where(eq(policies.id, policy.id));
      await app.db.update(policies).set({ contractFileId: null }).where(eq(policies.id, policy.id));
      await app.db.delete(files).where(eq(files.id, made!.contractFileId!));
      await app.identity.deliveries.settle();
      await expect(issueContract(failing, policy.id, 'http://localhost')).rejects.toThrow(FailedAfterQueuing);
      expect(await queuedAbout(policy.policyNumber)).toEqual([]);
      const [after] = await app.db.select().from(policies).where(eq(policies.id, policy.id));
      expect(after?.contractFileId).toBeNull();
    });

    it('a contract queued by a process that stops before sending is sent by a fresh worker on the same database, with its stored PDF', async () => {
      const { app } = suite;
      const policy = await makeProvisional(app, HOLDER, { plan: 'FULL' });
      // This process sends nothing from now on, as if it died right after the commit.
      await app.identity.deliveries.stop();
      try {
        const paid = await recordPaymentAs(app, tokens.teller, paymentInput(policy.policyNumber, (policy.premiumCents / 100).toFixed(2)));
        expect(paid.body.errors).toBeUndefined();
        const [issued] = await app.db.select().from(policies).where(eq(policies.id, policy.id));
        expect(issued?.contractFileId).toBeTruthy();
        const waiting = await app.db
          .select()
          .from(outboundMessages)
          .where(and(eq(outboundMessages.recipient, HOLDER), eq(outboundMessages.kind, 'contract email')));
        expect(waiting).toEqual([expect.objectContaining({ attempts: 0, reference: issued!.contractFileId })]);

        const fresh = await buildApp({ config: testConfig(env), database: suite.database, clock: time.clock });
        try {
          await fresh.ready();
          let mail = await smtp.waitForMessage(HOLDER, { timeoutMs: 15_000 });
          while (mail.subject !== `Your policy ${policy.policyNumber} is issued`) mail = await smtp.waitForMessage(HOLDER, { timeoutMs: 15_000 });
          expect(mail.text).toContain('Your contract is attached to this email as a PDF.');
          const [file] = await app.db.select().from(files).where(eq(files.id, issued!.contractFileId!));
          expect(mail.attachments).toHaveLength(1);
          expect(mail.attachments[0]).toMatchObject({ filename: `${policy.policyNumber}.pdf`, contentType: 'application/pdf' });
          expect(Buffer.compare(mail.attachments[0]!.content, file!.bytes)).toBe(0);
          await fresh.identity.deliveries.settle();
        } finally {
          await fresh.close();
        }
        expect(await app.db.select().from(outboundMessages).where(eq(outboundMessages.kind, 'contract email'))).toEqual([]);
      } finally {
        app.identity.deliveries.start();
      }
    });
  },
  { clock: time.clock, env },
);
