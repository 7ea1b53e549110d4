import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeApp } from '../../test/harness';

const dist = mkdtempSync(join(tmpdir(), 'fhp-web-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>FHP</title><div id="root"></div>');
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("fhp")');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml' };

describeApp(
  'serving the built web app',
  (suite) => {
    it.each(['/', '/product/fhp', '/my-policies/actual/42', '/nope'])('serves index.html for %s', async (url) => {
      const response = await suite.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    });

    it('serves hashed assets with a long cache', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('immutable');
    });

    it.each(['/api/unknown', '/iam/v1/nope', '/graphql/x'])('answers a JSON 404 for an unknown API path %s', async (url) => {
      const response = await suite.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', display_message: expect.any(String) });
    });

    it('answers a JSON 404 to a non-browser client', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/nope', headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404 });
    });

    it('still answers the APIs', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/healthz', headers: html });
      expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
    });
  },
  { env: { WEB_DIST_DIR: dist }, seed: false },
);
