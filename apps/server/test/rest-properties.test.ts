/**
 * Property tests (issue 13, item 7): random bodies to every REST route, as anonymous, holder and
 * admin, never answer 500 (or 503: the database is up), and a refusal writes no user, code or file.
 */
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { files, oneTimeCodes, users } from '../src/db/schema';
import { describeApp } from './harness';
import { tokenFor } from './identity-helpers';

const POST_ROUTES = [
  '/iam/v1/user/sign-in-type/get',
  '/iam/v1/user/sign-in',
  '/iam/v1/user/sign-up',
  '/iam/v1/email/verify-by-otp',
  '/iam/v1/otp/send',
  '/iam/v1/user/access-token/get',
  '/iam/v1/user/invite',
  '/iam/v1/invitation/send',
  '/api/v1/files',
  '/graphql',
];
const GET_ROUTES = ['/api/v1/files/{id}', '/api/v1/receipts/{id}', '/api/v1/policies/{id}/contract', '/healthz'];

/** JSON values shaped like our bodies (keys the routes read) and like nothing at all. */
const field = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.boolean(), fc.constant(null), fc.emailAddress(), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }));
const body = fc.oneof(
  fc.record(
    { email: field, password: field, otp: field, role: field, jwtToken: field, sendOn: field, phoneNumber: field, firstName: field, lastName: field, inviteType: field, query: field, variables: field },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);
const rawBody = fc.oneof(fc.string({ maxLength: 200 }), fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)));
const contentType = fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded');

describeApp('REST routes under random input', (suite) => {
  async function rowCounts() {
    const db = suite.database.db;
    const [[u], [c], [f]] = await Promise.all([db.select({ n: count() }).from(users), db.select({ n: count() }).from(oneTimeCodes), db.select({ n: count() }).from(files)]);
    return { users: Number(u!.n), codes: Number(c!.n), files: Number(f!.n) };
  }

  it('never answers 5xx; a refusal writes nothing', async () => {
    const tokens = [undefined, await tokenFor(suite.app, 'purchaser@fhp.example'), await tokenFor(suite.app, 'admin@fhp.example')];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POST_ROUTES),
        fc.oneof(body.map((b) => ({ json: b })), fc.record({ raw: rawBody, type: contentType })),
        fc.constantFrom(0, 1, 2),
        async (url, payload, who) => {
          const before = await rowCounts();
          const token = tokens[who];
          const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
          const response =
            'json' in payload
              ? await suite.app.inject({ method: 'POST', url, payload: JSON.stringify(payload.json), headers: { ...headers, 'content-type': 'application/json' } })
              : await suite.app.inject({ method: 'POST', url, payload: payload.raw, headers: { ...headers, 'content-type': payload.type } });
          expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(await rowCounts()).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('GET routes with random ids never answer 5xx', async () => {
    const token = await tokenFor(suite.app, 'purchaser@fhp.example');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GET_ROUTES), fc.string({ maxLength: 60 }), fc.boolean(), async (route, id, signedIn) => {
        const response = await suite.app.inject({ method: 'GET', url: route.replace('{id}', encodeURIComponent(id)), headers: signedIn ? { authorization: `Bearer ${token}` } : {} });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
