import { Outlet, useParams } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { useProducts } from '../features/home/api';
import { NotFoundPage } from '../features/not-found/NotFoundPage';

/**
 * Every route under `/product/:id` (landing, FAQ, the purchase flow and whatever step it is on)
 * shows NotFound for a product id the server does not list. If the list cannot be loaded the page
 * is shown anyway: it handles its own failures, and an outage must not look like a missing page.
 */
export function KnownProduct() {
  const { id = '' } = useParams();
  const products = useProducts();
  if (products.isPending) return <LoadingScreen label="Loading..." />;
  if (products.data && !products.data.some((product) => product.id === id)) return <NotFoundPage />;
  return <Outlet />;
}
