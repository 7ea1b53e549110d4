import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { describeApp } from '../../test/harness';
import { createWebDist } from '../../test/web-dist';
import { pngSize } from '../../test/png';

// The built app carries public/ as Vite copies it: the preview images among it.
const dist = createWebDist();
cpSync(join(REPO_ROOT, 'apps/web/public/og'), join(dist.dir, 'og'), { recursive: true });
afterAll(() => dist.remove());

const PUBLIC_URL = 'https://fhp.example';

/** The content of each `<meta property|name="key">` of a page. */
function metaOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags[key!] = value!;
  return tags;
}

describeApp(
  'link previews: public pages for any client, with their preview tags',
  (suite) => {
    it.each([
      ['*/*', '/'],
      ['*/*', '/product/fhp'],
      [undefined, '/'],
      [undefined, '/product/fhp'],
    ])('answers Accept: %s on %s with the page: HTML with a title, a description, Open Graph and Twitter card tags', async (accept, url) => {
      const response = await suite.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const tags = metaOf(response.body);
      expect(tags).toMatchObject({
        description: expect.stringMatching(/\w.{40,}/),
        'og:type': 'website',
        'og:title': expect.stringMatching(/Flexible Hurricane Protection/),
        'og:description': tags.description,
        'og:image': expect.stringMatching(/^https:\/\/fhp\.example\/og\/\w+\.png$/),
        'og:image:width': '1200',
        'og:image:height': '630',
        'og:url': `${PUBLIC_URL}${url}`,
        'twitter:card': 'summary_large_image',
      });
      // One title, the page's own: the template's is replaced, not doubled.
      expect(response.body.match(/<title>/g)).toHaveLength(1);
      expect(response.body).toContain(`<title>${tags['og:title']}</title>`);
      expect(response.body.match(/name="description"/g)).toHaveLength(1);

      // The image answers, as the PNG of the size the tags say.
      const image = await suite.app.inject({ method: 'GET', url: new URL(tags['og:image']!).pathname, headers: { accept: 'image/*,*/*' } });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });
    });

    it("names each kind of page in its own words: the product's landing title and text come from its content", async () => {
      const landing = metaOf((await suite.app.inject({ method: 'GET', url: '/product/fhp', headers: { accept: '*/*' } })).body);
      const home = metaOf((await suite.app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } })).body);
      const proof = metaOf((await suite.app.inject({ method: 'GET', url: `/explorer/${'a'.repeat(64)}`, headers: { accept: '*/*' } })).body);
      expect(landing['og:description']).toMatch(/hurricane/i);
      expect(landing['og:image']).toBe(`${PUBLIC_URL}/og/product.png`);
      expect(home['og:image']).toBe(`${PUBLIC_URL}/og/home.png`);
      expect(proof['og:title']).toBe('Transaction proof | Flexible Hurricane Protection');
      expect(proof['og:image']).toBe(`${PUBLIC_URL}/og/proof.png`);
      expect(new Set([landing.description, home.description, proof.description]).size).toBe(3);
    });

    it('keeps the signed-in screens generic: no address named, the brand and its image', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/my-policies/actual/FHP-GD-2027-000001', headers: { accept: '*/*' } });
      const tags = metaOf(response.body);
      expect(tags['og:title']).toBe('Flexible Hurricane Protection');
      expect(tags).not.toHaveProperty('og:url');
    });

    it.each(['/api/v1/nope', '/graphql/nope', '/iam/v1/nope', '/healthz/nope'])('leaves API paths JSON for Accept: */* (%s)', async (url) => {
      const response = await suite.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });

    it.each(['/assets/gone-1234.js', '/og/missing.png', '/favicon.ico'])('answers a 404, not a page, for a missing file (%s)', async (url) => {
      const response = await suite.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });
  },
  { env: { WEB_DIST_DIR: dist.dir, PUBLIC_URL } },
);
