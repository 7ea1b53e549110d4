import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { exchangeQueryToken, readQueryToken, withoutQueryToken } from '../lib/auth/queryToken';
import { saveSession } from '../lib/auth/session';
import { purchaserRoleForSignIn, useAppConfig } from '../lib/config/appConfig';
import { takeInitialData } from '../lib/initial-data/initialData';
import { fetchPageContent, PageContentContext, type PageContent } from '../lib/page-content/pageContent';
import { RenderError } from './RenderError';
import { RouteFocus } from './RouteFocus';
import { ScrollToTop } from './ScrollToTop';
import { StandaloneMain } from './StandaloneMain';

/**
 * A token in the address (`?token=`) is exchanged for a session before any route decides whether
 * the visitor is signed in; then it is taken out of the address. A failed exchange yields nothing
 * (the server logs it) and the visitor carries on anonymously.
 */
function useQueryTokenSignIn(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const token = readQueryToken(location.search);
  const exchange = useQuery({
    queryKey: ['query-token', token],
    enabled: token !== null,
    retry: false,
    gcTime: 0,
    queryFn: async () => {
      const signedIn = await exchangeQueryToken(token ?? '', await purchaserRoleForSignIn());
      // Not remembered: a link's session ends with the tab.
      if (signedIn) saveSession(signedIn, false);
      return signedIn !== null;
    },
  });
  const done = token !== null && !exchange.isPending;
  useEffect(() => {
    if (done) void navigate({ pathname: location.pathname, search: withoutQueryToken(location.search), hash: location.hash }, { replace: true, state: location.state });
  }, [done, navigate, location]);
  return token !== null;
}

/**
 * The gate every page sits behind: page content (navigation, routes, sidebar, footer) is fetched
 * once at start. Until it is here only the loading screen shows; without it nothing else renders
 * (spec part 1, section 2). Public pages and the signed-in shell are child layouts.
 */
export function RootLayout() {
  const pageContent = useQuery({
    queryKey: ['page-content'],
    queryFn: fetchPageContent,
    // Usually inlined in index.html: the shell draws with the page, no loading screen.
    initialData: () => takeInitialData<PageContent>('pageContent'),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  // Started now so that the configuration is in session storage before any page needs it.
  useAppConfig();
  const exchangingToken = useQueryTokenSignIn();

  if (pageContent.isPending || exchangingToken) {
    return (
      <StandaloneMain>
        <LoadingScreen />
      </StandaloneMain>
    );
  }
  if (pageContent.isError || !pageContent.data) {
    return (
      <StandaloneMain>
        <RenderError />
      </StandaloneMain>
    );
  }

  return (
    <PageContentContext value={pageContent.data}>
      <ScrollToTop />
      <RouteFocus />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
    </PageContentContext>
  );
}
