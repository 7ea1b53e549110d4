import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/usePageTitle';

/** Stands in for pages that later issues build, so that every route of the table already resolves. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container as="section" className="section" aria-labelledby="placeholder-title">
      <div className="mx-auto text-center" style={{ maxWidth: '36rem' }}>
        <p className="eyebrow mb-2">Coming soon</p>
        <h1 id="placeholder-title" className="mb-3">
          {title}
        </h1>
        <p className="lead text-body-secondary mb-4">
          This part of Flexible Hurricane Protection is coming soon. Meanwhile you can read how the cover works.
        </p>
        <Link to="/product/fhp" className="btn btn-primary btn-lg">
          View Product Info
        </Link>
      </div>
    </Container>
  );
}
