import type { OtpSendAnswer, OtpSendBody, SignedIn, SignInAnswer } from '@fhp/domain';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from '../graphql/errors';

/** Base path of the identity service (spec part 1 section 7), served by the same origin. */
export const IAM_BASE = '/iam/v1';

export interface IamOptions {
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
  /** The session's access token, for the staff routes (invite, re-invite). */
  token?: string | null;
}

/**
 * POSTs a JSON body to an identity route. Every failure throws an `ApiError` whose
 * `displayMessage` is the server's `display_message` (spec part 2 section 8: "REST failures throw
 * the server's display_message"); network failures and unreadable answers get the generic sentence
 * and a code of their own, so the form can tell a refusal from an outage.
 */
export async function iamPost<T>(path: string, body: unknown, options: IamOptions = {}): Promise<T> {
  const doFetch = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${IAM_BASE}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      cache: 'no-store',
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    throw new ApiError(`Network error: ${String(cause)}`, FALLBACK_DISPLAY_MESSAGE, 'NETWORK_ERROR');
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(`Unreadable response (HTTP ${response.status})`, FALLBACK_DISPLAY_MESSAGE, 'BAD_RESPONSE');
  }
  if (!response.ok) {
    const { display_message: display, message } = (data ?? {}) as { display_message?: unknown; message?: unknown };
    throw new ApiError(
      typeof message === 'string' ? message : `HTTP ${response.status}`,
      typeof display === 'string' && display.length > 0 ? display : FALLBACK_DISPLAY_MESSAGE,
      `HTTP_${response.status}`,
    );
  }
  return data as T;
}

/** True when the failure is the server refusing (it said why), not an outage or a bug. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && /^HTTP_4\d\d$/.test(error.code ?? '');
}

export type SignInType = SignedIn['signInType'];
export interface SignInRequest {
  /** Absent only when a query-string token (`jwtToken`) names the user. */
  email?: string;
  password?: string;
  otp?: string;
  jwtToken?: string;
  role: string | null;
}

export const iam = {
  signInType: (email: string, options?: IamOptions) =>
    iamPost<{ signInType: SignInType }>('/user/sign-in-type/get', { email }, options).then((r) => r.signInType),
  signIn: (body: SignInRequest, options?: IamOptions) => iamPost<SignInAnswer>('/user/sign-in', body, options),
  sendOtp: (body: OtpSendBody, options?: IamOptions) => iamPost<OtpSendAnswer>('/otp/send', body, options),
};
