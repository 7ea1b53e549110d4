import { Link } from 'react-router';
import { usePageTitle } from '../../lib/usePageTitle';

/** A signed-in user whose role may not read this screen (spec part 1 section 6). */
export function NotAllowed({ homePath }: { homePath: string }) {
  usePageTitle('Not allowed');
  return (
    <section className="section text-center mx-auto" style={{ maxWidth: '36rem' }} aria-labelledby="not-allowed-title">
      <p className="eyebrow mb-2">403</p>
      <h1 id="not-allowed-title" className="mb-3">
        Not allowed
      </h1>
      <p className="lead text-body-secondary mb-4">
        Your account is signed in, but it is not allowed to open this page. If you think it should be, please contact support.
      </p>
      <Link to={homePath} className="btn btn-primary">
        View Product Info
      </Link>
    </section>
  );
}
