/**
 * Authorization matrix: every GraphQL operation and every REST route, for each kind of caller,
 * with the expected allow or deny, checked by really calling it. The rows live per domain in
 * `authorization/` (listed in `authorization/rows.ts`).
 *
 * THIS TEST FAILS when the schema or the route list has an operation without a row. Each issue
 * that adds a Query or Mutation field or a route must add its row (and decide who may call it).
 * Rows for operations that no longer exist fail too, so the table stays the truth.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { getSchema } from '../src/api/schema';
import { DOMAIN_ROWS, GRAPHQL, REST } from './authorization/rows';
import { CALLERS, EMAILS, verdictOf, type Caller, type SignedInCaller } from './authorization/types';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';

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
    const signedInTokens = {} as Record<SignedInCaller, string>;
    for (const caller of CALLERS.filter((c): c is SignedInCaller => c !== 'anonymous')) {
      signedInTokens[caller] = await tokenFor(suite.app, EMAILS[caller]);
      tokens[caller] = signedInTokens[caller];
    }
    for (const rows of DOMAIN_ROWS) await rows.setup?.({ suite, app: suite.app, tokens: signedInTokens });
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
      it(`GraphQL ${field}: ${caller} ${verdictOf(row.expected, caller)}`, async () => {
        const query = typeof row.query === 'function' ? row.query() : row.query;
        const { status, body } = await gqlAs(suite.app, tokens[caller], query);
        expect(status).toBeLessThan(500);
        const code = body.errors?.[0]?.extensions?.code;
        if (verdictOf(row.expected, caller) === 'deny') {
          const hidden = row.hidesOthers === true && code === 'NOT_FOUND';
          expect(isDenied(status, code) || hidden, JSON.stringify(body)).toBe(true);
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
      it(`REST ${route}: ${caller} ${verdictOf(row.expected, caller)}`, async () => {
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
        expect(denied, JSON.stringify(body)).toBe(verdictOf(row.expected, caller) === 'deny');
      });
    }
  }
});
