import { Outlet } from 'react-router';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { useIsPurchaser } from '../lib/auth/identity';
import { usePageContent } from '../lib/page-content/pageContent';

/** Public pages: header (Login, or My Account for a purchaser), the page, footer. */
export function PublicLayout() {
  const { brand, navigation, footer, contact } = usePageContent();
  const isPurchaser = useIsPurchaser();
  return (
    <>
      <Header brand={brand} navigation={navigation} isPurchaser={isPurchaser} />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer brand={brand} sections={footer} contact={contact} />
    </>
  );
}
