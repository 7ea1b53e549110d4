import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, serializeSession } from '@fhp/domain';
import { request } from './client';
import { ApiError, displayMessageOf, FALLBACK_DISPLAY_MESSAGE } from './errors';
import { graphql } from './graphql';
import { fakeJwt } from '../auth/testing';

const Products = graphql(`
  query Products { products { id } }
`);

function respond(body: unknown, status = 200) {
  return vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

function sentInit(fetchImpl: ReturnType<typeof respond>): RequestInit {
  const call = fetchImpl.mock.calls[0];
  if (!call?.[1]) throw new Error('fetch was not called with options');
  return call[1];
}

describe('request', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('POSTs the document as written, bypasses the HTTP cache and returns data', async () => {
    const fetchImpl = respond({ data: { products: [{ id: 'fhp' }] } });
    await expect(request(Products, {}, { fetchImpl })).resolves.toEqual({ products: [{ id: 'fhp' }] });
    const init = sentInit(fetchImpl);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(init.cache).toBe('no-store');
    expect(JSON.parse(String(init.body))).toEqual({ query: '\n  query Products { products { id } }\n', variables: {} });
  });

  it('sends the text of the fragments a document was given, each once, without the client-only @_unmask', async () => {
    const Fields = graphql(`
      fragment ProductFields on Product @_unmask { id name }
    `);
    const Both = graphql(
      `
      query Both { a: products { ...ProductFields } b: products { ...ProductFields } }
    `,
      [Fields, Fields],
    );
    const fetchImpl = respond({ data: { a: [], b: [] } });
    await request(Both, {}, { fetchImpl });
    const { query } = JSON.parse(String(sentInit(fetchImpl).body)) as { query: string };
    expect(query.match(/fragment ProductFields on Product \{ id name \}/g)).toHaveLength(1);
    expect(query).toContain('query Both');
    expect(query).not.toContain('@_unmask');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchImpl = respond({ data: { products: [] } });
    await request(Products, {}, { fetchImpl });
    expect(Object.keys(sentInit(fetchImpl).headers as Record<string, string>)).not.toContain('authorization');
  });

  it('sends the stored token as a bearer token while it is valid', async () => {
    const token = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 600 });
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, serializeSession({ token, userRoles: [] }));
    const fetchImpl = respond({ data: { products: [] } });
    await request(Products, {}, { fetchImpl });
    expect((sentInit(fetchImpl).headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
  });

  it('sends no token once the stored one has expired', async () => {
    const token = fakeJwt({ exp: Math.floor(Date.now() / 1000) - 1 });
    window.localStorage.setItem(SESSION_STORAGE_KEY, serializeSession({ token, userRoles: [] }));
    const fetchImpl = respond({ data: { products: [] } });
    await request(Products, {}, { fetchImpl });
    expect(Object.keys(sentInit(fetchImpl).headers as Record<string, string>)).not.toContain('authorization');
  });

  it("throws an ApiError carrying the server's display_message", async () => {
    const fetchImpl = respond({
      data: null,
      errors: [{ message: 'bad', extensions: { code: 'BAD_USER_INPUT', display_message: 'unsupported country xx for this product' } }],
    });
    const error = await request(Products, {}, { fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(displayMessageOf(error)).toBe('unsupported country xx for this product');
    expect((error as ApiError).code).toBe('BAD_USER_INPUT');
  });

  it('falls back to the generic sentence on network failure or a non-JSON answer', async () => {
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(displayMessageOf(await request(Products, {}, { fetchImpl: offline }).catch((e: unknown) => e))).toBe(FALLBACK_DISPLAY_MESSAGE);
    const html = vi.fn<typeof fetch>().mockResolvedValue(new Response('<html>', { status: 502 }));
    await expect(request(Products, {}, { fetchImpl: html })).rejects.toBeInstanceOf(ApiError);
  });
});
