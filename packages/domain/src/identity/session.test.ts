import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SESSION_STORAGE_KEY,
  clearSession,
  isTokenValid,
  purchaserRoleUuid,
  readSession,
  roleFromUserRoles,
  serializeSession,
  type DecodeToken,
  type SessionStore,
  type UserRoleEntry,
} from './session';

/** A Map-backed store, like the browser's Storage but observable. */
class MemoryStore implements SessionStore {
  readonly items = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.items.set(key, value);
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const PURCHASER: UserRoleEntry = { uuid: '0b6f0a5e-2f9a-4c7e-9d1b-1f2e3d4c5b6a', name: 'purchaser' };
const TELLER: UserRoleEntry = { uuid: '5d0d1c6e-8d7c-4b7a-a0b1-6c5d4e3f2a1b', name: 'teller' };

// Tokens in these tests are just their exp in seconds, so the decoder is trivially honest.
const decode: DecodeToken = (token) => {
  const exp = Number(token);
  if (Number.isNaN(exp)) throw new Error('malformed token');
  return { exp };
};
const stored = (expSeconds: number, userRoles: UserRoleEntry[] = [PURCHASER]) =>
  serializeSession({ token: String(expSeconds), userRoles });
const future = NOW / 1000 + 3600;
const past = NOW / 1000 - 1;

describe('isTokenValid', () => {
  it('is valid only while exp x 1000 is after now', () => {
    expect(isTokenValid({ exp: NOW / 1000 + 1 }, NOW)).toBe(true);
    expect(isTokenValid({ exp: NOW / 1000 }, NOW)).toBe(false);
    expect(isTokenValid({}, NOW)).toBe(false);
    expect(isTokenValid({ exp: '9999999999' }, NOW)).toBe(false);
    expect(isTokenValid(null, NOW)).toBe(false);
  });

  it('never accepts an expired token', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 4e9 }), (nowMs, exp) => {
        if (exp * 1000 <= nowMs) expect(isTokenValid({ exp }, nowMs)).toBe(false);
        else expect(isTokenValid({ exp }, nowMs)).toBe(true);
      }),
    );
  });
});

describe('roles in the session', () => {
  it('is purchaser only for an entry named purchaser', () => {
    expect(roleFromUserRoles([TELLER, PURCHASER])).toBe('purchaser');
    expect(roleFromUserRoles([TELLER])).toBe('');
    expect(roleFromUserRoles([{ name: 'Purchaser' }])).toBe('');
    expect(roleFromUserRoles(undefined)).toBe('');
  });

  it('sends the uuid of the role named purchaser at sign-in, else null', () => {
    expect(purchaserRoleUuid([TELLER, PURCHASER])).toBe(PURCHASER.uuid);
    expect(purchaserRoleUuid([TELLER])).toBeNull();
    expect(purchaserRoleUuid(null)).toBeNull();
  });
});

describe('readSession', () => {
  it('is valid with no role when nothing is stored, and touches nothing', () => {
    const local = new MemoryStore({ other: 'kept' });
    const session = new MemoryStore({ config: 'cached' });
    expect(readSession(local, session, NOW, decode)).toEqual({ status: 'valid', role: '' });
    expect([...local.items.keys(), ...session.items.keys()]).toEqual(['other', 'config']);
  });

  it('prefers local storage over session storage', () => {
    const local = new MemoryStore({ [SESSION_STORAGE_KEY]: stored(future, [TELLER]) });
    const session = new MemoryStore({ [SESSION_STORAGE_KEY]: stored(future + 1) });
    expect(readSession(local, session, NOW, decode)).toEqual({ status: 'valid', token: String(future), role: '' });
  });

  it('falls back to session storage when local storage holds nothing valid', () => {
    const local = new MemoryStore({ [SESSION_STORAGE_KEY]: stored(past) });
    const session = new MemoryStore({ [SESSION_STORAGE_KEY]: stored(future) });
    expect(readSession(local, session, NOW, decode)).toEqual({ status: 'valid', token: String(future), role: 'purchaser' });
  });

  it('answers invalid with no role for an expired token and clears both stores', () => {
    const local = new MemoryStore({ [SESSION_STORAGE_KEY]: stored(past), user: 'Ann' });
    const session = new MemoryStore({ [SESSION_STORAGE_KEY]: stored(past), config: 'cached', purchase: 'in progress' });
    expect(readSession(local, session, NOW, decode)).toEqual({ status: 'invalid', role: '' });
    for (const key of [SESSION_STORAGE_KEY, 'user', 'config', 'purchase']) {
      expect(local.getItem(key)).toBeNull();
      expect(session.getItem(key)).toBeNull();
    }
  });

  it('clears both stores when the only session is a forged token in session storage', () => {
    const local = new MemoryStore({ remembered: 'x' });
    const session = new MemoryStore({ [SESSION_STORAGE_KEY]: serializeSession({ token: 'forged.token.sig', userRoles: [PURCHASER] }) });
    expect(readSession(local, session, NOW, decode)).toEqual({ status: 'invalid', role: '' });
    expect([local.getItem('remembered'), session.getItem(SESSION_STORAGE_KEY)]).toEqual([null, null]);
  });

  it('leaves both stores alone when no session is stored', () => {
    const local = new MemoryStore({ other: '1' });
    const session = new MemoryStore({ config: 'cached' });
    expect(readSession(local, session, NOW, decode)).toEqual({ status: 'valid', role: '' });
    expect([local.getItem('other'), session.getItem('config')]).toEqual(['1', 'cached']);
  });

  it.each([
    ['not JSON', '{nope'],
    ['no token', JSON.stringify({ userRoles: [PURCHASER] })],
    ['a token the decoder rejects', serializeSession({ token: 'garbage', userRoles: [PURCHASER] })],
  ])('treats %s as an invalid token', (_label, raw) => {
    const local = new MemoryStore({ [SESSION_STORAGE_KEY]: raw });
    const session = new MemoryStore();
    expect(readSession(local, session, NOW, decode)).toEqual({ status: 'invalid', role: '' });
    expect(local.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('never returns a role other than purchaser or empty, and never a token that is expired', () => {
    const roleEntry = fc.record({ uuid: fc.uuid(), name: fc.oneof(fc.constantFrom('purchaser', 'teller', 'admin', 'owner'), fc.string()) });
    const storedValue = fc.option(
      fc.oneof(
        fc.record({ exp: fc.integer({ min: 0, max: 4e9 }), roles: fc.array(roleEntry) }).map(({ exp, roles }) => stored(exp, roles)),
        fc.string(),
      ),
      { nil: undefined },
    );
    fc.assert(
      fc.property(storedValue, storedValue, fc.integer({ min: 0, max: 4e12 }), (inLocal, inSession, nowMs) => {
        const local = new MemoryStore(inLocal === undefined ? {} : { [SESSION_STORAGE_KEY]: inLocal });
        const session = new MemoryStore(inSession === undefined ? {} : { [SESSION_STORAGE_KEY]: inSession });
        const result = readSession(local, session, nowMs, decode);
        expect(['purchaser', '']).toContain(result.role);
        if (result.token !== undefined) expect(isTokenValid(decode(result.token), nowMs)).toBe(true);
        if (result.status === 'invalid') {
          expect(local.getItem(SESSION_STORAGE_KEY)).toBeNull();
          expect(session.getItem(SESSION_STORAGE_KEY)).toBeNull();
        }
      }),
    );
  });
});

describe('clearSession (logout)', () => {
  it('clears both stores entirely', () => {
    const local = new MemoryStore({ [SESSION_STORAGE_KEY]: stored(future), other: 'x' });
    const session = new MemoryStore({ config: 'cached' });
    clearSession(local, session);
    expect(local.items.size + session.items.size).toBe(0);
  });

  it('removes at least the session key from a store without clear()', () => {
    const items = new Map([[SESSION_STORAGE_KEY, stored(future)]]);
    const bare: SessionStore = { getItem: (k) => items.get(k) ?? null, removeItem: (k) => void items.delete(k) };
    clearSession(bare, new MemoryStore());
    expect(items.size).toBe(0);
  });
});
