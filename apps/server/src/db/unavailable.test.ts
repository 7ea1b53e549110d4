import { describe, expect, it } from 'vitest';
import { formatGraphQLErrors, GQL_CODES } from '../graphql/errors';
import { graphqlJs } from '../graphql/graphql-js';
import { isDatabaseUnavailable } from './unavailable';

const quietLog = { error: () => undefined, warn: () => undefined };
const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('isDatabaseUnavailable', () => {
  it('knows a terminated connection, bare or wrapped as Drizzle wraps it', () => {
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: terminated }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
  });

  it('leaves bugs and refused writes alone', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('makes a GraphQL answer 503 with a retry sentence, even with partial data', () => {
    const error = new graphqlJs.GraphQLError('Failed query', { originalError: new Error('Failed query', { cause: terminated }) });
    const { statusCode, response } = formatGraphQLErrors({ data: { PurchasePolicy: null }, errors: [error] }, quietLog);
    expect(statusCode).toBe(503);
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: GQL_CODES.UNAVAILABLE });
    expect(String(response.errors?.[0]?.extensions?.display_message)).toMatch(/try again in a few seconds/);
  });
});
