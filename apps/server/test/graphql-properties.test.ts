/**
 * Property tests over every GraphQL operation (issue 13, item 7), derived from the schema: each
 * Query and Mutation field is called with variables generated from its argument types (well-typed
 * values drawn from the kinds of text, numbers and ids the product uses, the demo's real policy
 * numbers, file ids and emails among them) and with malformed ones (any JSON in any place), as an
 * anonymous visitor, a holder and an administrator. Never a 500 or an internal error; and a refusal
 * writes nothing: the rows of every table a request could write (policies, payments, the ledger,
 * bank accounts, content, pricing, users, files, ...) are the same before and after it.
 */
import fc from 'fast-check';
import type { GraphQLArgument, GraphQLField, GraphQLInputType } from 'graphql';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DATA_EXCEPTION_MESSAGE } from '../src/db/data-exceptions';
import { seedDemoKyc } from '../src/seed/demo-kyc';
import { seedDemoPolicies } from '../src/seed/demo-policies';
import { graphqlJs } from '../src/graphql/graphql-js';
import { getSchema } from '../src/api/schema';
import { GRAPHQL } from './authorization/rows';
import { describeApp } from './harness';
import { storedDigest } from './stored-digest';
import { tokenFor } from './identity-helpers';

const { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType } = graphqlJs;

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

interface Operation {
  kind: 'query' | 'mutation';
  name: string;
  document: string;
  args: readonly GraphQLArgument[];
}

/** Every Query and Mutation field as an operation with one variable per argument. */
function operations(): Operation[] {
  const schema = getSchema();
  const all: Operation[] = [];
  for (const [kind, type] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
    for (const field of Object.values(type?.getFields() ?? {}) as GraphQLField<unknown, unknown>[]) {
      const named = getNamedType(field.type);
      const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
      const variables = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
      const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
      const document = `${kind} P${variables ? `(${variables})` : ''} { f: ${field.name}${args ? `(${args})` : ''}${selection} }`;
      all.push({ kind, name: field.name, document, args: field.args });
    }
  }
  return all;
}

/** Text of the kinds the product reads: codes, ids, numbers, dates, emails, and the hostile. */
function text(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      ...known,
      '',
      ' ',
      '0',
      '-1',
      'gd',
      'dm',
      'T',
      '3',
      'FULL',
      'INSTALMENTS_4',
      'CREDIT_UNION',
      'BANK_TRANSFER',
      'ID_PROOF',
      'ADDRESS_PROOF',
      'passport',
      '2027-05-31',
      '2027-02-30',
      '123456',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '\u0000',
      'x'.repeat(5000),
    ),
    fc.emailAddress(),
    fc.uuid(),
  );
}

/** Any JSON: a malformed variable (the wrong type, a missing field, an extra one). */
const anyJson = fc.jsonValue({ maxDepth: 2 });

function valueFor(type: GraphQLInputType, known: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueFor(type.ofType as GraphQLInputType, known, depth);
  const inner = ((): fc.Arbitrary<unknown> => {
    if (isListType(type)) return fc.array(valueFor(type.ofType as GraphQLInputType, known, depth + 1), { maxLength: depth > 1 ? 1 : 3 });
    if (isEnumType(type)) return fc.oneof(fc.constantFrom(...type.getValues().map((v) => v.name)), fc.string({ maxLength: 8 }));
    if (isInputObjectType(type)) {
      const fields = Object.values(type.getFields());
      return fc.record(Object.fromEntries(fields.map((field) => [field.name, valueFor(field.type, known, depth + 1)])), {
        requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
      });
    }
    switch (type.name) {
      case 'Int':
        return fc.oneof(fc.integer({ min: -3, max: 40 }), fc.integer(), fc.constant(2 ** 40));
      case 'Float':
        return fc.oneof(fc.constantFrom(0, 1300, 25000, 270000, 2470, 2346.5, 1960, 0.001, -5, 1e300), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'Boolean':
        return fc.boolean();
      case 'JSON':
        return anyJson;
      default:
        return text(known);
    }
  })();
  // A nullable place sometimes gets null.
  return isNonNullType(type) ? inner : fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 6, arbitrary: inner });
}

function variablesFor(operation: Operation, known: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    Object.fromEntries(
      operation.args.map((arg) => [arg.name, fc.oneof({ weight: 5, arbitrary: valueFor(arg.type, known) }, { weight: 1, arbitrary: anyJson })]),
    ),
    { requiredKeys: [] },
  );
}

/** Runs per operation and caller (GQL_RUNS): about 50 operations, so about 600 requests per database. */
const RUNS = Number(process.env.GQL_RUNS ?? 4);

describeApp('every GraphQL operation under random input', (suite) => {
  let known: string[] = [];
  const tokens: (string | undefined)[] = [];
  const CALLERS = ['anonymous', 'holder', 'admin'] as const;

  beforeAll(async () => {
    // Policies in every status, payments, the ledger, KYC files: refusals have records to leave alone.
    await seedDemoPolicies(suite.app);
    await seedDemoKyc(suite.app);
    const db = suite.database.db;
    const ids = rowsOf<{ value: string }>(
      await db.execute(sql`select policy_number as value from policies
        union all select id::text from files
        union all select email from users
        union all select vuid from users
        union all select id::text from payments
        union all select bank_transfer_reference from policies where bank_transfer_reference is not null`),
    );
    known = ids.map((row) => row.value);
    tokens.push(undefined, await tokenFor(suite.app, 'purchaser@fhp.example'), await tokenFor(suite.app, 'admin@fhp.example'));
  }, 60_000);

  const snapshot = () => storedDigest(suite.database.db);

  it('answers a value the database cannot take (a NUL character in an id) as the caller’s mistake, not a 500', async () => {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: 'query P($id: String!) { stormPayouts(stormId: $id) { __typename } }', variables: { id: 'AL\u000092004' } },
      headers: { authorization: `Bearer ${tokens[2]}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ errors: { extensions: unknown }[] }>().errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', display_message: DATA_EXCEPTION_MESSAGE });
  });

  it('never answers 500 or an internal error, and writes nothing on a refusal', async () => {
    const all = operations();
    // Every operation the authorization matrix knows, and no other: the schema is the list.
    expect(all.map((operation) => operation.name).sort()).toEqual(Object.keys(GRAPHQL).sort());
    for (const operation of all) {
      for (const [who, caller] of CALLERS.entries()) {
        await fc.assert(
          fc.asyncProperty(variablesFor(operation, known), async (variables) => {
            const before = await snapshot();
            const token = tokens[who];
            const response = await suite.app.inject({
              method: 'POST',
              url: '/graphql',
              payload: { query: operation.document, variables },
              headers: token ? { authorization: `Bearer ${token}` } : {},
            });
            const context = `${operation.name} as ${caller} with ${JSON.stringify(variables).slice(0, 300)}: ${response.body.slice(0, 300)}`;
            expect(response.statusCode, context).toBeLessThan(500);
            const body = response.json<{ data?: { f?: unknown } | null; errors?: { extensions?: { code?: string } }[] }>();
            for (const error of body.errors ?? []) expect(error.extensions?.code, context).not.toMatch(/^(INTERNAL_SERVER_ERROR|SERVICE_UNAVAILABLE)$/);
            const refused = (body.errors?.length ?? 0) > 0 && (body.data?.f ?? null) === null;
            if (refused) expect(await snapshot(), context).toEqual(before);
          }),
          { numRuns: RUNS },
        );
      }
    }
  }, 600_000);
});
