import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT, exportSPKI } from 'jose';
import { afterAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/identity/seed';
import { extractCode, startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { findUserByEmail } from '../src/modules/identity/repository';
import { describeApp } from './harness';
import { gqlAs, iam } from './identity-helpers';

// A real SMTP server: the mailer speaks the protocol and the tests read the codes it delivered.
const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

// The signer of sign-in links (spec part 1 section 7): the test plays that party.
const linkSigner = await generateKeyPair('ES256', { extractable: true });
const linkSignerPublicPem = await exportSPKI(linkSigner.publicKey);

const WHO_AM_I = '{ whoAmI { signedIn userId email role } }';

describeApp(
  'identity flows',
  (suite) => {
    it('answers the sign-in type for password, otp and unknown emails; unknown ones answer otp like self-signed-up customers', async () => {
      expect((await iam(suite.app, '/user/sign-in-type/get', { email: 'purchaser@fhp.example' })).body).toEqual({ signInType: 'password' });
      expect((await iam(suite.app, '/user/sign-in-type/get', { email: ' OTP.Purchaser@fhp.example ' })).body).toEqual({ signInType: 'otp' });
      // Unknown emails answer like the self-signed-up customers, so `otp` does not mean "exists".
      expect((await iam(suite.app, '/user/sign-in-type/get', { email: 'nobody@fhp.example' })).body).toEqual({ signInType: 'otp' });
      expect((await iam(suite.app, '/user/sign-up', { email: 'self.signed@fhp.example' })).status).toBe(200);
      const code = extractCode(await smtp.waitForMessage('self.signed@fhp.example'));
      expect((await iam(suite.app, '/email/verify-by-otp', { email: 'self.signed@fhp.example', otp: code })).status).toBe(200);
      expect((await iam(suite.app, '/user/sign-in-type/get', { email: 'self.signed@fhp.example' })).body).toEqual({ signInType: 'otp' });
    });

    it('signs a password user in with the password and the emailed code; the token works on whoAmI', async () => {
      const app = suite.app;
      const step1 = await iam(app, '/user/sign-in', { email: 'purchaser@fhp.example', password: DEMO_PASSWORD, role: null });
      expect(step1.status).toBe(200);
      expect(step1.body).toMatchObject({ status: 'OTP_SENT' });
      const mail = await smtp.waitForMessage('purchaser@fhp.example');
      expect(mail.from).toContain('no-reply@fhp.example');
      await app.identity.service.settle();
      const sms = app.identity.outbox.latestFor('+1 473 555 0101');
      expect(sms?.channel).toBe('sms');
      const code = extractCode(mail);
      expect(extractCode(sms?.text ?? '')).toBe(code);

      const step2 = await iam(app, '/user/sign-in', { email: 'purchaser@fhp.example', password: DEMO_PASSWORD, otp: code, role: null });
      expect(step2.status).toBe(200);
      const signedIn = step2.body as { accessToken: string; exp: number; expiresIn: number; userRoles: { name: string; uuid: string }[]; user: { email: string; vuid: string } };
      expect(signedIn).toMatchObject({ status: 'SIGNED_IN', tokenType: 'Bearer', expiresIn: 3600, signInType: 'password' });
      expect(signedIn.userRoles).toEqual([{ name: 'purchaser', uuid: expect.any(String) }]);
      expect(signedIn.user).toMatchObject({ email: 'purchaser@fhp.example', fullName: 'Alicia Charles' });
      expect(Math.abs(signedIn.exp - (Date.now() / 1000 + 3600))).toBeLessThan(10);

      const who = await gqlAs(app, signedIn.accessToken, WHO_AM_I);
      expect(who.body.data).toEqual({ whoAmI: { signedIn: true, userId: expect.any(String), email: 'purchaser@fhp.example', role: 'purchaser' } });

      // The code is spent.
      const again = await iam(app, '/user/sign-in', { email: 'purchaser@fhp.example', password: DEMO_PASSWORD, otp: code, role: null });
      expect(again.status).toBe(401);

      // The portal sends the purchaser role's uuid for everyone (spec part 1 section 6): a purchaser
      // and a teller both sign in with it, each as their own role.
      const purchaserUuid = signedIn.userRoles[0]?.uuid;
      const withRole = await iam(app, '/user/sign-in', { email: 'purchaser@fhp.example', password: DEMO_PASSWORD, role: purchaserUuid });
      expect(withRole.body).toMatchObject({ status: 'OTP_SENT' });
      await smtp.waitForMessage('purchaser@fhp.example');
      expect((await iam(app, '/user/sign-in', { email: 'teller@fhp.example', password: DEMO_PASSWORD, role: purchaserUuid })).body).toMatchObject({ status: 'OTP_SENT' });
      const tellerCode = extractCode(await smtp.waitForMessage('teller@fhp.example'));
      const teller = await iam(app, '/user/sign-in', { email: 'teller@fhp.example', password: DEMO_PASSWORD, otp: tellerCode, role: purchaserUuid });
      expect(teller.status).toBe(200);
      expect(teller.body).toMatchObject({ status: 'SIGNED_IN', userRoles: [{ name: 'teller' }] });
      const tellerToken = (teller.body as { accessToken: string }).accessToken;
      expect((await gqlAs<{ whoAmI: { role: string } }>(app, tellerToken, WHO_AM_I)).body.data?.whoAmI.role).toBe('teller');
    });

    it('signs an otp user in with a code sent to email and phone, without a password', async () => {
      const app = suite.app;
      // The web's sign-in sends the email alone; the spec's body with a phone number means the same.
      for (const body of [{}, { phoneNumber: '+1 767 000 0000' }]) {
        const sent = await iam(app, '/otp/send', { email: 'otp.purchaser@fhp.example', ...body });
        expect(sent.status).toBe(200);
        expect(sent.body).toEqual({ message: 'We sent a code to your registered email address and phone. It expires in 10 minutes.', sentTo: ['EMAIL', 'PHONE'] });
        const emailed = extractCode(await smtp.waitForMessage('otp.purchaser@fhp.example'));
        await app.identity.service.settle();
        // The same code by SMS to the registered phone; never to a number the body names.
        expect(extractCode(app.identity.outbox.latestFor('+14735550103')?.text ?? '')).toBe(emailed);
        expect(app.identity.outbox.latestFor('+17670000000')).toBeUndefined();
      }
      const code = extractCode(app.identity.outbox.latestFor('+14735550103')?.text ?? '');
      const signedIn = await iam(app, '/user/sign-in', { email: 'otp.purchaser@fhp.example', otp: code });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ status: 'SIGNED_IN', signInType: 'otp' });
    });

    it('says only what was sent: an account without a phone gets the code by email and is told so', async () => {
      const app = suite.app;
      // The SMTP capture is shared by both databases' runs: an address of this run's own.
      const email = `no.phone.${suite.kind}@fhp.example`;
      expect((await iam(app, '/user/sign-up', { email })).status).toBe(200);
      const signUpCode = extractCode(await smtp.waitForMessage(email));
      expect((await iam(app, '/email/verify-by-otp', { email, otp: signUpCode })).status).toBe(200);
      const outboxBefore = app.identity.outbox.list().length;
      const sent = await iam(app, '/otp/send', { email });
      expect(sent.body).toEqual({ message: 'We sent a code to your email address. It expires in 10 minutes.', sentTo: ['EMAIL'] });
      extractCode(await smtp.waitForMessage(email));
      await app.identity.service.settle();
      expect(app.identity.outbox.list()).toHaveLength(outboxBefore); // no SMS went anywhere
      // One channel on request: the phone only when one is registered.
      expect((await iam(app, '/otp/send', { email, sendOn: 'PHONE' })).body).toMatchObject({ sentTo: ['EMAIL'] });
      await smtp.waitForMessage(email);
      const withPhone = await iam(app, '/otp/send', { email: 'purchaser.b@fhp.example', sendOn: 'PHONE' });
      expect(withPhone.body).toEqual({ message: 'We sent a code to your registered phone. It expires in 10 minutes.', sentTo: ['PHONE'] });
      // A password sign-in's first step says the same truth.
      const step1 = await iam(app, '/user/sign-in', { email: 'purchaser@fhp.example', password: DEMO_PASSWORD, role: null });
      expect(step1.body).toMatchObject({ status: 'OTP_SENT', sentTo: ['EMAIL', 'PHONE'] });
      await smtp.waitForMessage('purchaser@fhp.example');
    });

    it('answers unknown emails as accounts with and without a phone, the same way each time', async () => {
      const answers = [];
      for (let i = 0; i < 12; i++) {
        const email = `stranger.${i}@fhp.example`;
        const first = await iam(suite.app, '/otp/send', { email });
        expect(first.status).toBe(200);
        expect((await iam(suite.app, '/otp/send', { email })).body).toEqual(first.body);
        answers.push(JSON.stringify((first.body as { sentTo: string[] }).sentTo));
      }
      expect(new Set(answers)).toEqual(new Set(['["EMAIL","PHONE"]', '["EMAIL"]']));
    });

    it('signs up a new email by code: a purchaser, signed in; a known password email gets a notice instead', async () => {
      const app = suite.app;
      const email = 'new.customer@fhp.example';
      const up = await iam(app, '/user/sign-up', { email: 'New.Customer@FHP.example' });
      expect(up.status).toBe(200);
      const code = extractCode(await smtp.waitForMessage(email));
      const verified = await iam(app, '/email/verify-by-otp', { email, otp: code });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ status: 'SIGNED_IN', userRoles: [{ name: 'purchaser' }], user: { email } });
      const token = (verified.body as { accessToken: string }).accessToken;
      const profile = await gqlAs<{ getMyProfile: { email: string; emailVerified: boolean; role: string; kyc: unknown[]; address: unknown } }>(
        app,
        token,
        '{ getMyProfile(input: {}) { email emailVerified role kyc { doc } address { city } vuid } }',
      );
      expect(profile.body.data?.getMyProfile).toMatchObject({ email, emailVerified: true, role: 'purchaser', kyc: [], address: null });

      const known = await iam(app, '/user/sign-up', { email: 'purchaser.b@fhp.example' });
      expect(known.body).toEqual(up.body);
      const notice = await smtp.waitForMessage('purchaser.b@fhp.example');
      expect(notice.text).toContain('already has an account');
      expect(() => extractCode(notice)).toThrow();
    });

    it('refreshes an access token', async () => {
      const app = suite.app;
      const first = await iam(app, '/user/sign-in', { email: 'otp.purchaser@fhp.example', otp: await sendAndRead('otp.purchaser@fhp.example') });
      const token = (first.body as { accessToken: string }).accessToken;
      const fresh = await iam(app, '/user/access-token/get', { jwtToken: token, role: null });
      expect(fresh.status).toBe(200);
      expect(fresh.body).toMatchObject({ status: 'SIGNED_IN', user: { email: 'otp.purchaser@fhp.example' } });
      expect((fresh.body as { accessToken: string }).accessToken).not.toBe(token);
    });

    it('signs in with a link token from the configured signer, and refuses any other', async () => {
      const app = suite.app;
      const sign = (email: string, key = linkSigner.privateKey) =>
        new SignJWT({ email }).setProtectedHeader({ alg: 'ES256' }).setIssuer('partner').setAudience('fhp-links').setJti(randomUUID()).setIssuedAt().setExpirationTime('5m').sign(key);
      const ok = await iam(app, '/user/sign-in', { email: 'teller@fhp.example', jwtToken: ` ${await sign('teller@fhp.example')} `, role: null });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ status: 'SIGNED_IN', userRoles: [{ name: 'teller' }] });
      const other = await generateKeyPair('ES256');
      const forged = await iam(app, '/user/sign-in', { email: 'teller@fhp.example', jwtToken: await sign('teller@fhp.example', other.privateKey), role: null });
      expect(forged.status).toBe(401);
      const mismatch = await iam(app, '/user/sign-in', { email: 'admin@fhp.example', jwtToken: await sign('teller@fhp.example'), role: null });
      expect(mismatch.status).toBe(401);
    });

    it('lets an admin invite and re-invite; the invitation email arrives', async () => {
      const app = suite.app;
      const admin = await signInWithPassword('admin@fhp.example');
      const invite = { email: 'new.teller@fhp.example', firstName: 'Nadia', lastName: 'Regis', invite: true, role: { name: 'teller' } };
      const invited = await iam(app, '/user/invite', invite, admin);
      expect(invited.status).toBe(200);
      expect(invited.body).toEqual({ message: 'User has been invited successfully' });
      const mail = await smtp.waitForMessage('new.teller@fhp.example');
      expect(mail.text).toContain('Hello Nadia');
      expect(mail.text).toContain('as Teller');
      expect((await findUserByEmail(app.db, 'new.teller@fhp.example'))?.status).toBe('INVITED');

      const twice = await iam(app, '/user/invite', invite, admin);
      expect(twice.status).toBe(409);

      const again = await iam(app, '/invitation/send', { email: 'new.teller@fhp.example', inviteType: 'EMAIL_VERIFICATION' }, admin);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ message: 're-invited successfully (An invite email has been sent to user email address)' });
      await smtp.waitForMessage('new.teller@fhp.example');

      // The invitee signs in with a code (no password yet).
      expect((await iam(app, '/user/sign-in-type/get', { email: 'new.teller@fhp.example' })).body).toEqual({ signInType: 'otp' });
      const code = await sendAndRead('new.teller@fhp.example');
      const signedIn = await iam(app, '/user/sign-in', { email: 'new.teller@fhp.example', otp: code, role: null });
      expect(signedIn.body).toMatchObject({ status: 'SIGNED_IN', userRoles: [{ name: 'teller' }] });

      const owner = await iam(app, '/user/invite', { ...invite, email: 'x@fhp.example', role: { name: 'owner' } }, admin);
      expect(owner.status).toBe(400);
    });

    it('keeps the development outbox route out of non-development environments', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
      expect(response.statusCode).toBe(404);
    });

    async function sendAndRead(email: string): Promise<string> {
      const sent = await iam(suite.app, '/otp/send', { email, sendOn: 'EMAIL' });
      expect(sent.status).toBe(200);
      return extractCode(await smtp.waitForMessage(email));
    }

    async function signInWithPassword(email: string): Promise<string> {
      await iam(suite.app, '/user/sign-in', { email, password: DEMO_PASSWORD, role: null });
      const otp = extractCode(await smtp.waitForMessage(email));
      const done = await iam(suite.app, '/user/sign-in', { email, password: DEMO_PASSWORD, otp, role: null });
      return (done.body as { accessToken: string }).accessToken;
    }
  },
  { env: { SMTP_URL: smtp.url, QUERY_TOKEN_SIGNER_PUBLIC_KEY: linkSignerPublicPem, QUERY_TOKEN_ISSUER: 'partner', QUERY_TOKEN_AUDIENCE: 'fhp-links' } },
);
