/**
 * A phone code is bound to the number it was texted to (issue 19, item 8): changing the number, by
 * a KYC submission or any other way, leaves the old code verifying nothing; and an anonymous code
 * request texts only a number its holder has proven.
 */
import { ACCOUNT_MESSAGES } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { extractCode, startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { gqlAs, iam } from './identity-helpers';
import { customerWithKyc, kycInput, SUBMIT_KYC, uploadBothProofs, newCustomer } from './purchase-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

const SEND_CODE = `mutation { sendMobileVerificationCode { message } }`;
const VERIFY = `mutation Verify($input: VerifyMobileNoInput!) { verifyMobileNo(input: $input) { message } }`;
const PHONE = `{ getMyProfile(input: {}) { primaryContactNo phoneVerified } }`;

describeApp(
  'phone codes are bound to the number they were texted to',
  (suite) => {
    let n = 0;
    const next = () => `phone.codes.${suite.kind}.${++n}@fhp.example`;
    const phoneOf = async (token: string) => (await gqlAs<{ getMyProfile: { primaryContactNo: string; phoneVerified: boolean } }>(suite.app, token, PHONE)).body.data!.getMyProfile;

    async function textedCode(to: string): Promise<string> {
      await suite.app.identity.deliveries.settle();
      const sms = suite.app.identity.outbox.latestFor(to);
      expect(sms, `a text to ${to}`).toBeDefined();
      return extractCode(sms!.text);
    }

    it('SubmitKYCDetails with a new number: the code texted to the old one verifies nothing; a code to the new one does', async () => {
      const { app } = suite;
      const email = next();
      const token = await newCustomer(app, smtp, email);
      const documents = await uploadBothProofs(app, token);
      expect((await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents, { primaryContactNo: '+1 767 555 0161' }) })).body.errors).toBeUndefined();
      expect((await gqlAs(app, token, SEND_CODE)).body.errors).toBeUndefined();
      const oldCode = await textedCode('+17675550161');

      // The same proofs again (a retry counts as sent) with another number.
      expect((await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents, { primaryContactNo: '+1 767 555 0162' }) })).body.errors).toBeUndefined();
      const stale = await gqlAs(app, token, VERIFY, { input: { otp: oldCode } });
      expect(stale.body.errors?.[0]?.extensions?.display_message).toMatch(/code/i);
      expect(await phoneOf(token)).toEqual({ primaryContactNo: '+1 767 555 0162', phoneVerified: false });

      expect((await gqlAs(app, token, SEND_CODE)).body.errors).toBeUndefined();
      const fresh = await textedCode('+17675550162');
      expect((await gqlAs(app, token, VERIFY, { input: { otp: fresh } })).body).toEqual({ data: { verifyMobileNo: { message: ACCOUNT_MESSAGES.phoneVerified } } });
      expect(await phoneOf(token)).toEqual({ primaryContactNo: '+1 767 555 0162', phoneVerified: true });
    });

    it('a number changed by any path (here straight in the table) leaves the old code unusable, with a sentence saying why', async () => {
      const { app } = suite;
      const email = next();
      const token = await customerWithKyc(app, smtp, email);
      expect((await gqlAs(app, token, SEND_CODE)).body.errors).toBeUndefined();
      const code = await textedCode('+17675550101');
      await app.db.update(users).set({ phone: '+1 767 555 0163' }).where(eq(users.email, email));

      const refused = await gqlAs(app, token, VERIFY, { input: { otp: code } });
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', display_message: ACCOUNT_MESSAGES.phoneCodeForOtherNumber });
      expect((await phoneOf(token)).phoneVerified).toBe(false);
      // Put back, the number the code went to is verified by it: the binding is to the number, not the moment.
      await app.db.update(users).set({ phone: '+1 767 555 0101' }).where(eq(users.email, email));
      expect((await gqlAs(app, token, VERIFY, { input: { otp: code } })).body.errors).toBeUndefined();
      expect(await phoneOf(token)).toEqual({ primaryContactNo: '+1 767 555 0101', phoneVerified: true });
    });

    it('a code checked while the number is being changed never verifies the new number (concurrent, no error)', async () => {
      const { app } = suite;
      const email = next();
      const token = await newCustomer(app, smtp, email);
      const documents = await uploadBothProofs(app, token);
      for (let round = 0; round < 6; round += 1) {
        const from = `+1 767 555 02${String(round * 2).padStart(2, '0')}`;
        const to = `+1 767 555 02${String(round * 2 + 1).padStart(2, '0')}`;
        expect((await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents, { primaryContactNo: from }) })).body.errors).toBeUndefined();
        expect((await gqlAs(app, token, SEND_CODE)).body.errors).toBeUndefined();
        const code = await textedCode(from.replace(/ /g, ''));
        const [verified, changed] = await Promise.all([
          gqlAs(app, token, VERIFY, { input: { otp: code } }),
          gqlAs(app, token, SUBMIT_KYC, { input: kycInput(documents, { primaryContactNo: to }) }),
        ]);
        expect(changed.body.errors).toBeUndefined();
        // Either the old number was verified before the change (which then unverified it) or the code was refused.
        expect([undefined, ACCOUNT_MESSAGES.phoneCodeForOtherNumber]).toContain(verified.body.errors?.[0]?.extensions?.display_message);
        expect(await phoneOf(token)).toEqual({ primaryContactNo: to, phoneVerified: false });
      }
    });

    it('anonymous otp/send texts only a verified number: an unverified one gets nothing and the code goes by email', async () => {
      const { app } = suite;
      const email = next();
      const token = await newCustomer(app, smtp, email);
      // Anyone can type any number into their own KYC: it is somebody else's until its holder proves it.
      expect((await gqlAs(app, token, SUBMIT_KYC, { input: kycInput(await uploadBothProofs(app, token), { primaryContactNo: '+1 767 555 0164' }) })).body.errors).toBeUndefined();
      const textsBefore = app.identity.outbox.list().filter((m) => m.to === '+17675550164').length;

      for (const body of [{ email, sendOn: 'PHONE' }, { email }]) {
        const answer = await iam(app, '/otp/send', body);
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ sentTo: ['EMAIL'] });
        extractCode(await smtp.waitForMessage(email));
      }
      await app.identity.deliveries.settle();
      expect(app.identity.outbox.list().filter((m) => m.to === '+17675550164')).toHaveLength(textsBefore);

      // Once its holder verifies it, the number gets codes on request.
      expect((await gqlAs(app, token, SEND_CODE)).body.errors).toBeUndefined();
      expect((await gqlAs(app, token, VERIFY, { input: { otp: await textedCode('+17675550164') } })).body.errors).toBeUndefined();
      const phone = await iam(app, '/otp/send', { email, sendOn: 'PHONE' });
      expect(phone.body).toMatchObject({ sentTo: ['PHONE'] });
      await textedCode('+17675550164');
    });
  },
  // Each case sends more than the three codes an email may get in ten minutes.
  { env: { SMTP_URL: smtp.url, RATE_LIMIT_CODE_SENDS_PER_EMAIL: '20' }, engines: 'both' },
);
