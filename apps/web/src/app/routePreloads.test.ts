import type { OutputBundle, OutputChunk } from 'rollup';
import { describe, expect, it } from 'vitest';
import { ROUTE_PAGE_MODULES, routePreloads } from '../../build/preloads';
import { ROUTES } from './routeTable';

function chunk(fileName: string, fields: Partial<OutputChunk>): OutputChunk {
  return { type: 'chunk', fileName, imports: [], isEntry: false, isDynamicEntry: false, facadeModuleId: null, ...fields } as OutputChunk;
}

describe('route preloads (build)', () => {
  it('names only routes of the route table, public ones, each with page modules', () => {
    const publicPaths = new Set(Object.values(ROUTES));
    for (const [pattern, modules] of Object.entries(ROUTE_PAGE_MODULES)) {
      expect(publicPaths.has(pattern as (typeof ROUTES)[keyof typeof ROUTES]), pattern).toBe(true);
      expect(modules.length).toBeGreaterThan(0);
    }
  });

  it("lists a page's chunks and their static imports, leaving out what the entry already loads", () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/react.js'] }),
      'assets/react.js': chunk('assets/react.js', {}),
      'assets/Money.js': chunk('assets/Money.js', { imports: ['assets/react.js'] }),
      'assets/Landing.js': chunk('assets/Landing.js', {
        isDynamicEntry: true,
        facadeModuleId: '/repo/apps/web/src/features/product-landing/ProductLandingPage.tsx',
        imports: ['assets/Money.js', 'assets/react.js'],
      }),
    } as unknown as OutputBundle;
    expect(routePreloads(bundle, { '/product/:id': ['src/features/product-landing/ProductLandingPage.tsx'] })).toEqual([
      { pattern: '/product/:id', modules: ['/assets/Money.js', '/assets/Landing.js'] },
    ]);
    expect(() => routePreloads(bundle, { '/': ['src/features/home/HomePage.tsx'] })).toThrow(/no chunk is built/);
  });

  it("lists the stylesheets a page's chunks import, for the page's head", () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', { isEntry: true }),
      'assets/fields.js': chunk('assets/fields.js', { viteMetadata: { importedCss: new Set(['assets/fields.css']) } } as Partial<OutputChunk>),
      'assets/Buy.js': chunk('assets/Buy.js', {
        isDynamicEntry: true,
        facadeModuleId: '/repo/apps/web/src/features/purchase/PurchaseFlow.tsx',
        imports: ['assets/fields.js'],
        viteMetadata: { importedCss: new Set(['assets/Buy.css']) },
      } as Partial<OutputChunk>),
    } as unknown as OutputBundle;
    expect(routePreloads(bundle, { '/product/:id/buy': ['src/features/purchase/PurchaseFlow.tsx'] })).toEqual([
      { pattern: '/product/:id/buy', modules: ['/assets/fields.js', '/assets/Buy.js'], styles: ['/assets/fields.css', '/assets/Buy.css'] },
    ]);
  });

  it('finds a small page module in the chunk it was folded into', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', { isEntry: true }),
      'assets/Landing.js': chunk('assets/Landing.js', {
        isDynamicEntry: true,
        facadeModuleId: '/repo/apps/web/src/features/product-landing/ProductLandingPage.tsx',
        moduleIds: ['/repo/apps/web/src/features/product-landing/ProductLandingPage.tsx', '/repo/apps/web/src/features/not-found/NotFoundPage.tsx'],
      }),
    } as unknown as OutputBundle;
    expect(routePreloads(bundle, { '/product/:id': ['src/features/product-landing/ProductLandingPage.tsx', 'src/features/not-found/NotFoundPage.tsx'] })).toEqual([
      { pattern: '/product/:id', modules: ['/assets/Landing.js'] },
    ]);
  });
});
