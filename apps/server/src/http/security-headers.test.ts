import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, pngBytes, uploadProof } from '../../test/files-helpers';
import { describeApp } from '../../test/harness';
import { tokenFor } from '../../test/identity-helpers';
import { createWebDist } from '../../test/web-dist';
import { HSTS, PERMISSIONS_POLICY } from './security-headers';

const dist = createWebDist();
afterAll(() => dist.remove());

/** The CSP as a map of directive to sources. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const policy = csp(response);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

const page: InjectOptions = { method: 'GET', url: '/', headers: { accept: 'text/html' } };

describeApp(
  'security headers on every answer',
  (suite) => {
    it.each<[string, InjectOptions]>([
      ['the web app', page],
      ['a client-side route', { method: 'GET', url: '/product/fhp/buy', headers: { accept: 'text/html' } }],
      ['a built asset', { method: 'GET', url: dist.scriptPath }],
      ['/graphql', { method: 'POST', url: '/graphql', payload: { query: '{ products { id } }' } }],
      ['a refused GraphQL document', { method: 'POST', url: '/graphql', payload: { query: '{ nope }' } }],
      ['/iam/v1', { method: 'POST', url: '/iam/v1/user/sign-in-type/get', payload: { email: 'purchaser@fhp.example' } }],
      ['an /iam/v1 refusal', { method: 'POST', url: '/iam/v1/user/sign-in', payload: { email: 'purchaser@fhp.example', password: 'wrong', role: null } }],
      ['/healthz', { method: 'GET', url: '/healthz' }],
      ['a JSON 404', { method: 'GET', url: '/api/v1/nope' }],
    ])('%s', async (_name, request) => {
      expectSecurityHeaders(await suite.app.inject(request));
    });

    it('allows the hashed critical CSS of index.html and no other inline style', async () => {
      const styles = csp(await suite.app.inject(page)).get('style-src') ?? [];
      expect(styles[0]).toBe("'self'");
      expect(styles.slice(1)).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
    });

    it('sends no HSTS without TRUST_PROXY, even when a client claims https', async () => {
      const response = await suite.app.inject({ ...page, headers: { ...page.headers, 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    describe('a stored proof', () => {
      let token = '';
      beforeAll(async () => {
        token = await tokenFor(suite.app, 'purchaser@fhp.example');
      });

      it.each([
        ['a PNG', { filename: 'passport.png', contentType: 'image/png', data: pngBytes() }, 'image/png', 'passport.png'],
        // Declared as HTML: the answer still says what the bytes are, and only as a download named for them.
        ['a PDF declared as HTML', { filename: 'bill.html', contentType: 'text/html', data: pdfBytes() }, 'application/pdf', 'bill.pdf'],
      ])('%s is downloaded as an attachment with its checked type', async (_name, file, type, name) => {
        const stored = await uploadProof(suite.app, token, 'ADDRESS_PROOF', file);
        const response = await suite.app.inject({ method: 'GET', url: `/api/v1/files/${stored.id}`, headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(type);
        expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(csp(response).get('default-src')).toEqual(["'none'"]);
        expect(csp(response).has('sandbox')).toBe(true);
        expect(response.headers['cache-control']).toBe('private, no-store');
      });
    });
  },
  { env: { WEB_DIST_DIR: dist.dir } },
);

describeApp(
  'HSTS behind a TLS proxy (TRUST_PROXY)',
  (suite) => {
    it('is sent when the proxy says the visitor came over https', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe(HSTS);
    });

    it('is not sent over plain http', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect((await suite.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    });
  },
  { env: { TRUST_PROXY: 'true' }, seed: false },
);

describeApp(
  'GraphiQL in development',
  (suite) => {
    it('gets its own looser policy on its own routes only', async () => {
      const graphiql = await suite.app.inject({ method: 'GET', url: '/graphiql' });
      expect(graphiql.statusCode).toBe(200);
      expect(csp(graphiql).get('script-src')).toContain('https://unpkg.com');
      expect(csp(graphiql).get('frame-ancestors')).toEqual(["'none'"]);
      const api = await suite.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ products { id } }' } });
      expect(csp(api).get('script-src')).toEqual(["'self'"]);
    });
  },
  { env: { NODE_ENV: 'development' }, seed: false },
);
