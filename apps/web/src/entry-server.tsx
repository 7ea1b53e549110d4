/**
 * The public pages prerendered by the server (decision 020): the same routes and components as the
 * browser's, rendered to HTML from the same initial data the page carries, so the first screen is
 * drawn before any script has run and the browser then hydrates it. Built by `vite build --ssr`
 * into apps/web/dist-ssr; the server loads it from there, as it serves dist. Only pages whose first
 * render, for a new visitor, depends on nothing but the data are prerendered.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/router';
import { ROUTES } from './app/routeTable';
import { provideInitialData } from './lib/initial-data/initialData';

/**
 * Pages whose first screen is the same for every new visitor: the content pages, sign-in (its first
 * step is the empty email form) and the purchase flow (its first step, the country; a visitor with
 * a purchase stored in the tab is taken to its step once the page is hydrated).
 */
export const PRERENDERED_ROUTES: readonly string[] = [
  ROUTES.Home,
  ROUTES.ProductLanding,
  ROUTES.FAQPage,
  ROUTES.PurchaseFlow,
  ROUTES.Terms,
  ROUTES.Privacy,
  ROUTES.SignIn,
];

const handler = createStaticHandler(routes);

/**
 * Whether the page at `pathname` is prerendered: a content page, and for a product's pages a
 * product that exists (the server keeps one page per path, so made-up ids must not make more).
 */
export function isPrerendered(pathname: string, data: Record<string, unknown>): boolean {
  const match = PRERENDERED_ROUTES.map((pattern) => matchPath(pattern, pathname)).find(Boolean);
  if (!match) return false;
  const id = match.params.id;
  if (id === undefined) return true;
  if (match.pattern.path === ROUTES.ProductLanding) return Boolean((data.landingContent as Record<string, unknown> | undefined)?.[id]);
  return id === (data.pageContent as { brand?: { productId?: string } } | undefined)?.brand?.productId;
}

/**
 * The HTML of `#root` for the page at `url` (an absolute URL), or null when the page is not
 * prerendered. `data` is the initial data the server puts into the same page.
 */
export async function render(url: string, data: Record<string, unknown>): Promise<string | null> {
  const { pathname } = new URL(url);
  if (!isPrerendered(pathname, data)) return null;
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  provideInitialData(data);
  try {
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          {/* No hydration script: the CSP allows none, and the routes have no loaders to hand over. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
    );
  } finally {
    provideInitialData(undefined);
  }
}
