import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { LoadingScreen } from '../components/LoadingScreen';
import { useAppConfig } from '../lib/config/appConfig';
import { fetchPageContent, PageContentContext } from '../lib/page-content/pageContent';
import { RenderError } from './RenderError';
import { ScrollToTop } from './ScrollToTop';

/**
 * The shell: page content (navigation, footer, contact) is fetched once at start. Until it
 * is here only the loading screen shows; without it nothing else renders (spec part 1, section 2).
 */
export function RootLayout() {
  const pageContent = useQuery({ queryKey: ['page-content'], queryFn: fetchPageContent, staleTime: Infinity, gcTime: Infinity });
  // Started now so that the configuration is in session storage before any page needs it.
  useAppConfig();

  if (pageContent.isPending) {
    return (
      <main className="flex-grow-1">
        <LoadingScreen />
      </main>
    );
  }
  if (pageContent.isError || !pageContent.data) return <RenderError />;

  const { brand, navigation, footer, contact } = pageContent.data;
  return (
    <PageContentContext value={pageContent.data}>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header brand={brand} navigation={navigation} />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer brand={brand} sections={footer} contact={contact} />
    </PageContentContext>
  );
}
