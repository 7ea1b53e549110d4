import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Public routes and the page modules the router loads for them (src/app/router.tsx). A test keeps
 * the patterns in step with the route table (src/app/routeTable.ts).
 */
export const ROUTE_PAGE_MODULES: Record<string, readonly string[]> = {
  '/': ['src/features/home/HomePage.tsx'],
  '/sign-in': ['src/features/sign-in/SignInPage.tsx'],
  '/terms': ['src/features/legal/TermsPage.tsx'],
  '/privacy': ['src/features/legal/PrivacyPage.tsx'],
  // KnownProduct is the parent route of every product page (an unknown id is NotFound).
  '/product/:id': ['src/app/KnownProduct.tsx', 'src/features/product-landing/ProductLandingPage.tsx', 'src/features/not-found/NotFoundPage.tsx'],
  '/product/:id/faq': ['src/app/KnownProduct.tsx', 'src/features/faq/FAQPage.tsx'],
  '/product/:id/buy': ['src/app/KnownProduct.tsx', 'src/features/purchase/PurchaseFlow.tsx'],
};

/** The file the server reads (apps/server/src/http/index-html.ts): `{ pattern, modules }[]`. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreload {
  pattern: string;
  /** Absolute URLs of the chunks the page needs beyond the entry's, in load order. */
  modules: string[];
  /**
   * The stylesheets those chunks import (Vite loads them with the chunk), when there are any: the
   * server links them in the page's head, so a prerendered page is drawn styled before its scripts.
   */
  styles?: string[];
}

/** What Vite adds to a chunk: the CSS files it imports. */
type WithCss = OutputChunk & { viteMetadata?: { importedCss?: Set<string> } };

const chunksOf = (bundle: OutputBundle) => Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');

/** A chunk and every chunk it imports statically, depth first. */
function withStaticImports(bundle: OutputBundle, fileName: string, seen: Set<string>, out: string[]): void {
  if (seen.has(fileName)) return;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return;
  for (const imported of chunk.imports) withStaticImports(bundle, imported, seen, out);
  out.push(fileName);
}

/** For each route, the chunks of its page modules that the entry does not already load. */
export function routePreloads(bundle: OutputBundle, routes: Record<string, readonly string[]>, base = '/'): RoutePreload[] {
  const chunks = chunksOf(bundle);
  const entryFiles = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) withStaticImports(bundle, entry.fileName, entryFiles, []);
  return Object.entries(routes).map(([pattern, modules]) => {
    const files: string[] = [];
    const seen = new Set(entryFiles);
    for (const module of modules) {
      const isModule = (id: string | null) => Boolean(id?.replace(/\\/g, '/').endsWith(`/${module}`));
      // Its own chunk, or (experimentalMinChunkSize folds small modules into others) the chunk it went into.
      const chunk =
        chunks.find((c) => c.isDynamicEntry && isModule(c.facadeModuleId)) ?? chunks.find((c) => (c.moduleIds ?? []).some(isModule));
      if (!chunk) throw new Error(`route ${pattern}: no chunk is built for ${module}; is it still loaded lazily by the router?`);
      withStaticImports(bundle, chunk.fileName, seen, files);
    }
    const styles = files.flatMap((file) => [...((bundle[file] as WithCss).viteMetadata?.importedCss ?? [])]).map((file) => `${base}${file}`);
    return { pattern, modules: files.map((file) => `${base}${file}`), ...(styles.length > 0 ? { styles } : {}) };
  });
}

/**
 * Build-time preloads: `route-preloads.json` beside index.html, from which the
 * server adds each page's own chunks to the HTML it sends (modulepreload), so they download with
 * the entry instead of after it has run.
 */
export function preloadsPlugin(options: { routes: Record<string, readonly string[]> }): Plugin {
  return {
    name: 'fhp-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routePreloads(bundle, options.routes), null, 2) });
    },
  };
}
