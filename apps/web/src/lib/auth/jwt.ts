import type { TokenPayload } from '@fhp/domain';

/**
 * Reads a JWT's payload without verifying it: the web only needs `exp` (and `sub`) to decide
 * whether a stored token is still worth sending. The server verifies every signature.
 * Throws on anything that is not three dot-separated parts with a JSON payload.
 */
export function decodeJwtPayload(token: string): TokenPayload & { sub?: unknown; role?: unknown } {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw new Error('not a JWT');
  const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
  const payload: unknown = JSON.parse(json);
  if (typeof payload !== 'object' || payload === null) throw new Error('JWT payload is not an object');
  return payload as TokenPayload;
}

/** The account id (`sub`) a token was issued to; null for anything unreadable. */
export function accountOf(token: string): string | null {
  try {
    const sub = decodeJwtPayload(token).sub;
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}
