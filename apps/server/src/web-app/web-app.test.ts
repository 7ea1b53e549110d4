import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describeApp } from '../../test/harness';
import { createWebDist } from '../../test/web-dist';
import { content } from '../db/schema';
import { CONTENT_KEYS } from '../modules/content';
import { INITIAL_DATA_ELEMENT_ID } from './index-html';

const dist = createWebDist();
// What the web build writes for the installable app (apps/web/build/pwa.ts), beside index.html.
writeFileSync(join(dist.dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(dist.dir, 'manifest.webmanifest'), '{"name":"FHP"}');
afterAll(() => dist.remove());

const html = { accept: 'text/html,application/xhtml+xml' };

/** The JSON of the initial-data element in a served page. */
function initialDataOf(body: string): Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(body);
  expect(match, 'initial data element').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describeApp(
  'serving the built web app',
  (suite) => {
    it.each(['/', '/product/fhp', '/my-policies/actual/42', '/nope'])('serves index.html for %s', async (url) => {
      const response = await suite.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    });

    it('never serves index.html as a plain file, which would skip the data and the revalidation', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/index.html', headers: html });
      expect(response.body).toContain(INITIAL_DATA_ELEMENT_ID);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it("answers the service worker's app shell: the template as built, no page's data, never cached stale", async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/app-shell.html', headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(readFileSync(join(dist.dir, 'index.html'), 'utf8'));
      expect(response.body).not.toContain(INITIAL_DATA_ELEMENT_ID);
    });

    it('serves the service worker and the manifest to be checked on every visit (no-cache), not for a year', async () => {
      const worker = await suite.app.inject({ method: 'GET', url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      const manifest = await suite.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['cache-control']).toBe('no-cache');
    });

    it('serves hashed assets with a long cache', async () => {
      const response = await suite.app.inject({ method: 'GET', url: dist.scriptPath });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(dist.script)).toBe(true);
    });

    it.each([
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const)('serves a built script precompressed with %s for that Accept-Encoding', async (encoding, decompress) => {
      const response = await suite.app.inject({ method: 'GET', url: dist.scriptPath, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.rawPayload.length).toBeLessThan(dist.script.length / 4);
      expect(decompress(response.rawPayload).equals(dist.script)).toBe(true);
    });

    it('prefers brotli when a browser accepts both', async () => {
      const response = await suite.app.inject({ method: 'GET', url: dist.scriptPath, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).equals(dist.script)).toBe(true);
    });

    it('sends index.html compressed, never cached stale: no-cache with an ETag, 304 while unchanged', async () => {
      const first = await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: { ...html, 'accept-encoding': 'gzip' } });
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(gunzipSync(first.rawPayload).toString()).toContain('<div id="root">');

      const again = await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: { ...html, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const other = await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: { ...html, 'if-none-match': '"older"' } });
      expect(other.statusCode).toBe(200);
    });

    it('inlines page content and the season into every page, as a JSON script element', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/sign-in', headers: html });
      const data = initialDataOf(response.body);
      expect(data.pageContent).toMatchObject({ brand: { productId: 'fhp' }, navigation: expect.any(Array) });
      expect(data.currentSeason).toMatchObject({ year: expect.any(Number), purchaseWindowOpen: expect.any(Boolean) });
      // The roles complete the app configuration (sign-in sends the purchaser's uuid): no query for it.
      expect(data.roles).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'purchaser', uuid: expect.any(String) })]));
      expect(data).not.toHaveProperty('landingContent');
      expect(data).not.toHaveProperty('products');
    });

    it('inlines what each public page shows first: products, a landing page, the FAQ', async () => {
      const home = initialDataOf((await suite.app.inject({ method: 'GET', url: '/', headers: html })).body);
      expect(home.products).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'fhp' })]));
      const landing = initialDataOf((await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: html })).body);
      // Every product page checks its id against the products (KnownProduct): they come along.
      expect(landing.products).toEqual(home.products);
      const buy = initialDataOf((await suite.app.inject({ method: 'GET', url: '/product/fhp/buy', headers: html })).body);
      expect(buy.products).toEqual(home.products);
      expect(landing.landingContent).toEqual({ fhp: expect.objectContaining({ productId: 'fhp', title: expect.any(String) }) });
      const unknown = initialDataOf((await suite.app.inject({ method: 'GET', url: '/product/nope', headers: html })).body);
      expect(unknown.landingContent).toEqual({ nope: null });
      const faq = initialDataOf((await suite.app.inject({ method: 'GET', url: '/product/fhp/faq', headers: html })).body);
      expect(faq.getFAQ).toEqual({ END_USER: expect.arrayContaining([expect.objectContaining({ dashboard: 'END_USER' })]) });
    });

    /** Rewrites one field of the fhp landing document, as an admin's edit would. */
    async function editLanding(change: (value: Record<string, unknown>) => Record<string, unknown>) {
      const key = CONTENT_KEYS.landing('fhp');
      const [row] = await suite.database.db.select({ value: content.value }).from(content).where(eq(content.key, key));
      await suite.database.db.update(content).set({ value: change(row!.value as Record<string, unknown>) }).where(eq(content.key, key));
      suite.app.publicQueryCache.clear();
    }
    const landingOf = (body: string) => (initialDataOf(body).landingContent as { fhp: { title: string; subtitle: string } }).fhp;

    it('keeps the inlined data fresh: a content edit shows on the next page once the public cache is cleared', async () => {
      const before = landingOf((await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: html })).body);
      await editLanding((value) => ({ ...value, title: `${before.title} (edited)` }));
      const after = landingOf((await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: html })).body);
      expect(after.title).toBe(`${before.title} (edited)`);
      await editLanding((value) => ({ ...value, title: before.title }));
    });

    it('escapes the data so that no text in it can close the script element', async () => {
      const before = landingOf((await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: html })).body);
      const hostile = '</script><script>alert(1)</script><!--';
      await editLanding((value) => ({ ...value, subtitle: hostile }));
      const response = await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: html });
      expect(response.body).not.toContain('<script>alert(1)');
      expect(landingOf(response.body).subtitle).toBe(hostile);
      await editLanding((value) => ({ ...value, subtitle: before.subtitle }));
    });

    it("asks for the page's own chunks at once with modulepreload links", async () => {
      const landing = await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: html });
      expect(landing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Landing-5678.js">');
      const home = await suite.app.inject({ method: 'GET', url: '/', headers: html });
      expect(home.body).toContain('href="/assets/Home-9999.js"');
      expect(home.body).not.toContain('Landing-5678');
      const faq = await suite.app.inject({ method: 'GET', url: '/product/fhp/faq', headers: html });
      expect(faq.body).not.toContain('modulepreload');
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
  { env: { WEB_DIST_DIR: dist.dir } },
);
