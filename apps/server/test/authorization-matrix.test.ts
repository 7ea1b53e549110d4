/**
 * Authorization matrix: every GraphQL operation and every REST route, for each kind of caller,
 * with the expected allow or deny, checked by really calling it.
 *
 * THIS TEST FAILS when the schema or the route list has an operation without a row here. Each
 * issue that adds a Query or Mutation field or a route must add its row (and decide who may call
 * it). Rows for operations that no longer exist fail too, so the table stays the truth.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { getSchema } from '../src/graphql/schema';
import { describeApp } from './harness';
import { multipart, pngBytes, uploadProof } from './files-helpers';
import { gqlAs, tokenFor } from './identity-helpers';

const CALLERS = ['anonymous', 'purchaserA', 'purchaserB', 'teller', 'admin', 'owner'] as const;
type Caller = (typeof CALLERS)[number];

const EMAILS: Record<Exclude<Caller, 'anonymous'>, string> = {
  purchaserA: 'purchaser@fhp.example',
  purchaserB: 'purchaser.b@fhp.example',
  teller: 'teller@fhp.example',
  admin: 'admin@fhp.example',
  owner: 'owner@fhp.example',
};

type Verdict = 'allow' | 'deny';
const everyone: Record<Caller, Verdict> = { anonymous: 'allow', purchaserA: 'allow', purchaserB: 'allow', teller: 'allow', admin: 'allow', owner: 'allow' };
const signedIn: Record<Caller, Verdict> = { ...everyone, anonymous: 'deny' };
const manageUsers: Record<Caller, Verdict> = { anonymous: 'deny', purchaserA: 'deny', purchaserB: 'deny', teller: 'deny', admin: 'allow', owner: 'allow' };

interface GraphQLRow {
  query: string;
  expected: Record<Caller, Verdict>;
  /**
   * Error codes an allowed caller may get from a mutation whose guard let it in but whose input or
   * state then refused it (the matrix's callers have not done KYC, for instance).
   */
  passesGuardWith?: string[];
  /** Extra checks on an allowed answer (e.g. nobody sees another's data). */
  check?: (data: Record<string, unknown>, caller: Caller) => void;
}

/** One row per Query and Mutation field of the built schema. */
const GRAPHQL: Record<string, GraphQLRow> = {
  getFAQ: { query: '{ getFAQ(input: { dashboard: END_USER }) { title } }', expected: everyone },
  pageContent: { query: '{ pageContent { brand { name } } }', expected: everyone },
  landingContent: { query: '{ landingContent(productId: "fhp") { title } }', expected: everyone },
  products: { query: '{ products { id } }', expected: everyone },
  CheckOfferIsApplicable: { query: '{ CheckOfferIsApplicable(input: { countryName: "gd" }) { applicable } }', expected: everyone },
  quote: { query: '{ quote(input: { country: "gd", coverage: 25000 }) { country } }', expected: everyone },
  currentSeason: { query: '{ currentSeason { year } }', expected: everyone },
  whoAmI: {
    query: '{ whoAmI { signedIn email } }',
    expected: everyone,
    check: (data, caller) => {
      expect(data.whoAmI).toEqual(caller === 'anonymous' ? { signedIn: false, email: null } : { signedIn: true, email: EMAILS[caller] });
    },
  },
  SubmitKYCDetails: {
    // No documents: past the guard, every caller meets the domain's "One Id Proof is required".
    query: `mutation { SubmitKYCDetails(input: { gender: "female", firstName: "Ann", lastName: "Joseph", occupation: "Fisher",
      primaryContactNo: "7675550101", address: { addressLine1: "1 Bay Street", city: "Roseau", country: "dm" }, documents: [] }) { message } }`,
    expected: signedIn,
    passesGuardWith: ['BAD_USER_INPUT'],
  },
  PurchasePolicy: {
    // A valid purchase; past the guard, the matrix's callers have no KYC on file.
    query: `mutation { PurchasePolicy(input: {
      benificiaryDetail: { firstName: "Paul", lastName: "Joseph", email: "paul@example.com", mobileNo: "7675550102",
        address: { addressLine1: "1 Bay Street", city: "Roseau", country: "dm" } },
      countryName: "gd", coverage: 25000, premium: 1960, productDefination: "3",
      useOfProceeds: [{ value: "familySupport", selected: true }],
      termsOfUse: [{ value: "drugTrafficking", selected: true }, { value: "terrorismFinancing", selected: true },
        { value: "moneyLaundering", selected: true }, { value: "fraud", selected: true }, { value: "otherCrimes", selected: true },
        { value: "declare", selected: true }],
      paymentPlan: "FULL", paymentChannel: "CREDIT_UNION", idempotencyKey: "6f1c2b9e-4d0a-4c8e-9b7a-1e2d3c4b5a69" }) { policyNumber } }`,
    expected: signedIn,
    passesGuardWith: ['KYC_REQUIRED'],
  },
  getMyProfile: {
    query: '{ getMyProfile(input: {}) { email vuid fullName } }',
    expected: signedIn,
    check: (data, caller) => {
      // Own profile only: purchaser A never sees B's data, nor B A's.
      const profile = data.getMyProfile as { email: string };
      expect(profile.email).toBe(EMAILS[caller as Exclude<Caller, 'anonymous'>]);
    },
  },
};

interface RestRow {
  /** A body that passes the route's guard; public routes may get an invalid one (400 still means "let in"). */
  body: (caller: Caller) => unknown;
  expected: Record<Caller, Verdict>;
  /** A raw body with its headers (multipart), instead of `body` as JSON. */
  raw?: (caller: Caller) => { payload: Buffer; headers: Record<string, string> };
  /** The URL to call when the path has parameters (read it after beforeAll). */
  url?: () => string;
  /** The route answers 404 for a record the caller may not see, so 404 means denied here. */
  hidesOthers?: boolean;
}

/** A file purchaser A uploaded: only A and the administrators may read it. */
const fileOfA = { id: '' };

/** One row per REST route ("METHOD /path"); HEAD mirrors GET and is not listed. */
const REST: Record<string, RestRow> = {
  'POST /iam/v1/user/sign-in-type/get': { body: () => ({ email: 'matrix@fhp.example' }), expected: everyone },
  'POST /iam/v1/user/sign-in': { body: () => ({}), expected: everyone },
  'POST /iam/v1/user/sign-up': { body: () => ({}), expected: everyone },
  'POST /iam/v1/user/access-token/get': { body: () => ({}), expected: everyone },
  'POST /iam/v1/email/verify-by-otp': { body: () => ({}), expected: everyone },
  'POST /iam/v1/otp/send': { body: () => ({}), expected: everyone },
  'POST /iam/v1/user/invite': {
    body: (caller) => ({ email: `invited.by.${caller.toLowerCase()}@fhp.example`, firstName: 'Ina', lastName: 'Vite', invite: true, role: { name: 'teller' } }),
    expected: manageUsers,
  },
  'POST /iam/v1/invitation/send': {
    body: (caller) => ({ email: `invited.by.${caller.toLowerCase()}@fhp.example`, inviteType: 'EMAIL_VERIFICATION' }),
    expected: manageUsers,
  },
  'POST /api/v1/files': {
    body: () => null,
    raw: () =>
      multipart([
        { name: 'purpose', value: 'ID_PROOF' },
        { name: 'file', filename: 'passport.png', contentType: 'image/png', data: pngBytes() },
      ]),
    expected: signedIn,
  },
  'GET /api/v1/files/:id': {
    body: () => null,
    url: () => `/api/v1/files/${fileOfA.id}`,
    hidesOthers: true,
    expected: { anonymous: 'deny', purchaserA: 'allow', purchaserB: 'deny', teller: 'deny', admin: 'allow', owner: 'allow' },
  },
};

/**
 * Routes outside the matrix, on purpose: each is public by design and carries no data of anyone.
 * `/graphql` is the transport of the operations above; `/graphiql*` is the development IDE (off in
 * production); `/healthz` is the load balancer's probe.
 */
const NOT_IN_MATRIX = new Set([
  'GET /healthz',
  'GET /graphql',
  'POST /graphql',
  'GET /graphiql',
  'GET /graphiql/main.js',
  'GET /graphiql/sw.js',
  'GET /graphiql/config.js',
]);

/** "METHOD /path" for every route, read from Fastify's route tree. */
function listRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

function isDenied(status: number, code: string | undefined): boolean {
  return status === 401 || status === 403 || code === 'UNAUTHENTICATED' || code === 'FORBIDDEN';
}

describeApp('authorization matrix', (suite) => {
  const tokens = {} as Record<Caller, string | undefined>;
  beforeAll(async () => {
    tokens.anonymous = undefined;
    for (const caller of CALLERS.filter((c) => c !== 'anonymous')) {
      tokens[caller] = await tokenFor(suite.app, EMAILS[caller as Exclude<Caller, 'anonymous'>]);
    }
    fileOfA.id = (await uploadProof(suite.app, tokens.purchaserA!, 'ID_PROOF')).id;
  });

  it('has a row for every GraphQL operation, and no row for a missing one', () => {
    const schema = getSchema();
    const operations = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
      type ? Object.keys(type.getFields()) : [],
    );
    expect(Object.keys(GRAPHQL).sort()).toEqual(operations.sort());
  });

  it('has a row for every REST route, and no row for a missing one', () => {
    const routes = listRoutes(suite.app).filter((route) => !NOT_IN_MATRIX.has(route));
    expect(Object.keys(REST).sort()).toEqual(routes);
    // The exclusions must exist too, or a renamed route would slip out of both lists.
    expect(listRoutes(suite.app)).toEqual(expect.arrayContaining([...NOT_IN_MATRIX]));
  });

  for (const [field, row] of Object.entries(GRAPHQL)) {
    for (const caller of CALLERS) {
      it(`GraphQL ${field}: ${caller} ${row.expected[caller]}`, async () => {
        const { status, body } = await gqlAs(suite.app, tokens[caller], row.query);
        expect(status).toBeLessThan(500);
        const code = body.errors?.[0]?.extensions?.code;
        if (row.expected[caller] === 'deny') {
          expect(isDenied(status, code), JSON.stringify(body)).toBe(true);
          expect(body.data?.[field] ?? null).toBeNull();
        } else if (row.passesGuardWith && body.errors) {
          expect(row.passesGuardWith, JSON.stringify(body.errors)).toContain(code);
        } else {
          expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
          row.check?.(body.data ?? {}, caller);
        }
      });
    }
  }

  for (const [route, row] of Object.entries(REST)) {
    const [method, path] = route.split(' ') as [string, string];
    for (const caller of CALLERS) {
      it(`REST ${route}: ${caller} ${row.expected[caller]}`, async () => {
        const token = tokens[caller];
        const auth = token ? { authorization: `Bearer ${token}` } : {};
        const raw = row.raw?.(caller);
        const response = await suite.app.inject({
          method: method as 'GET' | 'POST',
          url: row.url?.() ?? path,
          ...(raw ? { payload: raw.payload } : method === 'GET' ? {} : { payload: row.body(caller) as Record<string, unknown> }),
          headers: { ...raw?.headers, ...auth },
        });
        const status = response.statusCode;
        // A file download answers bytes, not JSON.
        const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
        const body = isJson ? response.json<Record<string, unknown>>() : {};
        expect(status, JSON.stringify(body)).toBeLessThan(500);
        expect(typeof body.display_message === 'string' || status < 400).toBe(true);
        const denied = isDenied(status, undefined) || (row.hidesOthers === true && status === 404);
        expect(denied, JSON.stringify(body)).toBe(row.expected[caller] === 'deny');
      });
    }
  }
});
