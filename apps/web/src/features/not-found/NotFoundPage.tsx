import { Link } from 'react-router';
import { usePageTitle } from '../../lib/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="section container" aria-labelledby="not-found-title">
      <div className="mx-auto text-center" style={{ maxWidth: '36rem' }}>
        <p className="eyebrow mb-2">Error 404</p>
        <h1 id="not-found-title" className="mb-3">
          Page not found
        </h1>
        <p className="lead text-body-secondary mb-4">
          We could not find the page you were looking for. It may have moved, or the address may be mistyped.
        </p>
        <div className="d-flex flex-wrap justify-content-center gap-3">
          <Link to="/" className="btn btn-primary btn-lg">
            Go to the home page
          </Link>
          <Link to="/product/fhp" className="btn btn-outline-primary btn-lg">
            View Product Info
          </Link>
        </div>
      </div>
    </section>
  );
}
