import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { forgetInitialData } from '../lib/initial-data/initialData';
import { lazyWithReload } from '../lib/lazyWithReload';
import { PublicLayout } from './PublicLayout';
import { RootLayout } from './RootLayout';
import { RootErrorBoundary, RouteErrorBoundary } from './RouteErrorBoundary';
import { StandaloneMain } from './StandaloneMain';
import type { ScreenHandle } from './SignedInLayout';
import { ROUTE_TITLES, ROUTES, SIGNED_IN_ROUTES, type RouteName } from './routeTable';

/** A lazily loaded page: its chunk is fetched on first visit, with the one-reload rule. */
function page(key: string, load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  const loadOnce = lazyWithReload(key, load);
  return { lazy: async () => ({ Component: await loadOnce() }) };
}

const placeholder = (name: RouteName) =>
  page(name, async () => {
    const { PlaceholderPage } = await import('../features/placeholder/PlaceholderPage');
    return function Placeholder() {
      return <PlaceholderPage title={ROUTE_TITLES[name]} />;
    };
  });

function StartupLoading() {
  return (
    <StandaloneMain>
      <LoadingScreen />
    </StandaloneMain>
  );
}

/** The parent segment of the three policy lists, which the breadcrumbs link to. */
const MY_POLICIES_PATH = '/my-policies';

const route = (name: RouteName, lazy: Pick<RouteObject, 'lazy'>): RouteObject => ({ id: name, path: ROUTES[name], ...lazy });

/** The holder's lists and policy details (issue 9): one page component each, told which list it is. */
function myPoliciesPages(): Partial<Record<RouteName, Pick<RouteObject, 'lazy'>>> {
  const lists = { ActualPolicies: 'ACTUAL', ProvisionalPolicies: 'PROVISIONAL', Archived: 'ARCHIVED' } as const;
  const details = { ActualPolicyDetail: 'ACTUAL', ProvisionalPolicyDetail: 'PROVISIONAL', ArchivedPolicyDetail: 'ARCHIVED' } as const;
  const pages: Partial<Record<RouteName, Pick<RouteObject, 'lazy'>>> = {};
  for (const [name, list] of Object.entries(lists)) {
    pages[name as RouteName] = page(name, async () => {
      const { MyPoliciesPage } = await import('../features/my-policies/MyPoliciesPage');
      return function MyPolicies() {
        return <MyPoliciesPage key={list} list={list} />;
      };
    });
  }
  for (const [name, list] of Object.entries(details)) {
    pages[name as RouteName] = page(name, async () => {
      const [{ PolicyDetailPage }, { NotFoundPage }] = await Promise.all([
        import('../features/my-policies/PolicyDetailPage'),
        import('../features/not-found/NotFoundPage'),
      ]);
      return function PolicyDetail() {
        return <PolicyDetailPage list={list} notFound={<NotFoundPage />} />;
      };
    });
  }
  return pages;
}

/** The Tropical Cyclone Tracker and the storm detail behind its rows (issue 10); a policy or storm not found is NotFound. */
function weatherAnalyticsPages(): Partial<Record<RouteName, Pick<RouteObject, 'lazy'>>> {
  return {
    WeatherAnalytics: page('WeatherAnalytics', async () => {
      const [{ WeatherAnalyticsPage }, { NotFoundPage }] = await Promise.all([
        import('../features/weather-analytics/WeatherAnalyticsPage'),
        import('../features/not-found/NotFoundPage'),
      ]);
      return function WeatherAnalytics() {
        return <WeatherAnalyticsPage notFound={<NotFoundPage />} />;
      };
    }),
    AnalyticsAPIDetail: page('AnalyticsAPIDetail', async () => {
      const [{ StormDetailPage }, { NotFoundPage }] = await Promise.all([
        import('../features/weather-analytics/StormDetailPage'),
        import('../features/not-found/NotFoundPage'),
      ]);
      return function AnalyticsAPIDetail() {
        return <StormDetailPage notFound={<NotFoundPage />} />;
      };
    }),
  };
}

/** Signed-in pages that are built; the others show the placeholder until their issue lands. */
const SIGNED_IN_PAGES: Partial<Record<RouteName, Pick<RouteObject, 'lazy'>>> = {
  MyAccount: page('MyAccount', () => import('../features/my-account/MyAccountPage').then((m) => m.MyAccountPage)),
  PaymentDesk: page('PaymentDesk', () => import('../features/payment-desk/PaymentDeskPage').then((m) => m.PaymentDeskPage)),
  ...myPoliciesPages(),
  PayoutKYC: page('PayoutKYC', () => import('../features/payout-details/PayoutDetailsPage').then((m) => m.PayoutDetailsPage)),
  CancellationRequests: page('CancellationRequests', () =>
    import('../features/cancellation-requests/CancellationRequestsPage').then((m) => m.CancellationRequestsPage),
  ),
  StormPayouts: page('StormPayouts', () => import('../features/storm-payouts/StormPayoutsPage').then((m) => m.StormPayoutsPage)),
  ...weatherAnalyticsPages(),
  Users: page('Users', () => import('../features/admin-users/UsersPage').then((m) => m.UsersPage)),
  KycReview: page('KycReview', () => import('../features/kyc-review/KycReviewPage').then((m) => m.KycReviewPage)),
  OffersAndSeasons: page('OffersAndSeasons', () => import('../features/offers-seasons/OffersAndSeasonsPage').then((m) => m.OffersAndSeasonsPage)),
  PortfolioReport: page('PortfolioReport', () => import('../features/portfolio/PortfolioPage').then((m) => m.PortfolioPage)),
  SiteContent: page('SiteContent', () => import('../features/content-admin/ContentAdminPage').then((m) => m.ContentAdminPage)),
};

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    // Shown while the first page's chunk loads, before the shell itself can render.
    HydrateFallback: StartupLoading,
    children: [
      {
        // Public pages: header, page, footer. Errors inside a page keep the header and footer.
        Component: PublicLayout,
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              route('Home', page('Home', () => import('../features/home/HomePage').then((m) => m.HomePage))),
              route('SignIn', page('SignIn', () => import('../features/sign-in/SignInPage').then((m) => m.SignInPage))),
              route('Terms', page('Terms', () => import('../features/legal/TermsPage').then((m) => m.TermsPage))),
              route('Privacy', page('Privacy', () => import('../features/legal/PrivacyPage').then((m) => m.PrivacyPage))),
              {
                // Landing, FAQ and purchase flow of one product: an id the server does not list is NotFound for all of them.
                path: ROUTES.ProductLanding,
                ...page('KnownProduct', () => import('./KnownProduct').then((m) => m.KnownProduct)),
                children: [
                  {
                    id: 'ProductLanding',
                    index: true,
                    ...page('ProductLanding', async () => {
                      const [{ ProductLandingPage }, { NotFoundPage }] = await Promise.all([
                        import('../features/product-landing/ProductLandingPage'),
                        import('../features/not-found/NotFoundPage'),
                      ]);
                      // A listed product without landing content is a missing page too.
                      return function ProductLanding() {
                        return <ProductLandingPage notFound={<NotFoundPage />} />;
                      };
                    }),
                  },
                  route('FAQPage', page('FAQPage', () => import('../features/faq/FAQPage').then((m) => m.FAQPage))),
                  route(
                    'PurchaseFlow',
                    page('PurchaseFlow', async () => {
                      const flow = await import('../features/purchase/PurchaseFlow');
                      // A purchase stored in this tab is read with the flow: a page the browser draws starts at its step.
                      await flow.prepareStoredPurchase();
                      return flow.PurchaseFlow;
                    }),
                  ),
                ],
              },
              route('Explorer', page('Explorer', () => import('../features/explorer/ExplorerPage').then((m) => m.ExplorerPage))),
              route('PayoutProof', page('PayoutProof', () => import('../features/explorer/PayoutProofPage').then((m) => m.PayoutProofPage))),
              { path: '*', ...page('NotFound', () => import('../features/not-found/NotFoundPage').then((m) => m.NotFoundPage)) },
            ],
          },
        ],
      },
      {
        // The signed-in area: sidebar shell; each page needs the read ability named after it.
        id: 'signed-in',
        // Its own chunk (sidebar, offcanvas, user menu and their Popper): public pages never need it.
        ...page('SignedInLayout', () => import('./SignedInLayout').then((m) => m.SignedInLayout)),
        children: [
          {
            // Errors inside a page keep the sidebar around them.
            ErrorBoundary: RouteErrorBoundary,
            children: [
              ...SIGNED_IN_ROUTES.map((name) => ({
                ...route(name, SIGNED_IN_PAGES[name] ?? placeholder(name)),
                handle: { screen: name } satisfies ScreenHandle,
              })),
              // The "My Policies" breadcrumb's address: the lists have no page above them, so the actual list stands for it.
              { path: MY_POLICIES_PATH, element: <Navigate to={ROUTES.ActualPolicies} replace /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Loads the page chunks of the address the app starts on before the router is created (index.html
 * already asked for them: modulepreload), so the first render is the page itself rather than the
 * start-up spinner and then the page: one render, one layout, one paint. A chunk that fails to
 * load is left to the router, which retries it under the one-reload rule.
 */
export async function resolveInitialRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  ).catch(() => undefined);
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // The data inlined in index.html belongs to the page it came with (lib/initial-data).
  const first = router.state.location.key;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key !== first) {
      forgetInitialData();
      unsubscribe();
    }
  });
  return router;
}
