import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebDist } from '../../test/web-dist';
import { IndexHtml, loadPrerender, PRERENDER_MODULE } from './index-html';
import { routeMatches } from './route-match';

const dist = createWebDist();
afterAll(() => dist.remove());

const data = { pageContent: { brand: { productId: 'fhp' } } };

describe('index.html per page', () => {
  it('puts the prerendered page into #root, once per path and data', async () => {
    const calls: string[] = [];
    const html = new IndexHtml(dist.dir, {
      prerender: async (url) => {
        calls.push(url);
        return new URL(url).pathname === '/nope' ? null : `<main>${new URL(url).pathname}</main>`;
      },
    });
    const landing = (await html.render('/product/fhp', data)).bodies.identity.toString();
    expect(landing).toContain('<div id="root"><main>/product/fhp</main></div>');
    // Drawn without them: the scripts are asked for after the first paint.
    expect(landing).toContain('<script defer src="/hydrate.js" data-entry="/assets/app-1234.js" data-modules="/assets/Landing-5678.js"></script>');
    expect(landing).not.toContain('type="module"');
    expect(landing).not.toContain('rel="modulepreload"');
    await html.render('/product/fhp', data);
    expect(calls).toEqual(['http://localhost/product/fhp']);
    const other = await html.render('/product/fhp', { ...data, currentSeason: { year: 2028 } });
    expect(other.bodies.identity.toString()).toContain('"year":2028');
    expect(calls).toHaveLength(2);
    const browserDrawn = (await html.render('/nope', data)).bodies.identity.toString();
    expect(browserDrawn).toContain('<div id="root"></div>');
    expect(browserDrawn).toContain('<script type="module" crossorigin src="/assets/app-1234.js"></script>');
    expect(browserDrawn).not.toContain('hydrate.js');
  });

  it("links the stylesheets of the page's chunks in the head, prerendered or not: the first paint is styled", async () => {
    const html = new IndexHtml(dist.dir, { prerender: async (url) => (new URL(url).pathname.endsWith('/buy') ? '<main>buy</main>' : null) });
    const buy = (await html.render('/product/fhp/buy', data)).bodies.identity.toString();
    const head = buy.slice(0, buy.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/Buy-4321.css">');
    // The scripts still wait for the first paint; the stylesheet does not.
    expect(head).toContain('data-modules="/assets/Buy-4321.js"');
    const plain = new IndexHtml(dist.dir);
    expect((await plain.render('/product/fhp/buy', data)).bodies.identity.toString()).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/Buy-4321.css"><link rel="modulepreload" crossorigin href="/assets/Buy-4321.js">',
    );
    expect((await plain.render('/product/fhp', data)).bodies.identity.toString()).not.toContain('rel="stylesheet"');
  });

  it('sends the page without its prerender when that fails, and says so', async () => {
    const failures: string[] = [];
    const html = new IndexHtml(dist.dir, {
      prerender: () => Promise.reject(new Error('window is not defined')),
      onPrerenderError: (error, path) => failures.push(`${path}: ${(error as Error).message}`),
    });
    const page = await html.render('/', data);
    expect(page.bodies.identity.toString()).toContain('<div id="root"></div>');
    expect(failures).toEqual(['/: window is not defined']);
  });

  it('prerenders nothing without data', async () => {
    const html = new IndexHtml(dist.dir, { prerender: async () => '<main>x</main>' });
    expect((await html.render('/', undefined)).bodies.identity.toString()).toContain('<div id="root"></div>');
  });

  it("loads the build's prerender from dist-ssr beside dist, when there is one", async () => {
    expect(await loadPrerender(dist.dir)).toBeUndefined();
    const file = join(dist.dir, 'web', PRERENDER_MODULE);
    mkdirSync(join(dist.dir, 'web'), { recursive: true });
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'export async function render(url) { return `<p>${new URL(url).pathname}</p>`; }');
    const prerender = await loadPrerender(join(dist.dir, 'web'));
    expect(await prerender?.('http://localhost/terms', {})).toBe('<p>/terms</p>');
  });

  it('matches route patterns segment by segment', () => {
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/', '/terms')).toBe(false);
    expect(routeMatches('/product/:id', '/product/fhp')).toBe(true);
    expect(routeMatches('/product/:id', '/product/fhp/')).toBe(true);
    expect(routeMatches('/product/:id', '/product/')).toBe(false);
    expect(routeMatches('/product/:id', '/product/fhp/faq')).toBe(false);
  });
});
