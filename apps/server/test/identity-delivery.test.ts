import { createServer } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { describeApp } from './harness';
import { iam } from './identity-helpers';

/** A port nothing listens on: SMTP connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;

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
          const unknown = await iam(app, path, { email: `nobody.${path.length}.${Object.keys(body).length}@fhp.example`, ...body });
          expect(known.status).toBe(200);
          expect(unknown.status).toBe(200);
          expect(known.body).toEqual(unknown.body);
        }
      }
      const password = await iam(app, '/user/sign-up', { email: 'purchaser@fhp.example' });
      expect(password.status).toBe(200);

      await app.identity.service.settle();
      const failures = warn.mock.calls.filter(([, message]) => message === 'Background delivery failed');
      // Two /otp/send and one /user/sign-up code for the code-only account, a sign-up code for the
      // new email and the "already has an account" notice for the password one.
      expect(failures).toHaveLength(5);
      for (const [details] of failures) {
        expect(details).toMatchObject({ recipientDomain: 'fhp.example', error: 'MailDeliveryError' });
        const logged = JSON.stringify(details);
        expect(logged).not.toContain('otp.purchaser');
        expect(logged).not.toMatch(/\d{6}/);
      }
    });
  },
  { env: { SMTP_URL: smtpUrl } },
);
