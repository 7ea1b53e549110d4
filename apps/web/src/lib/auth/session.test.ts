import { SESSION_STORAGE_KEY, serializeSession } from '@fhp/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { endSession, getSession, readAccessToken, readSessionUser, saveSession, SESSION_USER_KEY } from './session';
import { fakeJwt } from './testing';

const now = Date.now();
const valid = fakeJwt({ sub: 'u1', exp: Math.floor(now / 1000) + 600 });
const expired = fakeJwt({ sub: 'u1', exp: Math.floor(now / 1000) - 1 });
const purchaserRoles = [{ name: 'purchaser', uuid: '6f1c1d0e-4c1b-4f6e-9a43-0d5c1a2b3c4d' }];
const user = { id: 'u1', vuid: 'V-1', email: 'ann@fhp.example', firstName: 'ann', lastName: 'lee', fullName: 'Ann Lee', image: null };

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('session store', () => {
  it('keeps a remembered sign-in in local storage and a plain one in session storage', () => {
    saveSession({ accessToken: valid, userRoles: purchaserRoles, user }, true);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toContain(valid);
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    saveSession({ accessToken: valid, userRoles: [], user }, false);
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toContain(valid);
    // The older remembered session must not win over the new one.
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('reads local storage first, and the role only from the entry named purchaser', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, serializeSession({ token: valid, userRoles: purchaserRoles }));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, serializeSession({ token: fakeJwt({ exp: Math.floor(now / 1000) + 60 }), userRoles: [] }));
    expect(getSession(now)).toEqual({ status: 'valid', token: valid, role: 'purchaser' });

    window.localStorage.setItem(SESSION_STORAGE_KEY, serializeSession({ token: valid, userRoles: [{ name: 'Purchaser', uuid: 'x' }] }));
    expect(getSession(now).role).toBe('');
  });

  it('is valid with no role when nothing is stored, and sends no token', () => {
    expect(getSession(now)).toEqual({ status: 'valid', role: '' });
    expect(readAccessToken()).toBeNull();
  });

  it('treats exp x 1000 in the past as invalid and clears both stores', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, serializeSession({ token: expired, userRoles: purchaserRoles }));
    window.localStorage.setItem(SESSION_USER_KEY, JSON.stringify(user));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    window.sessionStorage.setItem('fhp.appConfig.v1', '{}');
    expect(getSession(now)).toEqual({ status: 'invalid', role: '' });
    expect([window.localStorage.length, window.sessionStorage.length]).toEqual([0, 0]);
  });

  it('leaves both stores empty after a forged token, in either store', () => {
    for (const store of [window.localStorage, window.sessionStorage]) {
      // Not a JWT at all, and a JWT-shaped token whose payload is not JSON: the web cannot read an expiry in either.
      for (const forged of ['forged-token', 'eyJhbGciOiJFUzI1NiJ9.bm90IGpzb24.c2ln']) {
        store.setItem(SESSION_STORAGE_KEY, serializeSession({ token: forged, userRoles: purchaserRoles }));
        store.setItem(SESSION_USER_KEY, JSON.stringify(user));
        window.sessionStorage.setItem('fhp.purchase.v1', '{"step":"kyc"}');
        expect(getSession(now)).toEqual({ status: 'invalid', role: '' });
        expect([window.localStorage.length, window.sessionStorage.length]).toEqual([0, 0]);
        expect(readAccessToken()).toBeNull();
      }
    }
  });

  it('returns the same snapshot object while nothing changed (React external store)', () => {
    saveSession({ accessToken: valid, userRoles: purchaserRoles, user }, false);
    expect(getSession(now)).toBe(getSession(now));
  });

  it('keeps the signed-in user for the profile fallback', () => {
    saveSession({ accessToken: valid, userRoles: purchaserRoles, user }, false);
    expect(readSessionUser()).toEqual(user);
  });

  it('logout empties both stores entirely', () => {
    saveSession({ accessToken: valid, userRoles: purchaserRoles, user }, true);
    window.sessionStorage.setItem('fhp.appConfig.v1', '{}');
    endSession();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(readAccessToken()).toBeNull();
  });
});
