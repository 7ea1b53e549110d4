import { eq } from 'drizzle-orm';
import { base64url, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/modules/identity/seed';
import { BAD_CREDENTIALS } from '../src/modules/identity/errors';
import { extractCode } from '../src/modules/notifications/smtp-capture';
import { describeApp } from './harness';
import { gqlAs, iam, RETRY_TIME, tokenFor } from './identity-helpers';

// A clock the tests move: codes expire and locks end without waiting.
const START = Date.parse('2027-03-01T16:00:00Z'); // noon in Port of Spain
let nowMs = START;
const clock = () => new Date(nowMs);
const minutes = (n: number) => n * 60_000;

const WHO_AM_I = '{ whoAmI { signedIn role } }';

describeApp(
  'identity bad input',
  (suite) => {
    // Each database's suite starts at noon again.
    beforeAll(() => {
      nowMs = START;
    });
    // Codes anyone can ask for go out after the answer (the delivery queue): wait for it first.
    const codeFor = async (email: string) => {
      await suite.app.identity.deliveries.settle();
      const message = suite.app.identity.outbox.latestFor(email);
      if (!message) throw new Error(`nothing sent to ${email}`);
      return extractCode(message.text);
    };
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('answers a wrong password and an unknown email with the same sentence', async () => {
      const wrongPassword = await iam(suite.app, '/user/sign-in', { email: 'purchaser@fhp.example', password: 'not-the-password', role: null });
      const unknown = await iam(suite.app, '/user/sign-in', { email: 'nobody@fhp.example', password: DEMO_PASSWORD, role: null });
      const codeOnly = await iam(suite.app, '/user/sign-in', { email: 'purchaser@fhp.example', otp: '123456', role: null });
      for (const answer of [wrongPassword, unknown, codeOnly]) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: BAD_CREDENTIALS, display_message: BAD_CREDENTIALS });
      }
    });

    it('refuses a wrong code, locks at the fifth and says until when at the sixth', async () => {
      const app = suite.app;
      const email = 'teller@fhp.example';
      await iam(app, '/user/sign-in', { email, password: DEMO_PASSWORD, role: null });
      const bad = wrong(await codeFor(email));
      for (let attempt = 1; attempt <= 4; attempt++) {
        const answer = await iam(app, '/user/sign-in', { email, password: DEMO_PASSWORD, otp: bad, role: null });
        expect(answer.status).toBe(401);
        expect(answer.body.display_message).toBe(BAD_CREDENTIALS);
      }
      const fifth = await iam(app, '/user/sign-in', { email, password: DEMO_PASSWORD, otp: bad, role: null });
      expect(fifth.status).toBe(429);
      // Locked 15 minutes from noon local time, told in Port of Spain time.
      expect(fifth.body.display_message).toBe('Too many attempts. Try again after 12:15 PM');
      const sixth = await iam(app, '/user/sign-in', { email, password: DEMO_PASSWORD, otp: await codeFor(email), role: null });
      expect(sixth.status).toBe(429);
      expect(sixth.body.display_message).toBe('Too many attempts. Try again after 12:15 PM');
      expect(sixth.response.headers['retry-after']).toBe('900');
      // A new code cannot reset the lock.
      const resend = await iam(app, '/otp/send', { email, sendOn: 'EMAIL' });
      expect(resend.status).toBe(429);
    });

    it('refuses an expired code', async () => {
      const email = 'master.admin@fhp.example';
      await iam(suite.app, '/user/sign-in', { email, password: DEMO_PASSWORD, role: null });
      const code = await codeFor(email);
      nowMs += minutes(11);
      const late = await iam(suite.app, '/user/sign-in', { email, password: DEMO_PASSWORD, otp: code, role: null });
      expect(late.status).toBe(401);
      expect(late.body.display_message).toBe('This code has expired. Request a new code');
    });

    it('limits sends to three in ten minutes, for known and unknown emails alike', async () => {
      for (const email of ['otp.purchaser@fhp.example', 'stranger@fhp.example']) {
        for (let i = 0; i < 3; i++) expect((await iam(suite.app, '/otp/send', { email, sendOn: 'EMAIL' })).status).toBe(200);
        const fourth = await iam(suite.app, '/otp/send', { email, sendOn: 'EMAIL' });
        expect(fourth.status).toBe(429);
        expect(fourth.body.display_message).toMatch(new RegExp(String.raw`^Too many codes requested\. Try again after ${RETRY_TIME}$`));
      }
      expect(suite.app.identity.outbox.latestFor('stranger@fhp.example')).toBeUndefined();
    });

    it('refuses tampered, alg none, foreign-key and expired tokens with 401 and UNAUTHENTICATED', async () => {
      const app = suite.app;
      const good = await tokenFor(app, 'purchaser@fhp.example');
      const [header, payload, signature] = good.split('.') as [string, string, string];
      const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<string, unknown>;
      const asOwner = base64url.encode(JSON.stringify({ ...claims, role: 'owner' }));
      const tampered = `${header}.${asOwner}.${signature}`;
      const algNone = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${asOwner}.`;
      const otherKey = await generateKeyPair('ES256');
      const foreign = await new SignJWT({ role: 'owner', email: 'purchaser@fhp.example' })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer(String(claims.iss))
        .setAudience(String(claims.aud))
        .setIssuedAt(Math.floor(nowMs / 1000))
        .setExpirationTime(Math.floor(nowMs / 1000) + 600)
        .setJti('x')
        .sign(otherKey.privateKey);

      for (const token of [tampered, algNone, foreign, 'not-a-token']) {
        const answer = await gqlAs(app, token, WHO_AM_I);
        expect(answer.status).toBe(401);
        expect(answer.body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', display_message: 'Your session is not valid. Please sign in again.' });
        const rest = await iam(app, '/invitation/send', { email: 'x@fhp.example', inviteType: 'EMAIL_VERIFICATION' }, token);
        expect(rest.status).toBe(401);
        const refresh = await iam(app, '/user/access-token/get', { jwtToken: token, role: null });
        expect(refresh.status).toBe(401);
      }
      const basic = await app.inject({ method: 'POST', url: '/graphql', payload: { query: WHO_AM_I }, headers: { authorization: 'Basic abc' } });
      expect(basic.statusCode).toBe(401);

      nowMs += minutes(61);
      const expired = await gqlAs(app, good, WHO_AM_I);
      expect(expired.status).toBe(401);
      expect(expired.body.errors?.[0]?.extensions?.display_message).toBe('Your session has expired. Please sign in again.');
      const refresh = await iam(app, '/user/access-token/get', { jwtToken: good, role: null });
      expect(refresh.body.display_message).toBe('Your session has expired. Please sign in again.');
    });

    it('answers malformed bodies with a clear 400, never a 500', async () => {
      const app = suite.app;
      const cases: [string, unknown, string][] = [
        ['/user/sign-in-type/get', {}, 'Email is required'],
        ['/user/sign-in-type/get', { email: 'not-an-email' }, 'Please enter a valid email address'],
        ['/user/sign-in-type/get', [], 'The request body must be a JSON object.'],
        ['/user/sign-in', { email: 'a@fhp.example', role: null }, 'Enter your password or the code we sent you'],
        ['/user/sign-in', { email: 'a@fhp.example', otp: '12ab', role: null }, 'Enter the 6-digit code we sent you'],
        ['/user/sign-in', { email: 'a@fhp.example', password: 'x', role: 'purchaser' }, 'The selected role is not valid'],
        ['/otp/send', { email: 'a@fhp.example', sendOn: 'EMAIL', phoneNumber: '+1 473 555 0100' }, 'Send the code either to a channel or to a phone number, not both'],
        ['/otp/send', { email: 'a@fhp.example', sendOn: 'SMS' }, 'Choose where to send the code: EMAIL or PHONE'],
        ['/email/verify-by-otp', { email: 'a@fhp.example', otp: 7 }, 'Enter the 6-digit code we sent you'],
        ['/user/access-token/get', { role: null }, 'The sign-in link is not valid. Please sign in again'],
      ];
      for (const [path, body, message] of cases) {
        const answer = await iam(app, path, body);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.body.display_message).toBe(message);
      }
      const notJson = await app.inject({ method: 'POST', url: '/iam/v1/user/sign-in', payload: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ display_message: 'The request body is not valid JSON.' });
      const noBody = await app.inject({ method: 'POST', url: '/iam/v1/user/sign-up' });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json()).toMatchObject({ display_message: 'The request body must be a JSON object.' });
    });

    it('refuses a wrong sign-up code and a code for an email that asked for none', async () => {
      const app = suite.app;
      await iam(app, '/user/sign-up', { email: 'fresh@fhp.example' });
      const code = await codeFor('fresh@fhp.example');
      expect((await iam(app, '/email/verify-by-otp', { email: 'fresh@fhp.example', otp: wrong(code) })).status).toBe(401);
      const never = await iam(app, '/email/verify-by-otp', { email: 'never@fhp.example', otp: code });
      expect(never.status).toBe(401);
      expect(never.body.display_message).toBe(BAD_CREDENTIALS);
    });

    it('does not sign in a suspended account', async () => {
      const app = suite.app;
      await app.db.update(users).set({ suspended: true }).where(eq(users.email, 'purchaser.b@fhp.example'));
      const answer = await iam(app, '/user/sign-in', { email: 'purchaser.b@fhp.example', password: DEMO_PASSWORD, role: null });
      expect(answer.status).toBe(403);
      expect(answer.body.display_message).toBe('This account is suspended. Please contact support.');
      await app.identity.deliveries.settle();
      expect(app.identity.outbox.latestFor('purchaser.b@fhp.example')).toBeUndefined();
    });

    it('locks an email after five wrong passwords for 15 minutes, known or unknown alike; a right password resets the count', async () => {
      const app = suite.app;
      nowMs = START + minutes(60); // 1:00 PM in Port of Spain
      const signIn = (email: string, password: string) => iam(app, '/user/sign-in', { email, password, role: null });
      const answers: Record<string, { status: number; body: unknown; retryAfter: unknown }[]> = {};
      for (const email of ['owner@fhp.example', 'ghost@fhp.example']) {
        const seen: { status: number; body: unknown; retryAfter: unknown }[] = [];
        for (let attempt = 1; attempt <= 5; attempt++) {
          const answer = await signIn(email, 'not-the-password');
          seen.push({ status: answer.status, body: answer.body, retryAfter: answer.response.headers['retry-after'] });
        }
        // The right password does not get past the lock either.
        const right = await signIn(email, DEMO_PASSWORD);
        seen.push({ status: right.status, body: right.body, retryAfter: right.response.headers['retry-after'] });
        answers[email] = seen;
      }
      const owner = answers['owner@fhp.example'] ?? [];
      expect(answers['ghost@fhp.example']).toEqual(owner);
      expect(owner.slice(0, 4).map((a) => a.status)).toEqual([401, 401, 401, 401]);
      for (const locked of owner.slice(4)) {
        expect(locked.status).toBe(429);
        expect(locked.body).toMatchObject({ display_message: 'Too many attempts. Try again after 1:15 PM' });
        expect(locked.retryAfter).toBe('900');
      }
      await app.identity.deliveries.settle();
      expect(app.identity.outbox.latestFor('owner@fhp.example')).toBeUndefined();

      // When the lock ends the right password works again.
      nowMs += minutes(15);
      expect((await signIn('owner@fhp.example', DEMO_PASSWORD)).body).toMatchObject({ status: 'OTP_SENT' });

      // A right password starts the count again: four wrong, right, four wrong are never locked.
      // (purchaser@ had a wrong password in the first test: a right one starts from zero.)
      const email = 'purchaser@fhp.example';
      expect((await signIn(email, DEMO_PASSWORD)).body).toMatchObject({ status: 'OTP_SENT' });
      for (let attempt = 1; attempt <= 4; attempt++) expect((await signIn(email, 'not-the-password')).status).toBe(401);
      expect((await signIn(email, DEMO_PASSWORD)).body).toMatchObject({ status: 'OTP_SENT' });
      for (let attempt = 1; attempt <= 4; attempt++) expect((await signIn(email, 'not-the-password')).status).toBe(401);
      expect((await signIn(email, 'not-the-password')).status).toBe(429);
    });
  },
  { clock },
);
