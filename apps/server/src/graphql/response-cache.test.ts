import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeApp } from '../../test/harness';
import { tokenFor } from '../../test/identity-helpers';
import { PublicQueryCache } from './response-cache';

const QUOTE = `query Quote($input: QuoteInput!) { quote(input: $input) { country options { id premium { cents } } } }`;
const dm = { input: { country: 'dm', coverage: 25000 } };

// The suite's clock: tests move it to pass the cache's lifetime without sleeping.
let nowMs = Date.parse('2027-03-01T12:00:00Z');
const clock = () => new Date(nowMs);

function post(app: FastifyInstance, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/graphql', headers, payload: { query, variables } });
}

describeApp(
  'public query cache',
  (suite) => {
    it('answers a repeated anonymous quote from the cache, byte for byte', async () => {
      suite.app.publicQueryCache.clear();
      const first = await post(suite.app, QUOTE, dm);
      const second = await post(suite.app, QUOTE, dm);
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-graphql-cache']).toBe('miss');
      expect(second.headers['x-graphql-cache']).toBe('hit');
      expect(second.headers['content-type']).toMatch(/^application\/json/);
      expect(second.body).toBe(first.body);
      expect(second.json().data.quote.options).toHaveLength(6);
    });

    it('keys on the variables: another coverage is computed, not served from the cache', async () => {
      suite.app.publicQueryCache.clear();
      await post(suite.app, QUOTE, dm);
      const other = await post(suite.app, QUOTE, { input: { country: 'dm', coverage: 30000 } });
      expect(other.headers['x-graphql-cache']).toBe('miss');
      const option3 = other.json().data.quote.options.find((o: { id: string }) => o.id === '3');
      expect(option3.premium.cents).toBe(296_400); // 30,000 x 9.88%
    });

    it('forgets an answer after its lifetime and after clear()', async () => {
      suite.app.publicQueryCache.clear();
      await post(suite.app, QUOTE, dm);
      nowMs += 5_001;
      expect((await post(suite.app, QUOTE, dm)).headers['x-graphql-cache']).toBe('miss');
      suite.app.publicQueryCache.clear();
      expect((await post(suite.app, QUOTE, dm)).headers['x-graphql-cache']).toBe('miss');
    });

    it('never caches an answer with errors', async () => {
      suite.app.publicQueryCache.clear();
      const bad = { input: { country: 'xx', coverage: 25000 } };
      const first = await post(suite.app, QUOTE, bad);
      const second = await post(suite.app, QUOTE, bad);
      expect(first.json().errors[0].message).toBe('unsupported country xx for this product');
      expect(first.headers['x-graphql-cache']).toBeUndefined();
      expect(second.headers['x-graphql-cache']).toBeUndefined();
    });

    it('does not keep padded queries or oversized variables, so the cache cannot be filled by one caller', async () => {
      suite.app.publicQueryCache.clear();
      const padded = `${QUOTE}\n# ${'x'.repeat(9 * 1024)}`;
      await post(suite.app, padded, dm);
      const again = await post(suite.app, padded, dm);
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-graphql-cache']).toBeUndefined();

      const bigVariables = { ...dm, unused: 'y'.repeat(3 * 1024) };
      await post(suite.app, QUOTE, bigVariables);
      expect((await post(suite.app, QUOTE, bigVariables)).headers['x-graphql-cache']).toBeUndefined();
    });

    it('never shares a signed-in request, nor a query that reads the caller', async () => {
      suite.app.publicQueryCache.clear();
      await post(suite.app, QUOTE, dm);
      const token = await tokenFor(suite.app, 'purchaser@fhp.example');
      const signedIn = await post(suite.app, QUOTE, dm, { authorization: `Bearer ${token}` });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['x-graphql-cache']).toBeUndefined();

      const mixed = `query { quote(input: { country: "dm", coverage: 25000 }) { country } whoAmI { signedIn } }`;
      await post(suite.app, mixed);
      expect((await post(suite.app, mixed)).headers['x-graphql-cache']).toBeUndefined();
    });
  },
  { clock },
);

describe('PublicQueryCache', () => {
  it('is off with a lifetime of 0', () => {
    expect(new PublicQueryCache(0, () => 0).enabled).toBe(false);
  });

  it('keeps at most 1000 answers, dropping the oldest first', () => {
    const cache = new PublicQueryCache(60_000, () => 0);
    for (let i = 0; i <= 1000; i++) cache.set(`k${i}`, `{"data":${i}}`);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k1')).toBe('{"data":1}');
    expect(cache.get('k1000')).toBe('{"data":1000}');
  });
});
