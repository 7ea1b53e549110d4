/**
 * Limits per client address (issue 13, item 3): one client cannot make the product send codes to
 * hundreds of addresses, whatever addresses it names; counters live in the database.
 */
import { DEFAULT_CLIENT_LIMITS } from '@fhp/domain';
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { oneTimeCodes } from '../src/db/schema';
import { describeApp } from './harness';

const REAL_DEFAULTS = {
  RATE_LIMIT_CODE_SENDS_PER_ADDRESS: String(DEFAULT_CLIENT_LIMITS.codeSendsPerAddress),
  RATE_LIMIT_SECRET_CHECKS_PER_ADDRESS: String(DEFAULT_CLIENT_LIMITS.secretChecksPerAddress),
  RATE_LIMIT_CODE_SENDS_PER_ACCOUNT: String(DEFAULT_CLIENT_LIMITS.codeSendsPerAccount),
  RATE_LIMIT_SECRET_CHECKS_PER_ACCOUNT: String(DEFAULT_CLIENT_LIMITS.secretChecksPerAccount),
};

type Answer = { status: number; retryAfter: unknown; message: unknown };

async function post(app: FastifyInstance, url: string, payload: object, ip: string): Promise<Answer> {
  const response = await app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip }, remoteAddress: '10.0.0.1' });
  return { status: response.statusCode, retryAfter: response.headers['retry-after'], message: response.json<{ message?: unknown }>().message };
}

describeApp(
  'client limits behind a trusted proxy (defaults)',
  (suite) => {
    it('300 sign-ups to 300 addresses from one client: the configured 100 codes go out, the rest get 429 + Retry-After', async () => {
      const answers: Answer[] = [];
      // In waves of 30 at once, as a script would send them.
      for (let wave = 0; wave < 10; wave += 1) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 30 }, (_, i) => post(suite.app, '/iam/v1/user/sign-up', { email: `flood-${wave}-${i}@example.com` }, '198.51.100.7')),
          )),
        );
      }
      const ok = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 429);
      expect(ok).toHaveLength(DEFAULT_CLIENT_LIMITS.codeSendsPerAddress);
      expect(refused).toHaveLength(300 - DEFAULT_CLIENT_LIMITS.codeSendsPerAddress);
      for (const answer of refused) {
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(Number(answer.retryAfter)).toBeLessThanOrEqual(DEFAULT_CLIENT_LIMITS.windowSeconds);
        expect(answer.message).toMatch(/^Too many codes were requested from your connection\. Try again after \d{1,2}:\d{2} [AP]M$/);
      }
      // Codes issued (each one is an email or SMS): exactly the limit.
      const issued = await suite.database.db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(like(oneTimeCodes.email, 'flood-%'));
      expect(issued).toHaveLength(DEFAULT_CLIENT_LIMITS.codeSendsPerAddress);

      // Another client behind the same proxy is not affected.
      expect((await post(suite.app, '/iam/v1/user/sign-up', { email: 'neighbour@example.com' }, '198.51.100.8')).status).toBe(200);
    });
  },
  { seed: false, env: { ...REAL_DEFAULTS, TRUST_PROXY: 'true' } },
);

describeApp(
  'client limits without a trusted proxy (small limits)',
  (suite) => {
    it('ignores X-Forwarded-For: a client naming a new address each time is still one client', async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 6; i += 1) answers.push(await post(suite.app, '/iam/v1/otp/send', { email: `spoof-${i}@example.com` }, `203.0.113.${i}`));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('limits secret checks per account too, across client addresses', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await suite.app.inject({
          method: 'POST',
          url: '/iam/v1/email/verify-by-otp',
          payload: { email: 'target@example.com', otp: '123456' },
          remoteAddress: `192.0.2.${i + 1}`,
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.headers['retry-after']).toMatch(/^\d+$/);
      }
      // Three guesses answered (no code: 401), the fourth refused by the account's limit.
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  },
  { seed: false, env: { ...REAL_DEFAULTS, RATE_LIMIT_CODE_SENDS_PER_ADDRESS: '5', RATE_LIMIT_SECRET_CHECKS_PER_ACCOUNT: '3' } },
);
