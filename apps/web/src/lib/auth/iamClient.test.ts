import { describe, expect, it, vi } from 'vitest';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from '../graphql/errors';
import { iamPost, isRefusal } from './iamClient';

describe('identity REST client', () => {
  it("throws the server's display_message, marked as a refusal", async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'x', display_message: 'The email or password is not right.' }), { status: 401 }),
    );
    const error = await iamPost('/user/sign-in', {}, { fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).displayMessage).toBe('The email or password is not right.');
    expect(isRefusal(error)).toBe(true);
  });

  it('treats outages and server faults as unexpected, with the generic sentence', async () => {
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const e1 = await iamPost('/otp/send', {}, { fetchImpl: offline }).catch((e: unknown) => e);
    expect((e1 as ApiError).displayMessage).toBe(FALLBACK_DISPLAY_MESSAGE);
    expect(isRefusal(e1)).toBe(false);
    const fault = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ statusCode: 500, display_message: 'x' }), { status: 500 }));
    expect(isRefusal(await iamPost('/otp/send', {}, { fetchImpl: fault }).catch((e: unknown) => e))).toBe(false);
  });

  it('POSTs JSON under /iam/v1 and returns the answer', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ signInType: 'otp' })));
    await expect(iamPost('/user/sign-in-type/get', { email: 'a@b.c' }, { fetchImpl })).resolves.toEqual({ signInType: 'otp' });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/iam/v1/user/sign-in-type/get');
    expect(fetchImpl.mock.calls[0]?.[1]?.method).toBe('POST');
  });
});
