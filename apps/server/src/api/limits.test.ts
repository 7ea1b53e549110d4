import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { describeApp, gql } from '../../test/harness';
import { checkDocumentSize, DOCUMENT_LIMITS } from '../graphql/document-limits';
import { initialDataDocument } from '../web-app/initial-data';
import { GRAPHQL_LIMITS } from './plugin';

describeApp('GraphQL limits and refusals', (suite) => {
  it('refuses a query deeper than the limit with a 400', async () => {
    // sidebarItems nests through `children`, the one recursive type in the schema.
    let selection = 'key';
    for (let i = 0; i < GRAPHQL_LIMITS.maxDepth; i += 1) selection = `key children { ${selection} }`;
    const { status, body } = await gql(suite.app, `query { pageContent { sidebarItems { ${selection} } } }`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/depth/i);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
    expect(body.errors?.[0]?.extensions?.display_message).toBeTruthy();
  });

  it('refuses more aliases than the limit with a 400', async () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: products { id }`).join(' ');
    const { status, body } = await gql(suite.app, `query { ${aliases} }`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/alias/i);
  });

  it('refuses a query costing more than the limit with a 400, within the depth, alias and token limits', async () => {
    // One fragment spread again and again: each spread adds the fragment's cost, few tokens, no alias.
    const costly = (spreads: number) => `query Costly { pageContent { sidebarItems { ${'...Item '.repeat(spreads)}} } }
      fragment Item on SidebarItem { key title path icon children { key title path icon children { key title path icon } } }`;
    const within = await gql(suite.app, costly(30));
    expect(within.status).toBe(200);
    expect(within.body.errors).toBeUndefined();
    const { status, body } = await gql(suite.app, costly(60));
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(new RegExp(`Cost limit of ${GRAPHQL_LIMITS.maxCost} exceeded`));
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
    expect(body.errors?.[0]?.extensions?.display_message).toBeTruthy();
  });

  it('accepts a query within the limits', async () => {
    const { status, body } = await gql(suite.app, 'query { a: products { id } b: products { name } }');
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
  });

  it('refuses an unknown field with a 400, not a 500', async () => {
    const { status, body } = await gql(suite.app, 'query { products { id secretPrice } }');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toContain('secretPrice');
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses a syntax error with a 400', async () => {
    const { status, body } = await gql(suite.app, 'query { products { id ');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers malformed JSON with a 400 and a clear message', async () => {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": "{ products { id } }"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON.',
      display_message: 'The request body is not valid JSON.',
    });
  });

  it('answers a body without a query with a 400', async () => {
    const response = await suite.app.inject({ method: 'POST', url: '/graphql', payload: { nothing: true } });
    expect(response.statusCode).toBe(400);
  });

  it('answers an unsupported content type with a 415, not a 500', async () => {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/xml' },
      payload: '<query/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, display_message: expect.any(String) });
  });

  it.each([
    ['an empty body', { method: 'POST', payload: '' }],
    ['a JSON array', { method: 'POST', payload: '[1,2]', headers: { 'content-type': 'application/json' } }],
    ['a null query', { method: 'POST', payload: { query: null } }],
    ['a numeric query', { method: 'POST', payload: { query: 42 } }],
    ['variables that are a string', { method: 'POST', payload: { query: 'query($i: QuoteInput!) { quote(input: $i) { country } }', variables: 'x' } }],
    ['a missing variable', { method: 'POST', payload: { query: 'query($i: QuoteInput!) { quote(input: $i) { country } }' } }],
    ['a null input field', { method: 'POST', payload: { query: '{ quote(input: { country: null, coverage: 1 }) { country } }' } }],
    ['an unknown operation name', { method: 'POST', payload: { query: '{ products { id } }', operationName: 'Nope' } }],
    ['a GET without a query', { method: 'GET' }],
    ['a GET with a mutation', { method: 'GET', query: { query: 'mutation { x }' } }],
  ] as const)('answers %s with a 4xx, never a 500', async (_name, request) => {
    const response = await suite.app.inject({ url: '/graphql', ...request } as InjectOptions);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).toContain('display_message');
  });

  it('refuses a 1 MB document of __typename with a 4xx before GraphQL parses it', async () => {
    const document = `{ ${'__typename '.repeat(Math.ceil(1_000_000 / 11))}}`;
    expect(document.length).toBeGreaterThanOrEqual(1_000_000);
    const { status, body } = await gql(suite.app, document);
    expect(status).toBe(413);
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
      display_message: `The GraphQL document is too long: at most ${DOCUMENT_LIMITS.maxChars} characters are accepted.`,
    });
  });

  it('refuses a short document with too many tokens with a 400', async () => {
    const document = `{ ${'__typename '.repeat(DOCUMENT_LIMITS.maxTokens)}}`;
    expect(document.length).toBeLessThan(DOCUMENT_LIMITS.maxChars);
    const { status, body } = await gql(suite.app, document);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe(`The GraphQL document has too many tokens: at most ${DOCUMENT_LIMITS.maxTokens} are accepted.`);
  });

  it('counts tokens only up to the limit: what follows is never read', () => {
    // An unterminated string after the limit would be a syntax error if the lexer ever got there.
    const document = `{ ${'__typename '.repeat(DOCUMENT_LIMITS.maxTokens + 1)} "never read`;
    expect(() => checkDocumentSize(document)).toThrow(/too many tokens/);
    // Under the limit, a syntax error is left for GraphQL to report.
    expect(() => checkDocumentSize('{ products { id "unterminated')).not.toThrow();
  });

  it('accepts the largest documents the web sends', () => {
    expect(() => checkDocumentSize(initialDataDocument())).not.toThrow();
  });

  it('suggests field names outside production', async () => {
    const { body } = await gql(suite.app, 'query { products { id nme } }');
    expect(body.errors?.[0]?.message).toMatch(/Did you mean "name"\?/);
  });

  it('allows introspection outside production', async () => {
    const { status, body } = await gql<{ __schema: { queryType: { name: string } } }>(suite.app, '{ __schema { queryType { name } } }');
    expect(status).toBe(200);
    expect(body.data?.__schema.queryType.name).toBe('Query');
  });
});

describeApp(
  'GraphQL in production',
  (suite) => {
    it('refuses introspection', async () => {
      const { status, body } = await gql(suite.app, '{ __schema { queryType { name } } }');
      expect(status).toBe(400);
      expect(body.errors?.[0]?.message).toMatch(/introspection/i);
    });

    it.each([
      ['a mistyped field', 'query { products { id nme } }', 'Cannot query field "nme" on type "Product".'],
      ['a mistyped argument', 'query { landingContent(productid: "fhp") { title } }', 'Unknown argument "productid" on field "Query.landingContent".'],
      ['a mistyped enum value', 'query { getFAQ(input: { dashboard: END_USERS }) { title } }', 'Value "END_USERS" does not exist in "Dashboard" enum.'],
    ])('gives no field suggestions for %s', async (_name, query, message) => {
      const { status, body } = await gql(suite.app, query);
      expect(status).toBe(400);
      const texts = body.errors?.flatMap((e) => [e.message, e.extensions?.display_message]) ?? [];
      expect(texts).toContain(message);
      expect(texts.join(' ')).not.toMatch(/did you mean/i);
    });

    it('does not serve GraphiQL', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/graphiql' });
      expect(response.statusCode).toBe(404);
    });
  },
  { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.fhp.example' }, seed: false },
);
