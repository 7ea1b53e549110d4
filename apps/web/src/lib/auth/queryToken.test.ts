import { describe, expect, it, vi } from 'vitest';
import { exchangeQueryToken, readQueryToken, withoutQueryToken } from './queryToken';

function answer(body: unknown, status = 200) {
  return vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('query-string token', () => {
  it('is read from ?token= (or ?jwtToken=) and trimmed', () => {
    expect(readQueryToken('?token=%20abc.def.ghi%20')).toBe('abc.def.ghi');
    expect(readQueryToken('?x=1&jwtToken=abc')).toBe('abc');
    expect(readQueryToken('?token=%20%20')).toBeNull();
    expect(readQueryToken('')).toBeNull();
  });

  it('is removed from the query string, leaving the rest', () => {
    expect(withoutQueryToken('?token=abc&tab=2')).toBe('?tab=2');
    expect(withoutQueryToken('?token=abc')).toBe('');
  });

  it('is exchanged through /user/sign-in with jwtToken and the role', async () => {
    const signedIn = { status: 'SIGNED_IN', accessToken: 't', userRoles: [], user: {} };
    const fetchImpl = answer(signedIn);
    await expect(exchangeQueryToken('abc', null, { fetchImpl })).resolves.toEqual(signedIn);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/iam/v1/user/sign-in');
    expect(JSON.parse(String(init?.body))).toEqual({ jwtToken: 'abc', role: null });
  });

  it('yields nothing when the server refuses it or cannot be reached', async () => {
    const refused = answer({ statusCode: 401, error: 'Unauthorized', message: 'bad token', display_message: 'The sign-in link is not valid.' }, 401);
    await expect(exchangeQueryToken('abc', null, { fetchImpl: refused })).resolves.toBeNull();
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(exchangeQueryToken('abc', null, { fetchImpl: offline })).resolves.toBeNull();
  });
});
