import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { files, kycDocuments, oneTimeCodes, users } from '../src/db/schema';
import { extractCode, startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { pdfBytes, pngBytes, postFile, uploadProof } from './files-helpers';
import { DEMO_PASSPORT_PNG, seedDemoKyc } from '../src/seed/demo-kyc';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';
import { customerWithKyc, newCustomer, rowCounts } from './purchase-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

const UPDATE = `mutation Update($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { email firstName lastName image primaryContactNo phoneVerified } }`;
const EDIT_KYC = `mutation Edit($input: EditKYCDocInput!) { editKYCDoc(input: $input) { message } }`;
const SEND_CODE = `mutation { sendMobileVerificationCode { message } }`;
const VERIFY = `mutation Verify($input: VerifyMobileNoInput!) { verifyMobileNo(input: $input) { message } }`;
const PROFILE = `{ getMyProfile(input: {}) {
  vuid email firstName lastName image gender occupation primaryContactNo phoneVerified kycSubmitted
  address { addressLine1 city country } kyc { doc name status type comment fileType }
} }`;
const TIMELINE = `query T($input: GetTxnListInput) { getTxnList(input: $input) { totalCount data { action type payload } } }`;

interface Profile {
  vuid: string;
  email: string;
  firstName: string;
  lastName: string;
  image: string | null;
  gender: string;
  occupation: string;
  primaryContactNo: string;
  phoneVerified: boolean;
  address: { addressLine1: string; city: string; country: string };
  kyc: { doc: string; name: string; status: string; type: string; comment: string | null }[];
}

function profileInput(email: string, patch: Record<string, unknown> = {}) {
  return {
    firstName: 'Thérèse',
    lastName: "D'Auvergne-Charles",
    gender: 'female',
    primaryContactNo: '+1 767 555 0199',
    occupation: 'Nurse',
    address: { addressLine1: '4 Hillsborough Street', city: 'St. Joseph', country: 'dm' },
    email,
    ...patch,
  };
}

async function uploadPhoto(app: Parameters<typeof postFile>[0], token: string, file = { filename: 'me.png', contentType: 'image/png', data: pngBytes() }) {
  return postFile(app, token, [{ name: 'purpose', value: 'PROFILE_IMAGE' }, { name: 'file', ...file }]);
}

describeApp(
  'My account: profile, documents and phone',
  (suite) => {
    let n = 0;
    const next = () => `account.${++n}@fhp.example`;
    const readProfile = async (token: string) => (await gqlAs<{ getMyProfile: Profile }>(suite.app, token, PROFILE)).body.data!.getMyProfile;

    it('updateMyProfile stores names as people write them, the address and a photo only its owner can read', async () => {
      const app = suite.app;
      const email = next();
      const token = await customerWithKyc(app, smtp, email);
      const photo = await uploadPhoto(app, token);
      expect(photo.status).toBe(201);

      const answer = await gqlAs(app, token, UPDATE, { input: profileInput(email, { imageFileId: photo.body.id }) });
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data).toEqual({
        updateMyProfile: {
          email,
          firstName: 'Thérèse',
          lastName: "D'Auvergne-Charles",
          image: `/api/v1/files/${photo.body.id}`,
          primaryContactNo: '+1 767 555 0199',
          phoneVerified: false,
        },
      });
      const profile = await readProfile(token);
      expect(profile).toMatchObject({
        gender: 'female',
        occupation: 'Nurse',
        address: { addressLine1: '4 Hillsborough Street', city: 'St. Joseph', country: 'dm' },
      });
      const own = await app.inject({ method: 'GET', url: profile.image!, headers: { authorization: `Bearer ${token}` } });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(pngBytes())).toBe(true);
      const stranger = await newCustomer(app, smtp, next());
      const theirs = await app.inject({ method: 'GET', url: profile.image!, headers: { authorization: `Bearer ${stranger}` } });
      expect(theirs.statusCode).toBe(404);
      const [file] = await app.db.select({ attachedAt: files.attachedAt }).from(files).where(eq(files.id, photo.body.id));
      expect(file!.attachedAt).not.toBeNull();

      // Saving again without a new photo keeps it; saving with the same one again is accepted too.
      const again = await gqlAs(app, token, UPDATE, { input: profileInput(email, { firstName: 'Jean-Baptiste', imageFileId: photo.body.id }) });
      expect(again.body.errors).toBeUndefined();
      const kept = await gqlAs<{ updateMyProfile: { image: string } }>(app, token, UPDATE, { input: profileInput(email) });
      expect(kept.body.data!.updateMyProfile.image).toBe(`/api/v1/files/${photo.body.id}`);
    });

    it('refuses every bad profile input with its message and changes nothing', async () => {
      const app = suite.app;
      const email = next();
      const token = await customerWithKyc(app, smtp, email);
      const stranger = await newCustomer(app, smtp, next());
      const strangersPhoto = await uploadPhoto(app, stranger);
      const proof = await uploadProof(app, token, 'ID_PROOF');
      const address = (patch: Record<string, string>) => ({ address: { addressLine1: '1 Bay Street', city: 'Roseau', country: 'dm', ...patch } });
      const cases: [string, Record<string, unknown>, string][] = [
        ['first name empty', { firstName: ' ' }, 'First Name is required'],
        ['first name digits', { firstName: 'Ann 2' }, 'FirstName Should contain only alpha values'],
        ['last name empty', { lastName: '' }, 'Last Name is required'],
        ['last name symbols', { lastName: 'Jo$eph' }, 'Last Name Should contain only alpha values'],
        ['gender', { gender: '' }, 'Gender is required'],
        ['gender unknown', { gender: 'robot' }, 'Gender is required'],
        ['phone empty', { primaryContactNo: '' }, 'Phone Number is required'],
        ['phone short', { primaryContactNo: '5550101' }, 'Minimum length of Phone Number should be 8'],
        ['phone letters', { primaryContactNo: 'call me maybe' }, 'Phone Number should contain only digits, spaces, +, - and brackets'],
        ['street', address({ addressLine1: ' ' }), 'Street Address is required'],
        ['city', address({ city: '' }), 'City is required'],
        ['city digits', address({ city: 'Roseau 2' }), 'City Should contain only alpha values'],
        ['country', address({ country: '' }), 'Country is required'],
        ['occupation', { occupation: '' }, 'Occupation is required'],
        ['occupation digits', { occupation: 'Fisher 1' }, 'Occupation Should contain only alpha values'],
        ['email invalid', { email: 'ann@' }, 'Please enter a valid email address'],
        ['another email', { email: 'someone.else@fhp.example' }, 'Your email address is the one you sign in with and cannot be changed here.'],
        ['a photo id', { imageFileId: 'abc' }, 'This photo was not found. Please upload it again.'],
        ['an unknown photo', { imageFileId: '00000000-0000-4000-8000-000000000000' }, 'This photo was not found. Please upload it again.'],
        ["another customer's photo", { imageFileId: strangersPhoto.body.id }, 'This photo was not found. Please upload it again.'],
        ['a proof as the photo', { imageFileId: proof.id }, 'This photo was not found. Please upload it again.'],
      ];
      const before = await readProfile(token);
      const counts = await rowCounts(app.db);
      for (const [name, patch, message] of cases) {
        const answer = await gqlAs(app, token, UPDATE, { input: profileInput(email, patch) });
        expect(answer.status, name).toBe(200);
        expect(answer.body.errors?.[0]?.extensions, name).toMatchObject({ code: 'BAD_USER_INPUT', display_message: message });
      }
      expect(await readProfile(token)).toEqual(before);
      expect(await rowCounts(app.db)).toEqual(counts);

      // The photo upload itself takes images only.
      const pdf = await uploadPhoto(app, token, { filename: 'me.pdf', contentType: 'application/pdf', data: pdfBytes() });
      expect(pdf).toMatchObject({ status: 415, body: { display_message: 'Profile photo must be a PNG, JPEG or JPG' } });
    });

    it('editKYCDoc replaces the chosen proof, SUBMITTED, logged on the KYC timeline; refuses bad input', async () => {
      const app = suite.app;
      const email = next();
      const fresh = await newCustomer(app, smtp, next());
      const early = await uploadProof(app, fresh, 'ID_PROOF');
      const notYet = await gqlAs(app, fresh, EDIT_KYC, { input: { documents: [{ fileId: early.id, type: 'ID_PROOF', name: 'passport' }] } });
      expect(notYet.body.errors?.[0]?.extensions?.display_message).toBe('Please submit your KYC details before updating your documents.');

      const token = await customerWithKyc(app, smtp, email);
      const before = await readProfile(token);
      // An administrator rejected the address proof with a comment.
      await app.db.update(kycDocuments).set({ status: 'REJECTED', comment: 'The bill is unreadable' }).where(eq(kycDocuments.fileId, before.kyc[1]!.doc.split('/').pop()!));

      const stranger = await newCustomer(app, smtp, next());
      const strangersFile = await uploadProof(app, stranger, 'ADDRESS_PROOF');
      const idFile = await uploadProof(app, token, 'ID_PROOF');
      const bill = await uploadProof(app, token, 'ADDRESS_PROOF', { filename: 'bill.pdf', contentType: 'application/pdf', data: pdfBytes() });
      const used = before.kyc[0]!.doc.split('/').pop()!;
      const doc = (patch: Record<string, unknown> = {}) => ({ fileId: bill.id, type: 'ADDRESS_PROOF', name: 'bankstatement', status: 'SUBMITTED', ...patch });
      const cases: [string, unknown[], string][] = [
        ['no documents', [], 'Choose the proof you want to update.'],
        ['a proof type', [doc({ name: 'passport' })], 'Address proof type is required'],
        ['an ID proof type', [doc({ type: 'ID_PROOF', fileId: idFile.id, name: '' })], 'Id proof type is required'],
        ['a document type', [doc({ type: 'SELFIE' })], 'Document type must be ID_PROOF or ADDRESS_PROOF'],
        ['a status', [doc({ status: 'REJECTED' })], 'Documents are sent with the status SUBMITTED.'],
        ['two of one type', [doc(), doc({ fileId: idFile.id })], 'One Id Proof is required'],
        ['a file id', [doc({ fileId: 'abc' })], 'This file was not found. Please upload it again.'],
        ["another customer's file", [doc({ fileId: strangersFile.id })], 'This file was not found. Please upload it again.'],
        ['a file already used', [doc({ fileId: used, type: 'ID_PROOF', name: 'passport' })], 'This file was not found. Please upload it again.'],
        ['a file of the other proof', [doc({ fileId: idFile.id })], 'This file was uploaded as another kind of proof. Please upload it again.'],
      ];
      const counts = await rowCounts(app.db);
      for (const [name, documents, message] of cases) {
        const answer = await gqlAs(app, token, EDIT_KYC, { input: { documents } });
        expect(answer.body.errors?.[0]?.extensions, name).toMatchObject({ code: 'BAD_USER_INPUT', display_message: message });
      }
      expect(await rowCounts(app.db)).toEqual(counts);

      const edited = await gqlAs(app, token, EDIT_KYC, { input: { documents: [doc()] } });
      expect(edited.body).toEqual({ data: { editKYCDoc: { message: 'Your documents were submitted successfully.' } } });
      const after = await readProfile(token);
      expect(after.kyc.map((entry) => [entry.type, entry.name, entry.status, entry.comment])).toEqual([
        ['ID_PROOF', 'passport', 'SUBMITTED', null],
        ['ADDRESS_PROOF', 'utilityBill', 'REJECTED', 'The bill is unreadable'],
        ['ADDRESS_PROOF', 'bankstatement', 'SUBMITTED', null],
      ]);
      const timeline = await gqlAs<{ getTxnList: { totalCount: number; data: { action: string; payload: unknown }[] } }>(app, token, TIMELINE, {
        input: { where: { txnOwner: { equals: after.vuid }, type: { in: ['KYC_SUBMISSION'] } }, limit: 100 },
      });
      expect(timeline.body.data!.getTxnList.totalCount).toBe(2);
      expect(timeline.body.data!.getTxnList.data).toContainEqual(
        expect.objectContaining({ action: 'KYC documents updated', payload: { documents: [{ type: 'ADDRESS_PROOF', name: 'bankstatement' }] } }),
      );

      // An administrator accepts the ID proof: it is settled, and a new one is refused with nothing stored.
      await app.db.update(kycDocuments).set({ status: 'ACCEPTED' }).where(eq(kycDocuments.fileId, used));
      const newId = await uploadProof(app, token, 'ID_PROOF');
      const settled = await rowCounts(app.db);
      const refused = await gqlAs(app, token, EDIT_KYC, { input: { documents: [{ fileId: newId.id, type: 'ID_PROOF', name: 'passport' }] } });
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        display_message: 'This proof has already been accepted and cannot be replaced.',
      });
      expect(await rowCounts(app.db)).toEqual(settled);
      expect((await readProfile(token)).kyc.map((entry) => entry.status)).toEqual(['ACCEPTED', 'REJECTED', 'SUBMITTED']);
    });

    it('verifies the phone on file with the texted code; a wrong code, a code for an old number and a second check are refused', async () => {
      const app = suite.app;
      const email = next();
      const token = await customerWithKyc(app, smtp, email);
      expect((await gqlAs(app, token, UPDATE, { input: profileInput(email, { primaryContactNo: '+1 767 555 0142' }) })).body.errors).toBeUndefined();

      const sent = await gqlAs(app, token, SEND_CODE);
      expect(sent.body).toEqual({ data: { sendMobileVerificationCode: { message: 'We sent a code to your phone. It expires in 10 minutes.' } } });
      await app.identity.deliveries.settle();
      const oldCode = extractCode(app.identity.outbox.latestFor('+17675550142')!.text);

      // The number changes: the code texted to the old one no longer verifies anything.
      expect((await gqlAs(app, token, UPDATE, { input: profileInput(email, { primaryContactNo: '+1 767 555 0143' }) })).body.errors).toBeUndefined();
      const stale = await gqlAs(app, token, VERIFY, { input: { otp: oldCode } });
      expect(stale.body.errors?.[0]?.extensions?.display_message).toBe('This code was sent to a phone number that is no longer on your account. Please ask for a new code.');

      expect((await gqlAs(app, token, SEND_CODE)).body.errors).toBeUndefined();
      await app.identity.deliveries.settle();
      const code = extractCode(app.identity.outbox.latestFor('+17675550143')!.text);
      const wrong = await gqlAs(app, token, VERIFY, { input: { otp: code === '000000' ? '111111' : '000000' } });
      expect(wrong.body.errors?.[0]?.extensions?.display_message).toBe('This code is not correct or has expired. Please check it, or ask for a new code.');
      const malformed = await gqlAs(app, token, VERIFY, { input: { otp: '12ab' } });
      expect(malformed.body.errors?.[0]?.extensions?.display_message).toBe('Enter the 6-digit code we sent to your phone.');
      expect((await readProfile(token)).phoneVerified).toBe(false);

      const verified = await gqlAs(app, token, VERIFY, { input: { otp: code } });
      expect(verified.body).toEqual({ data: { verifyMobileNo: { message: 'Phone number verified successfully' } } });
      expect((await readProfile(token)).phoneVerified).toBe(true);
      expect((await gqlAs(app, token, SEND_CODE)).body.errors?.[0]?.extensions?.display_message).toBe('Your phone number is already verified.');
      expect((await gqlAs(app, token, VERIFY, { input: { otp: code } })).body.errors?.[0]?.extensions?.display_message).toBe('Your phone number is already verified.');

      // The phone code is of its own kind: it never signs anyone in.
      const purposes = (await app.db.select({ purpose: oneTimeCodes.purpose }).from(oneTimeCodes).where(eq(oneTimeCodes.email, email))).map((r) => r.purpose);
      expect(purposes.filter((p) => p === 'PHONE_VERIFY')).toHaveLength(2);

      // Saving the same number again keeps it verified; a new one is unverified.
      expect((await gqlAs(app, token, UPDATE, { input: profileInput(email, { primaryContactNo: '+1 767 555 0143' }) })).body.errors).toBeUndefined();
      expect((await readProfile(token)).phoneVerified).toBe(true);
    });

    it('seeds the demo holders’ KYC once: an image ID proof and a PDF address proof they alone can read', async () => {
      const app = suite.app;
      expect(await seedDemoKyc(app)).toBe(2);
      expect(await seedDemoKyc(app)).toBe(0);
      const bernard = await tokenFor(app, 'purchaser.b@fhp.example');
      const profile = await readProfile(bernard);
      expect(profile).toMatchObject({ kycSubmitted: true, phoneVerified: false, address: { city: 'Roseau', country: 'Dominica' } });
      expect(profile.kyc.map((doc) => [doc.type, doc.name, doc.status])).toEqual([
        ['ID_PROOF', 'passport', 'SUBMITTED'],
        ['ADDRESS_PROOF', 'utilityBill', 'SUBMITTED'],
      ]);
      const alicia = await tokenFor(app, 'purchaser@fhp.example');
      expect((await readProfile(alicia)).phoneVerified).toBe(true);
      // The ID proof is a passport data page (a specimen), not a QR code (issue 20 item 5): the committed drawing, 640x420.
      const idProof = await app.inject({ method: 'GET', url: profile.kyc[0]!.doc, headers: { authorization: `Bearer ${bernard}` } });
      expect(idProof.rawPayload.equals(await readFile(DEMO_PASSPORT_PNG))).toBe(true);
      expect([idProof.rawPayload.readUInt32BE(16), idProof.rawPayload.readUInt32BE(20)]).toEqual([640, 420]);
      for (const doc of profile.kyc) {
        expect((await app.inject({ method: 'GET', url: doc.doc, headers: { authorization: `Bearer ${bernard}` } })).statusCode).toBe(200);
        // Holder A never reads holder B's documents.
        expect((await app.inject({ method: 'GET', url: doc.doc, headers: { authorization: `Bearer ${alicia}` } })).statusCode).toBe(404);
      }
    });

    it('asks for a phone before texting, and refuses anonymous callers everywhere', async () => {
      const app = suite.app;
      const email = next();
      const token = await newCustomer(app, smtp, email);
      const [user] = await app.db.select({ phone: users.phone }).from(users).where(eq(users.email, email));
      expect(user!.phone).toBeNull();
      expect((await gqlAs(app, token, SEND_CODE)).body.errors?.[0]?.extensions?.display_message).toBe('Please add your phone number to your profile first.');
      for (const [query, variables] of [
        [UPDATE, { input: profileInput(email) }],
        [EDIT_KYC, { input: { documents: [] } }],
        [SEND_CODE, undefined],
        [VERIFY, { input: { otp: '123456' } }],
      ] as const) {
        const answer = await gqlAs(app, undefined, query, variables);
        expect(answer.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
