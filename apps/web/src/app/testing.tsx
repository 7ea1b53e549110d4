import { QueryClientProvider } from '@tanstack/react-query';
import { SESSION_STORAGE_KEY, serializeSession } from '@fhp/domain';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { SESSION_USER_KEY } from '../lib/auth/session';
import { fakeJwt } from '../lib/auth/testing';
import { createQueryClient } from './queryClient';
import { routes } from './router';

/** Test helpers for the app shell: the real route table and layouts, only the server faked. */

import { PURCHASER_ROLE_UUID } from './testFixtures';

export { PURCHASER_ROLE_UUID, testAppConfig, testPageContent, testRoles, testSeason } from './testFixtures';

const sessionUser = { id: 'u1', vuid: 'V1', email: 'ann@fhp.example', firstName: 'ann', lastName: 'lee', fullName: 'Ann Lee', image: null };

/** A session for user u1 (Ann Lee) valid for ten minutes, as sign-in stores it; returns the token. */
export function signInForTest(userRoles = [{ name: 'purchaser', uuid: PURCHASER_ROLE_UUID }]) {
  const token = fakeJwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 600 });
  window.sessionStorage.setItem(SESSION_STORAGE_KEY, serializeSession({ token, userRoles }));
  window.sessionStorage.setItem(SESSION_USER_KEY, JSON.stringify(sessionUser));
  return token;
}

/** Renders the whole app at `path` with a fresh query client; returns the router to follow navigation. */
export function renderAppAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/**
 * Fakes /graphql: `answer` gets the operation name (e.g. `PageContent`, `WhoAmI`) and the query
 * and returns the response body. Returns the operations called, in order, and the fetch mock.
 * `rest` answers any other URL (the identity routes) with a status and a body.
 */
export function stubGraphQL(
  answer: (operation: string, query: string) => unknown,
  rest?: (url: string, body: unknown) => { status: number; body: unknown },
) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (rest && !url.endsWith('/graphql')) {
      const { status, body } = rest(url, JSON.parse(String(init.body)));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    const { query } = JSON.parse(String(init.body)) as { query: string };
    const operation = /(?:query|mutation) (\w+)/.exec(query)?.[1] ?? '?';
    calls.push(operation);
    return new Response(JSON.stringify(answer(operation, query)), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Clean storages and the browser APIs jsdom lacks before each test; unmount and unstub after. */
export function setUpShellTests() {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.scrollTo = vi.fn();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
