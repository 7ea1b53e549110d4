import {
  clearSession,
  readSession,
  serializeSession,
  SESSION_STORAGE_KEY,
  type SessionResult,
  type SignedIn,
  type SignedInUser,
} from '@fhp/domain';
import { accountOf, decodeJwtPayload } from './jwt';

/**
 * The browser side of the session rules of spec part 1 section 4. The rules themselves live in
 * `@fhp/domain` (`readSession`); this module binds them to the real storages and the clock, and
 * tells subscribers (the header, the shell) when the session changes.
 */

/**
 * The sign-in answer's user (`SignedInUser`, `@fhp/domain`), kept beside the session (same store)
 * so a failed profile load can still show name and image.
 */
export const SESSION_USER_KEY = 'fhp.sessionUser';

const listeners = new Set<() => void>();
let cached: SessionResult = { status: 'valid', role: '' };

/**
 * Every person's offline copies go when a session ends (sign-out, an expired or refused token);
 * a sign-in keeps only that person's (decision 116). Loaded on demand: anonymous pages never need it.
 */
function forgetOfflineCopies(keepAccountOf?: string): void {
  const keep = keepAccountOf ? accountOf(keepAccountOf) : null;
  void import('../offline/personalCopies').then(({ forgetPersonalCopies }) => forgetPersonalCopies(keep ?? undefined));
}

function storages(): [Storage, Storage] | null {
  if (typeof window === 'undefined') return null;
  return [window.localStorage, window.sessionStorage];
}

/**
 * The current session, read afresh (local storage first, then session storage; an expired,
 * forged or unreadable token clears both stores). The same object is returned while nothing
 * changed, so React can use it as an external-store snapshot.
 */
export function getSession(now: number = Date.now()): SessionResult {
  const stores = storages();
  if (!stores) return cached;
  const next = readSession(stores[0], stores[1], now, decodeJwtPayload);
  // readSession has just cleared an expired or unreadable session.
  if (next.status === 'invalid') forgetOfflineCopies();
  if (next.status !== cached.status || next.token !== cached.token || next.role !== cached.role) cached = next;
  return cached;
}

/** The access token for API calls; none when the stored one has expired. */
export function readAccessToken(): string | null {
  return getSession().token ?? null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes local storage.
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Stores a fresh sign-in: "remember me" keeps it in local storage across browser restarts,
 * otherwise session storage holds it until the tab closes. The other store is emptied of any
 * older session so the two can never disagree (local storage would win).
 */
export function saveSession(signedIn: Pick<SignedIn, 'accessToken' | 'userRoles' | 'user'>, remember: boolean): void {
  const stores = storages();
  if (!stores) return;
  const [local, session] = stores;
  const target = remember ? local : session;
  const other = remember ? session : local;
  other.removeItem(SESSION_STORAGE_KEY);
  other.removeItem(SESSION_USER_KEY);
  target.setItem(SESSION_STORAGE_KEY, serializeSession({ token: signedIn.accessToken, userRoles: signedIn.userRoles }));
  target.setItem(SESSION_USER_KEY, JSON.stringify(signedIn.user));
  forgetOfflineCopies(signedIn.accessToken);
  notify();
}

/** Logout: the spec clears session and local storage entirely. */
export function endSession(): void {
  const stores = storages();
  if (!stores) return;
  clearSession(stores[0], stores[1]);
  forgetOfflineCopies();
  notify();
}

/** The user saved at sign-in, from the store that holds the valid token. */
export function readSessionUser(): SignedInUser | null {
  const stores = storages();
  if (!stores || !getSession().token) return null;
  for (const store of stores) {
    if (store.getItem(SESSION_STORAGE_KEY) === null) continue;
    const raw = store.getItem(SESSION_USER_KEY);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as SignedInUser;
    } catch {
      return null;
    }
  }
  return null;
}
