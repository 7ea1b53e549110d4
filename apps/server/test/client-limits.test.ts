/**
 * Limits per client address (issue 13, item 3): one client cannot make the product send codes to
 * hundreds of addresses, whatever addresses it names; counters live in the database.
 */
import { DEFAULT_CLIENT_LIMITS } from '@fhp/domain';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { oneTimeCodes, users } from '../src/db/schema';
import { describeApp } from './harness';
import { RETRY_TIME, tokenFor } from './identity-helpers';

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
        expect(answer.message).toMatch(new RegExp(String.raw`^Too many codes were requested from your connection\. Try again after ${RETRY_TIME}$`));
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

const SEND_CODE = 'mutation { sendMobileVerificationCode { message } }';
const VERIFY = 'mutation Verify($input: VerifyMobileNoInput!) { verifyMobileNo(input: $input) { message } }';
const REINVITE = 'mutation Bulk($emails: [String!]!) { bulkUserAction(action: "invite_user", emails: $emails) { email ok message } }';

type GraphQLAnswer = {
  retryAfter: unknown;
  data: Record<string, unknown> | null;
  error?: { code?: string; display_message?: string; retryAfterSeconds?: number };
};

async function gqlFrom(app: FastifyInstance, token: string, query: string, remoteAddress: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer> {
  const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { authorization: `Bearer ${token}` }, remoteAddress });
  const body = response.json<{ data: Record<string, unknown> | null; errors?: { extensions?: GraphQLAnswer['error'] }[] }>();
  return { retryAfter: response.headers['retry-after'], data: body.data, error: body.errors?.[0]?.extensions };
}

const RETRY_SENTENCE = new RegExp(`Try again after ${RETRY_TIME}$`);

describeApp(
  'client limits on GraphQL: phone verification and re-invitations (small limits)',
  (suite) => {
    it('phone codes count against the connection: the fourth from one address is RATE_LIMITED, saying when, with Retry-After', async () => {
      await suite.database.db.update(users).set({ phone: '+1 473 555 0142', phoneVerified: false }).where(eq(users.email, 'purchaser.b@fhp.example'));
      const token = await tokenFor(suite.app, 'purchaser.b@fhp.example');
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await gqlFrom(suite.app, token, SEND_CODE, '203.0.113.50'));
      expect(answers.slice(0, 3).map((a) => a.error)).toEqual([undefined, undefined, undefined]);
      const refused = answers[3]!;
      expect(refused.error?.code).toBe('RATE_LIMITED');
      expect(refused.error?.display_message).toMatch(/^Too many codes were requested from your connection\. /);
      expect(refused.error?.display_message).toMatch(RETRY_SENTENCE);
      expect(refused.error?.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfter).toBe(String(refused.error?.retryAfterSeconds));
    });

    it('an account’s limit holds across addresses and says "for this account", never "from your connection"', async () => {
      const token = await tokenFor(suite.app, 'purchaser.b@fhp.example');
      // Three sends already counted for this account above: every address is refused now.
      const refused = await gqlFrom(suite.app, token, SEND_CODE, '203.0.113.51');
      expect(refused.error?.code).toBe('RATE_LIMITED');
      expect(refused.error?.display_message).toMatch(/^Too many codes were requested for this account\. /);
      expect(refused.error?.display_message).not.toMatch(/connection/);
    });

    it('phone code checks count against the connection: the fourth wrong code is RATE_LIMITED', async () => {
      const token = await tokenFor(suite.app, 'otp.purchaser@fhp.example');
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await gqlFrom(suite.app, token, VERIFY, '203.0.113.60', { input: { otp: '000000' } }));
      expect(answers.slice(0, 3).every((a) => a.error?.code === 'BAD_USER_INPUT')).toBe(true);
      expect(answers[3]!.error).toMatchObject({ code: 'RATE_LIMITED', display_message: expect.stringMatching(/^Too many sign-in attempts from your connection\. /) });
    });

    it('re-invitations by an administrator count against the connection: past the limit each one says so and when', async () => {
      const admin = await tokenFor(suite.app, 'admin@fhp.example');
      const emails = ['re.one@fhp.example', 're.two@fhp.example', 're.three@fhp.example', 're.four@fhp.example'];
      for (const [n, email] of emails.entries()) {
        const added = await suite.app.inject({
          method: 'POST',
          url: '/iam/v1/user/invite',
          payload: { email, firstName: 'Re', lastName: 'Invited', invite: false, role: { name: 'teller' } },
          headers: { authorization: `Bearer ${admin}` },
          remoteAddress: `192.0.2.${100 + n}`,
        });
        expect(added.statusCode).toBe(200);
      }
      const answer = await gqlFrom(suite.app, admin, REINVITE, '203.0.113.70', { emails });
      const outcomes = answer.data?.bulkUserAction as { email: string; ok: boolean; message: string }[];
      expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, false]);
      expect(outcomes[3]!.message).toMatch(/^Too many codes were requested from your connection\. /);
      expect(outcomes[3]!.message).toMatch(RETRY_SENTENCE);
    });

    it('counts an IPv6 client by its /64: new addresses in the same network are the same client', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i += 1) {
        const response = await suite.app.inject({ method: 'POST', url: '/iam/v1/otp/send', payload: { email: `v6-${i}@example.com` }, remoteAddress: `2001:db8:77:1::${i.toString(16)}` });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const neighbour = await suite.app.inject({ method: 'POST', url: '/iam/v1/otp/send', payload: { email: 'v6-other@example.com' }, remoteAddress: '2001:db8:77:2::1' });
      expect(neighbour.statusCode).toBe(200);
    });
  },
  {
    env: {
      ...REAL_DEFAULTS,
      RATE_LIMIT_CODE_SENDS_PER_ADDRESS: '3',
      RATE_LIMIT_SECRET_CHECKS_PER_ADDRESS: '3',
      RATE_LIMIT_CODE_SENDS_PER_ACCOUNT: '3',
      RATE_LIMIT_CODE_SENDS_PER_EMAIL: '20',
    },
  },
);

describeApp(
  'client limits on sign-in-type/get (issue 19, item 11)',
  (suite) => {
    it('counts each question against the connection’s secret checks: the fourth from one address is 429 with Retry-After; another address is not affected', async () => {
      const answers: Answer[] = [];
      // A different email each time, as a script listing who signs in how would ask.
      for (let i = 0; i < 4; i += 1) answers.push(await post(suite.app, '/iam/v1/user/sign-in-type/get', { email: `who-${i}@example.com` }, '198.51.100.30'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(Number(answers[3]!.retryAfter)).toBeGreaterThan(0);
      expect(answers[3]!.message).toMatch(new RegExp(String.raw`^Too many sign-in attempts from your connection\. Try again after ${RETRY_TIME}$`));
      expect((await post(suite.app, '/iam/v1/user/sign-in-type/get', { email: 'who-0@example.com' }, '198.51.100.31')).status).toBe(200);
    });

    it('shares the count with sign-ins: a connection that spent its checks asking types cannot then try a password', async () => {
      for (let i = 0; i < 3; i += 1) expect((await post(suite.app, '/iam/v1/user/sign-in-type/get', { email: `pair-${i}@example.com` }, '198.51.100.40')).status).toBe(200);
      const signIn = await post(suite.app, '/iam/v1/user/sign-in', { email: 'pair-0@example.com', password: 'not the password', role: null }, '198.51.100.40');
      expect(signIn.status).toBe(429);
    });
  },
  { seed: false, env: { ...REAL_DEFAULTS, TRUST_PROXY: 'true', RATE_LIMIT_SECRET_CHECKS_PER_ADDRESS: '3' } },
);
