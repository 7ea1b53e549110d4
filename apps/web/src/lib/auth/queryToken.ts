import type { SignedIn } from '@fhp/domain';
import { iam, type IamOptions } from './iamClient';

/** Query parameters that may carry a token signed by the configured signer (spec part 1 section 7). */
export const QUERY_TOKEN_PARAMS = ['token', 'jwtToken'] as const;

/** The trimmed token from a query string, or null when there is none (or only whitespace). */
export function readQueryToken(search: string): string | null {
  const params = new URLSearchParams(search);
  for (const name of QUERY_TOKEN_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

/** The query string without the token parameters, so the token is not left in the address bar or history. */
export function withoutQueryToken(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of QUERY_TOKEN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Exchanges a query-string token for a session through `/user/sign-in` with `jwtToken`. The server
 * verifies it against the signer's public key and logs a failure; here a failure yields nothing
 * (null), exactly as the spec says, and the visitor simply stays anonymous.
 */
export async function exchangeQueryToken(token: string, role: string | null, options?: IamOptions): Promise<SignedIn | null> {
  try {
    const answer = await iam.signIn({ jwtToken: token, role }, options);
    return answer.status === 'SIGNED_IN' ? answer : null;
  } catch {
    return null;
  }
}
