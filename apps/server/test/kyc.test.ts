import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { files, kycDocuments, transactionLog, users } from '../src/db/schema';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { pngBytes, uploadProof } from './files-helpers';
import { describeApp } from './harness';
import { gqlAs } from './identity-helpers';
import { kycInput, newCustomer, rowCounts, SUBMIT_KYC, uploadBothProofs } from './purchase-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

const PROFILE = `{ getMyProfile(input: {}) {
  email firstName lastName gender occupation primaryContactNo phoneVerified kycSubmitted
  address { addressLine1 city country } kyc { doc name status type comment fileType }
} }`;

interface Profile {
  firstName: string | null;
  gender: string | null;
  occupation: string | null;
  primaryContactNo: string | null;
  kycSubmitted: boolean;
  address: { addressLine1: string; city: string; country: string } | null;
  kyc: { doc: string; name: string; status: string; type: string; comment: string | null; fileType: string }[];
}

describeApp(
  'KYC submission',
  (suite) => {
    let n = 0;
    const customer = () => newCustomer(suite.app, smtp, `kyc.customer.${++n}@fhp.example`);

    it('stores profile, address and both proofs, sets kycSubmitted and logs it; the owner reads the files back', async () => {
      const app = suite.app;
      const token = await customer();
      const documents = await uploadBothProofs(app, token);
      const submitted = await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents) });
      expect(submitted.body).toEqual({ data: { SubmitKYCDetails: { message: 'KYC details submitted successfully' } } });

      const profile = (await gqlAs<{ getMyProfile: Profile }>(app, token, PROFILE)).body.data!.getMyProfile;
      expect(profile).toMatchObject({
        firstName: 'Ann Marie',
        gender: 'female',
        occupation: 'Fisher',
        primaryContactNo: '+1 767 555 0101',
        kycSubmitted: true,
        address: { addressLine1: '12 King George V Street', city: 'Roseau', country: 'dm' },
      });
      expect(profile.kyc).toEqual([
        { doc: `/api/v1/files/${documents[0]!.fileId}`, name: 'passport', status: 'SUBMITTED', type: 'ID_PROOF', comment: null, fileType: 'image/png' },
        { doc: `/api/v1/files/${documents[1]!.fileId}`, name: 'utilityBill', status: 'SUBMITTED', type: 'ADDRESS_PROOF', comment: null, fileType: 'application/pdf' },
      ]);
      const file = await app.inject({ method: 'GET', url: profile.kyc[0]!.doc, headers: { authorization: `Bearer ${token}` } });
      expect(file.rawPayload.equals(pngBytes())).toBe(true);

      const [user] = await app.db.select().from(users).where(eq(users.email, `kyc.customer.${n}@fhp.example`));
      const log = await app.db.select().from(transactionLog).where(eq(transactionLog.ownerId, user!.id));
      expect(log).toEqual([expect.objectContaining({ type: 'KYC_SUBMISSION', payload: { documents: [{ type: 'ID_PROOF', name: 'passport' }, { type: 'ADDRESS_PROOF', name: 'utilityBill' }] } })]);
      const attached = await app.db.select({ attachedAt: files.attachedAt }).from(files).where(eq(files.ownerId, user!.id));
      expect(attached.every((row) => row.attachedAt !== null)).toBe(true);
    });

    it('after kycSubmitted asks only for the missing proof, and refuses one already on file', async () => {
      const app = suite.app;
      const token = await customer();
      const documents = await uploadBothProofs(app, token);
      expect((await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents) })).body.errors).toBeUndefined();
      // An administrator rejected the address proof: it is no longer on file.
      await app.db.update(kycDocuments).set({ status: 'REJECTED', comment: 'Unreadable' }).where(eq(kycDocuments.fileId, documents[1]!.fileId));

      const again = await uploadProof(app, token, 'ID_PROOF');
      const before = await rowCounts(app.db);
      const resent = await gqlAs(app, token, SUBMIT_KYC, { input: kycInput([{ fileId: again.id, type: 'ID_PROOF', name: 'driverLicense' }]) });
      expect(resent.body.errors?.[0]?.extensions?.display_message).toBe('This proof is already on file; only missing proofs can be sent');
      expect(await rowCounts(app.db)).toEqual(before);

      const newBill = await uploadProof(app, token, 'ADDRESS_PROOF');
      const missing = await gqlAs(app, token, SUBMIT_KYC, { input: kycInput([{ fileId: newBill.id, type: 'ADDRESS_PROOF', name: 'bankstatement' }]) });
      expect(missing.body.errors).toBeUndefined();
      const profile = (await gqlAs<{ getMyProfile: Profile }>(app, token, PROFILE)).body.data!.getMyProfile;
      expect(profile.kyc.map((doc) => [doc.type, doc.name, doc.status])).toEqual([
        ['ID_PROOF', 'passport', 'SUBMITTED'],
        ['ADDRESS_PROOF', 'utilityBill', 'REJECTED'],
        ['ADDRESS_PROOF', 'bankstatement', 'SUBMITTED'],
      ]);
      // Resending the same submission (a retry after a lost answer) is accepted and stores nothing new.
      const countBefore = (await rowCounts(app.db)).documents;
      const retry = await gqlAs(app, token, SUBMIT_KYC, { input: kycInput([{ fileId: newBill.id, type: 'ADDRESS_PROOF', name: 'bankstatement' }]) });
      expect(retry.body.errors).toBeUndefined();
      expect((await rowCounts(app.db)).documents).toBe(countBefore);
    });

    it('refuses every bad input with its message and stores nothing', async () => {
      const app = suite.app;
      const token = await customer();
      const documents = await uploadBothProofs(app, token);
      const stranger = await customer();
      const strangersFile = await uploadProof(app, stranger, 'ID_PROOF');
      const [id, address] = documents as [(typeof documents)[0], (typeof documents)[0]];
      const withAddress = (patch: Record<string, string>) => ({ address: { addressLine1: '1 Bay Street', city: 'Roseau', country: 'dm', ...patch } });

      const cases: [string, Record<string, unknown>, string][] = [
        ['gender', { gender: 'robot' }, 'Gender is required'],
        ['first name empty', { firstName: ' ' }, 'First Name is required'],
        ['first name digits', { firstName: 'Ann 2' }, 'FirstName Should contain only alpha values'],
        ['last name empty', { lastName: '' }, 'Last Name is required'],
        ['last name symbols', { lastName: 'Jo$eph' }, 'Last Name Should contain only alpha values'],
        ['occupation empty', { occupation: '' }, 'Occupation is required'],
        ['occupation digits', { occupation: 'Fisher 1' }, 'Occupation Should contain only alpha values'],
        ['phone empty', { primaryContactNo: '' }, 'Phone Number is required'],
        ['phone short', { primaryContactNo: '5550101' }, 'Minimum length of Phone Number should be 8'],
        ['phone letters', { primaryContactNo: 'call me maybe' }, 'Phone Number should contain only digits, spaces, +, - and brackets'],
        ['street', withAddress({ addressLine1: ' ' }), 'Street Address is required'],
        ['city empty', withAddress({ city: '' }), 'City is Required'],
        ['city digits', withAddress({ city: 'Roseau 2' }), 'City Should contain only alpha values'],
        ['country', withAddress({ country: '' }), 'Country is required'],
        ['email', { email: 'ann@' }, 'Please enter a valid email address'],
        ['no documents', { documents: [] }, 'One Id Proof is required'],
        ['only the ID proof', { documents: [id] }, 'One Id Proof is required'],
        ['two ID proofs', { documents: [id, { ...address, type: 'ID_PROOF', name: 'passport' }] }, 'One Id Proof is required'],
        ['a document type', { documents: [id, { ...address, type: 'SELFIE' }] }, 'Document type must be ID_PROOF or ADDRESS_PROOF'],
        ['an ID proof type', { documents: [{ ...id, name: 'utilityBill' }, address] }, 'Id proof type is required'],
        ['an address proof type', { documents: [id, { ...address, name: 'passport' }] }, 'Address proof type is required'],
        ['a file id', { documents: [{ ...id, fileId: 'abc' }, address] }, 'This file was not found. Please upload it again.'],
        ['an unknown file', { documents: [{ ...id, fileId: '00000000-0000-4000-8000-000000000000' }, address] }, 'This file was not found. Please upload it again.'],
        ["another customer's file", { documents: [{ ...id, fileId: strangersFile.id }, address] }, 'This file was not found. Please upload it again.'],
        ['a file uploaded for the other proof', { documents: [{ ...id, fileId: address.fileId }, { ...address, fileId: id.fileId }] }, 'This file was uploaded as another kind of proof. Please upload it again.'],
      ];
      const before = await rowCounts(app.db);
      for (const [name, patch, message] of cases) {
        const answer = await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents, patch) });
        expect(answer.status, name).toBe(200);
        expect(answer.body.errors?.[0]?.extensions, name).toMatchObject({ code: 'BAD_USER_INPUT', display_message: message });
        expect(answer.body.data, name).toBeNull();
      }
      expect(await rowCounts(app.db)).toEqual(before);
      const profile = (await gqlAs<{ getMyProfile: Profile }>(app, token, PROFILE)).body.data!.getMyProfile;
      expect(profile).toMatchObject({ kycSubmitted: false, firstName: null, kyc: [], address: null });
      // A file already attached to someone's KYC cannot be taken by another submission.
      const strangerDocs = await uploadBothProofs(app, stranger);
      expect((await gqlAs(app, stranger, SUBMIT_KYC, { input: kycInput(strangerDocs) })).body.errors).toBeUndefined();
      const taken = await gqlAs(app, token, SUBMIT_KYC, { input: kycInput([{ ...id, fileId: strangerDocs[0]!.fileId }, address]) });
      expect(taken.body.errors?.[0]?.extensions?.display_message).toBe('This file was not found. Please upload it again.');
    });

    it('refuses anonymous callers', async () => {
      const answer = await gqlAs(suite.app, undefined, SUBMIT_KYC, { input: kycInput([]) });
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
