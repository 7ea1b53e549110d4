/**
 * Session validity (spec part 1 section 4), written against a storage-like interface and an
 * explicit clock so the rules are tested without a browser and the web passes in
 * `localStorage`, `sessionStorage` and `Date.now()`.
 */

/** The one key under which the web keeps the session, in local or in session storage. */
export const SESSION_STORAGE_KEY = 'fhp.session';

/** The part of `Storage` these rules use; `clear` is optional so a Map-backed fake is enough. */
export interface SessionStore {
  getItem(key: string): string | null;
  removeItem(key: string): void;
  clear?(): void;
}

/** A role entry as the sign-in response lists it in `userRoles`. */
export interface UserRoleEntry {
  uuid: string;
  name: string;
}

/** The user as the sign-in answer names them (docs/architecture.md, Identity contract). */
export interface SignedInUser {
  id: string;
  vuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** First and last name, or the email when both are empty. */
  fullName: string;
  image: string | null;
}

/** `SignedIn` of the identity contract: what the server answers and the web stores. */
export interface SignedIn {
  status: 'SIGNED_IN';
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  exp: number;
  signInType: 'password' | 'otp';
  userRoles: UserRoleEntry[];
  user: SignedInUser;
}

/** Where a one-time code went: the account's registered email, phone, or both. */
export type SentTo = ('EMAIL' | 'PHONE')[];

/** The answer of `/otp/send`: what was sent where, so the screen says only what is true. */
export interface OtpSendAnswer {
  message: string;
  sentTo: SentTo;
}

/** The first step of a password sign-in: a code was sent. */
export interface OtpSent extends OtpSendAnswer {
  status: 'OTP_SENT';
}

export type SignInAnswer = SignedIn | OtpSent;

/** What is stored under `SESSION_STORAGE_KEY`, as JSON. */
export interface StoredSession {
  token: string;
  userRoles: UserRoleEntry[];
}

/** Decoded JWT claims; only `exp` (seconds since the epoch) matters here. */
export interface TokenPayload {
  exp?: unknown;
}

/** Decodes a token's payload without verifying it (the server verifies); may throw or return null. */
export type DecodeToken = (token: string) => TokenPayload | null;

/** The web only ever distinguishes purchaser from everyone else (the header's "My Account"). */
export type SessionRole = 'purchaser' | '';

export type SessionResult =
  | { status: 'valid'; token: string; role: SessionRole }
  | { status: 'valid'; token?: undefined; role: '' }
  | { status: 'invalid'; token?: undefined; role: '' };

/** Valid only while exp x 1000 is in the future; a token without a numeric exp never is. */
export function isTokenValid(payload: TokenPayload | null | undefined, nowMs: number): boolean {
  const exp = payload?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) && exp * 1000 > nowMs;
}

const PURCHASER = 'purchaser';

/** 'purchaser' only when an entry is named exactly purchaser; everyone else has an empty role. */
export function roleFromUserRoles(userRoles: readonly { name?: unknown }[] | null | undefined): SessionRole {
  return userRoles?.some((entry) => entry.name === PURCHASER) ? PURCHASER : '';
}

/** The uuid of the role named purchaser, sent as `role` at sign-in; null when there is none. */
export function purchaserRoleUuid(userRoles: readonly UserRoleEntry[] | null | undefined): string | null {
  return userRoles?.find((entry) => entry.name === PURCHASER)?.uuid ?? null;
}

export function serializeSession(session: StoredSession): string {
  return JSON.stringify({ token: session.token, userRoles: session.userRoles });
}

/** Null for anything that is not a stored session we wrote: it then counts as an invalid token. */
export function parseStoredSession(raw: string): StoredSession | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { token, userRoles } = value as { token?: unknown; userRoles?: unknown };
  if (typeof token !== 'string' || token.length === 0) return null;
  const roles = Array.isArray(userRoles)
    ? userRoles.filter(
        (entry): entry is UserRoleEntry =>
          typeof entry === 'object' && entry !== null && typeof entry.uuid === 'string' && typeof entry.name === 'string',
      )
    : [];
  return { token, userRoles: roles };
}

function decodeSafely(decode: DecodeToken, token: string): TokenPayload | null {
  try {
    return decode(token);
  } catch {
    return null;
  }
}

/**
 * Local storage first, then session storage; the first valid token wins. With nothing stored the
 * result is valid with no role. If something was stored but none of it is valid (expired, forged,
 * unreadable), both stores are cleared, as the spec says (part 1 section 4), and the result is
 * invalid with no role: nothing a previous session left behind (the purchase in progress, the
 * signed-in user's name) outlives it. The cached application configuration goes too and is simply
 * fetched again.
 */
export function readSession(
  local: SessionStore,
  session: SessionStore,
  nowMs: number,
  decode: DecodeToken,
): SessionResult {
  let foundAny = false;
  for (const store of [local, session]) {
    const raw = store.getItem(SESSION_STORAGE_KEY);
    if (raw === null) continue;
    foundAny = true;
    const stored = parseStoredSession(raw);
    if (stored !== null && isTokenValid(decodeSafely(decode, stored.token), nowMs)) {
      return { status: 'valid', token: stored.token, role: roleFromUserRoles(stored.userRoles) };
    }
  }
  if (!foundAny) return { status: 'valid', role: '' };
  clearSession(local, session);
  return { status: 'invalid', role: '' };
}

/** Logout, and a session that is no longer valid (spec: "clears session and local storage"): the whole store when possible. */
export function clearSession(local: SessionStore, session: SessionStore): void {
  for (const store of [local, session]) {
    if (store.clear) store.clear();
    else store.removeItem(SESSION_STORAGE_KEY);
  }
}
