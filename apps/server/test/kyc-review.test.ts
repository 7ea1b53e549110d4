/**
 * The administrators' KYC review (issue 11 item 5): the queue of waiting documents, accept, reject
 * with a comment that the holder reads through getMyProfile, and the refusals.
 */
import { KYC_REVIEW_MESSAGES } from '@fhp/domain';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kycDocuments, transactionLog } from '../src/db/schema';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';
import { uploadProof } from './files-helpers';
import { customerWithKyc } from './purchase-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

const QUEUE = '{ kycReviewQueue { id type name status holderEmail holderName doc fileType } }';
const REVIEW = `mutation($documentId: String!, $decision: String!, $comment: String) {
  reviewKycDocument(documentId: $documentId, decision: $decision, comment: $comment) { id status comment } }`;

interface QueueItem {
  id: string;
  type: string;
  status: string;
  holderEmail: string;
  doc: string;
}

describeApp(
  'KYC review by an administrator',
  (suite) => {
    let admin: string;
    beforeAll(async () => {
      admin = await tokenFor(suite.app, 'admin@fhp.example');
    });
    const queue = async () => (await gqlAs<{ kycReviewQueue: QueueItem[] }>(suite.app, admin, QUEUE)).body.data?.kycReviewQueue ?? [];
    const review = (variables: Record<string, unknown>) => gqlAs<{ reviewKycDocument: { status: string; comment: string | null } }>(suite.app, admin, REVIEW, variables);

    it('lists the waiting documents, rejects one with a comment the holder reads, accepts the other', async () => {
      const email = `kyc.review.${randomUUID().slice(0, 8)}@fhp.example`;
      const holder = await customerWithKyc(suite.app, smtp, email);
      const mine = (await queue()).filter((item) => item.holderEmail === email);
      expect(mine.map((item) => [item.type, item.status])).toEqual([
        ['ID_PROOF', 'SUBMITTED'],
        ['ADDRESS_PROOF', 'SUBMITTED'],
      ]);
      // The admin can open the file itself.
      const file = await suite.app.inject({ method: 'GET', url: mine[0]!.doc, headers: { authorization: `Bearer ${admin}` } });
      expect(file.statusCode).toBe(200);

      const noComment = await review({ documentId: mine[0]!.id, decision: 'REJECT', comment: '  ' });
      expect(noComment.body.errors?.[0]?.message).toBe(KYC_REVIEW_MESSAGES.commentRequired);
      const rejected = await review({ documentId: mine[0]!.id, decision: 'REJECT', comment: 'The passport photo is blurred' });
      expect(rejected.body.data?.reviewKycDocument).toMatchObject({ status: 'REJECTED', comment: 'The passport photo is blurred' });
      const accepted = await review({ documentId: mine[1]!.id, decision: 'ACCEPT' });
      expect(accepted.body.data?.reviewKycDocument).toMatchObject({ status: 'ACCEPTED', comment: null });

      const profile = await gqlAs<{ getMyProfile: { kyc: { status: string; comment: string | null }[] } }>(
        suite.app,
        holder,
        '{ getMyProfile(input: {}) { kyc { status comment } } }',
      );
      expect(profile.body.data?.getMyProfile.kyc).toEqual([
        { status: 'REJECTED', comment: 'The passport photo is blurred' },
        { status: 'ACCEPTED', comment: null },
      ]);
      expect((await queue()).some((item) => item.holderEmail === email)).toBe(false);

      // Decided once: a second decision is refused and changes nothing.
      expect((await review({ documentId: mine[0]!.id, decision: 'ACCEPT' })).body.errors?.[0]?.message).toBe(KYC_REVIEW_MESSAGES.notWaiting);
      const logged = await suite.app.db
        .select({ action: transactionLog.action })
        .from(transactionLog)
        .where(and(eq(transactionLog.type, 'KYC_SUBMISSION'), eq(transactionLog.action, 'KYC document rejected')));
      expect(logged.length).toBeGreaterThan(0);
    });

    it('leaves a deleted account\'s documents out of the queue', async () => {
      const email = `kyc.deleted.${randomUUID().slice(0, 8)}@fhp.example`;
      await customerWithKyc(suite.app, smtp, email);
      expect((await queue()).filter((item) => item.holderEmail === email)).toHaveLength(2);
      const removed = await gqlAs(suite.app, admin, 'mutation($email: String!) { removeUser(email: $email) { message } }', { email });
      expect(removed.body.errors).toBeUndefined();
      // The account's email is now deleted-…@deleted.invalid: no document of a deleted account is left.
      const left = await queue();
      expect(left.some((item) => item.holderEmail === email || item.holderEmail.endsWith('@deleted.invalid'))).toBe(false);
    });

    it('lists only the latest proof of each kind: a replaced one leaves the queue and cannot be decided', async () => {
      const email = `kyc.replaced.${randomUUID().slice(0, 8)}@fhp.example`;
      const holder = await customerWithKyc(suite.app, smtp, email);
      const [oldId] = (await queue()).filter((item) => item.holderEmail === email && item.type === 'ID_PROOF');
      const file = await uploadProof(suite.app, holder, 'ID_PROOF');
      const edited = await gqlAs(suite.app, holder, 'mutation($input: EditKYCDocInput!) { editKYCDoc(input: $input) { message } }', {
        input: { documents: [{ fileId: file.id, type: 'ID_PROOF', name: 'driverLicense' }] },
      });
      expect(edited.body.errors).toBeUndefined();
      const mine = (await queue()).filter((item) => item.holderEmail === email);
      expect(mine.map((item) => item.type).sort()).toEqual(['ADDRESS_PROOF', 'ID_PROOF']);
      expect(mine.some((item) => item.id === oldId!.id)).toBe(false);
      const refused = await review({ documentId: oldId!.id, decision: 'ACCEPT' });
      expect(refused.body.errors?.[0]?.message).toBe(KYC_REVIEW_MESSAGES.superseded);
      const [row] = await suite.app.db.select({ status: kycDocuments.status }).from(kycDocuments).where(eq(kycDocuments.id, oldId!.id));
      expect(row?.status).toBe('SUBMITTED');
    });

    it('refuses an unknown document, a bad decision and an overlong comment in words', async () => {
      expect((await review({ documentId: randomUUID(), decision: 'ACCEPT' })).body.errors?.[0]?.message).toBe(KYC_REVIEW_MESSAGES.notFound);
      expect((await review({ documentId: 'nope', decision: 'ACCEPT' })).body.errors?.[0]?.message).toBe(KYC_REVIEW_MESSAGES.notFound);
      expect((await review({ documentId: randomUUID(), decision: 'MAYBE' })).body.errors?.[0]?.message).toBe(KYC_REVIEW_MESSAGES.decisionInvalid);
      expect((await review({ documentId: randomUUID(), decision: 'REJECT', comment: 'x'.repeat(501) })).body.errors?.[0]?.message).toBe(
        KYC_REVIEW_MESSAGES.commentTooLong,
      );
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
