/**
 * Property tests (issue 13, item 7): random bodies to every REST route (the authorization matrix's
 * list, so routes added later are in without a change here), as anonymous, holder and admin, never
 * answer 500 (or 503: the database is up), and a refusal writes nothing (storedDigest: users,
 * codes, files, policies, payments, the ledger, bank accounts, content, storms, ...).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { REST } from './authorization/rows';
import { describeApp } from './harness';
import { tokenFor } from './identity-helpers';
import { storedDigest } from './stored-digest';

const ROUTES = Object.keys(REST).map((key) => {
  const [method, path] = key.split(' ') as ['GET' | 'POST', string];
  return { method, path };
});
const POST_ROUTES = [...ROUTES.filter((route) => route.method === 'POST').map((route) => route.path), '/graphql'];
const GET_ROUTES = [...ROUTES.filter((route) => route.method === 'GET').map((route) => route.path), '/healthz'];

/** JSON values shaped like our bodies (keys the routes read) and like nothing at all. */
const field = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.boolean(), fc.constant(null), fc.emailAddress(), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }));
const body = fc.oneof(
  fc.record(
    { email: field, password: field, otp: field, role: field, jwtToken: field, sendOn: field, phoneNumber: field, firstName: field, lastName: field, inviteType: field, query: field, variables: field },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);
/** Raw bodies: random bytes and text, and the shapes of the file routes' inputs gone wrong (a HURDAT2 header, a CSV of users). */
const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ maxLength: 60 }).map((rest) => `AL092004,            IVAN,     ${rest}\n20040902, 1800,  , TS, 9.7N,  27.6W,  30, 1009`),
  fc.array(fc.tuple(fc.emailAddress(), fc.string({ maxLength: 12 })), { maxLength: 4 }).map((rows) => `email,firstName,lastName\n${rows.map(([email, name]) => `${email},${name},${name}`).join('\n')}`),
);
const contentType = fc.constantFrom('application/json', 'text/plain', 'text/csv', 'application/octet-stream', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded');
const query = fc.constantFrom('', '?commit=true', '?commit=false', '?commit=%00');

describeApp('REST routes under random input', (suite) => {
  it('never answers 5xx; a refusal writes nothing', async () => {
    const tokens = [undefined, await tokenFor(suite.app, 'purchaser@fhp.example'), await tokenFor(suite.app, 'admin@fhp.example')];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POST_ROUTES),
        fc.oneof(body.map((b) => ({ json: b })), fc.record({ raw: rawBody, type: contentType })),
        fc.constantFrom(0, 1, 2),
        query,
        async (path, payload, who, search) => {
          const before = await storedDigest(suite.database.db);
          const token = tokens[who];
          const url = path + search;
          const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
          const response =
            'json' in payload
              ? await suite.app.inject({ method: 'POST', url, payload: JSON.stringify(payload.json), headers: { ...headers, 'content-type': 'application/json' } })
              : await suite.app.inject({ method: 'POST', url, payload: payload.raw, headers: { ...headers, 'content-type': payload.type } });
          expect(response.statusCode, `${url} ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(await storedDigest(suite.database.db), url).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('GET routes with random ids never answer 5xx', async () => {
    const token = await tokenFor(suite.app, 'purchaser@fhp.example');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GET_ROUTES), fc.string({ maxLength: 60 }), fc.boolean(), async (route, id, signedIn) => {
        const response = await suite.app.inject({ method: 'GET', url: route.replace(/:[a-zA-Z]+/, encodeURIComponent(id)), headers: signedIn ? { authorization: `Bearer ${token}` } : {} });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
