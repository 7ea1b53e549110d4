import { freePort } from './processes/http-flows';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { describeApp } from './harness';
import { outboundMessages } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/modules/identity/seed';
import { findUserByEmail } from '../src/modules/identity/repository';
import { iam, tokenFor } from './identity-helpers';

/** The messages of one kind to `to` still in the queue (each send failed: SMTP is down). */
async function queued(app: FastifyInstance, to: string, kind: string) {
  return app.db.select().from(outboundMessages).where(and(eq(outboundMessages.recipient, to), eq(outboundMessages.kind, kind)));
}

// A port nothing listens on: SMTP connections to it are refused at once.
const smtpUrl = `smtp://127.0.0.1:${await freePort()}`;

describeApp(
  'identity delivery with a failing SMTP server',
  (suite) => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('answers a known email on /otp/send and /user/sign-up exactly as an unknown one, and logs the failure without the code', async () => {
      const app = suite.app;
      const warn = vi.spyOn(app.log, 'warn');
      for (const path of ['/otp/send', '/user/sign-up']) {
        for (const body of path === '/otp/send' ? [{ sendOn: 'EMAIL' }, { phoneNumber: '+1 473 555 0103' }] : [{}]) {
          const known = await iam(app, path, { email: 'otp.purchaser@fhp.example', ...body });
          expect(known.status).toBe(200);
          // Unknown emails answer as accounts do, with or without a phone (a keyed coin per email):
          // the known account's answer is among theirs, so it tells nothing.
          const unknown = [];
          for (let i = 0; i < 8; i++) {
            const answer = await iam(app, path, { email: `nobody.${path.length}.${Object.keys(body).length}.${i}@fhp.example`, ...body });
            expect(answer.status).toBe(200);
            unknown.push(answer.body);
          }
          expect(unknown).toContainEqual(known.body);
        }
      }
      const password = await iam(app, '/user/sign-up', { email: 'purchaser@fhp.example' });
      expect(password.status).toBe(200);

      await app.identity.service.settle();
      // First attempts: on a slow machine a message may come due for its retry before settling ends.
      const failures = warn.mock.calls.filter(([details, message]) => message === 'Background delivery failed' && (details as { attempt?: number }).attempt === 1);
      // Two /otp/send and one /user/sign-up code for the code-only account, a sign-up code for each
      // of the eight new emails and the "already has an account" notice for the password one.
      expect(failures).toHaveLength(12);
      for (const [details] of failures) {
        expect(details).toMatchObject({ recipientDomain: 'fhp.example', error: 'MailDeliveryError' });
        const logged = JSON.stringify(details);
        expect(logged).not.toContain('otp.purchaser');
        expect(logged).not.toMatch(/\d{6}/);
      }
    });

    it('answers the password step without waiting for SMTP: its code stays queued for the retry', async () => {
      const app = suite.app;
      const step1 = await iam(app, '/user/sign-in', { email: 'purchaser@fhp.example', password: DEMO_PASSWORD, role: null });
      expect(step1.status).toBe(200);
      expect(step1.body).toMatchObject({ status: 'OTP_SENT', sentTo: ['EMAIL', 'PHONE'] });
      await app.identity.deliveries.settle();
      // The text went (the outbox); the email failed once and waits for its retry, its code unexpired.
      expect(await queued(app, 'purchaser@fhp.example', 'sign-in code')).toEqual([expect.objectContaining({ failedAt: null, expiresAt: expect.any(Date) })]);
      expect((await queued(app, 'purchaser@fhp.example', 'sign-in code'))[0]!.attempts).toBeGreaterThanOrEqual(1);
      expect(app.identity.outbox.latestFor('+1 473 555 0101')?.channel).toBe('sms');
    });

    it('adds an invitee with its invitation queued in one transaction; a refused one queues nothing; /invitation/send queues another', async () => {
      const app = suite.app;
      const admin = await tokenFor(app, 'admin@fhp.example');
      const invite = { email: 'unsent.teller@fhp.example', firstName: 'Una', lastName: 'Sent', invite: true, role: { name: 'teller' } };
      const invited = await iam(app, '/user/invite', invite, admin);
      expect(invited.status).toBe(200);
      expect(invited.body.message).toBe('User has been invited successfully');
      expect(await findUserByEmail(app.db, 'unsent.teller@fhp.example')).toMatchObject({ status: 'INVITED', roleName: 'teller' });
      // The same email again: refused, and its transaction queued nothing.
      expect((await iam(app, '/user/invite', invite, admin)).status).toBe(409);
      await app.identity.deliveries.settle();
      const first = await queued(app, 'unsent.teller@fhp.example', 'invitation');
      expect(first).toHaveLength(1);
      expect(first[0]!.attempts).toBeGreaterThanOrEqual(1);

      const retry = await iam(app, '/invitation/send', { email: 'unsent.teller@fhp.example', inviteType: 'EMAIL_VERIFICATION' }, admin);
      expect(retry.status).toBe(200);
      expect(await queued(app, 'unsent.teller@fhp.example', 'invitation')).toHaveLength(2);

      const added = await iam(app, '/user/invite', { ...invite, email: 'added.only@fhp.example', invite: false }, admin);
      expect(added.status).toBe(200);
      expect((await findUserByEmail(app.db, 'added.only@fhp.example'))?.status).toBe('USER_ADDED');
      expect(await queued(app, 'added.only@fhp.example', 'invitation')).toEqual([]);
    });
  },
  { env: { SMTP_URL: smtpUrl } },
);
