/** Storage key shared with the sign-in feature that will write it. */
export const ACCESS_TOKEN_KEY = 'fhp.accessToken';

/**
 * The stored access token, local storage first (remembered sign-in), then session storage.
 * Validity (expiry) checks arrive with sign-in; until then a token is taken as stored.
 */
export function readAccessToken(): string | null {
  if (typeof window === 'undefined') return null;
  return window.localStorage.getItem(ACCESS_TOKEN_KEY) ?? window.sessionStorage.getItem(ACCESS_TOKEN_KEY);
}
