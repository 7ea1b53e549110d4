import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { describeApp } from '../../test/harness';
import { tokenFor } from '../../test/identity-helpers';
import { DEV_OUTBOX_PATH } from '../modules/identity';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

const FAQ = '{ getFAQ(input: { dashboard: END_USER }) { title queAns { title content } } }';

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.body;
}

const post = (payload: object, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/graphql',
  payload,
  headers: { 'accept-encoding': 'br, gzip', ...headers },
});

describeApp('compressed API answers', (suite) => {
  let token = '';
  beforeAll(async () => {
    token = await tokenFor(suite.app, 'purchaser@fhp.example');
  });

  it.each(['br', 'gzip'])('answers GraphQL above the threshold with %s and Vary', async (encoding) => {
    suite.app.publicQueryCache.clear();
    const response = await suite.app.inject(post({ query: FAQ }, { 'accept-encoding': encoding }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    const text = decoded(response);
    expect(Buffer.byteLength(text)).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ data: { getFAQ: expect.any(Array) } });
  });

  it('serves a cached public answer compressed, the same bytes as the first answer once decoded', async () => {
    suite.app.publicQueryCache.clear();
    const first = await suite.app.inject(post({ query: FAQ }));
    const hit = await suite.app.inject(post({ query: FAQ }));
    expect(first.headers['x-graphql-cache']).toBe('miss');
    expect(hit.headers['x-graphql-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(String(hit.headers.vary)).toMatch(/accept-encoding/i);
    expect(decoded(hit)).toBe(decoded(first));
    const plain = await suite.app.inject({ ...post({ query: FAQ }), headers: {} });
    expect(plain.headers['x-graphql-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(decoded(first));
  });

  it('compresses a signed-in answer too (never cached)', async () => {
    const response = await suite.app.inject(post({ query: FAQ }, { authorization: `Bearer ${token}` }));
    expect(response.headers['x-graphql-cache']).toBeUndefined();
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(response))).toMatchObject({ data: { getFAQ: expect.any(Array) } });
  });

  it('leaves small answers as they are', async () => {
    const response = await suite.app.inject(post({ query: '{ currentSeason { year } }' }));
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ data: { currentSeason: { year: expect.any(Number) } } });
  });

  it('answers a client that accepts no encoding in plain text', async () => {
    const response = await suite.app.inject({ method: 'POST', url: '/graphql', payload: { query: FAQ }, headers: { authorization: `Bearer ${token}` } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ data: { getFAQ: expect.any(Array) } });
  });
});

describeApp(
  'compressed REST answers',
  (suite) => {
    it('compresses a REST answer above the threshold (the development outbox)', async () => {
      // Two codes in the outbox: a few kilobytes of JSON.
      for (const email of ['first@fhp.example', 'second@fhp.example']) {
        expect((await suite.app.inject({ method: 'POST', url: '/iam/v1/user/sign-up', payload: { email } })).statusCode).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 200)); // codes are delivered after the answer
      const response = await suite.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(200);
      const text = decoded(response);
      expect(Buffer.byteLength(text)).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(JSON.parse(text)).toMatchObject({ messages: expect.arrayContaining([expect.objectContaining({ to: 'first@fhp.example' })]) });
    });
  },
  { env: { NODE_ENV: 'development' }, seed: false },
);
