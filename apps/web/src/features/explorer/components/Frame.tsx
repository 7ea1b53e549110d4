import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { displayMessageOf } from '../../../lib/graphql/errors';
import { isNotFound } from '../api';
import { LedgerIllustration } from './LedgerIllustration';
import { CARD } from './card';

/** The spec's primary button: the entry's own public link (the one printed on the contract and in the QR code). */
export const VIEW_IN_EXPLORER = 'View in Blockchain Explorer';

/** The explorer pages' heading: what is proved, its public link, and the illustration of the verdict. */
export function Hero({ title, lead, link, verified }: { title: string; lead: string; link?: string; verified: boolean | null }) {
  return (
    <section className="hero explorer-hero" aria-labelledby="explorer-title">
      <Container className="explorer-hero-grid">
        <div>
          <p className="eyebrow text-white mb-2">FHP proof ledger</p>
          <h1 id="explorer-title" className="fw-bold mb-2">
            {title}
          </h1>
          <p className="lead mb-0">{lead}</p>
          <p className="explorer-hero-note mb-0 mt-2">Anyone can check it, and it holds no personal data: people appear only as anonymous account ids.</p>
          {link && (
            <a href={link} className="btn btn-secondary btn-lg mt-3">
              {VIEW_IN_EXPLORER}
            </a>
          )}
        </div>
        <LedgerIllustration verified={verified} />
      </Container>
    </section>
  );
}

function Problem({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <Container className="explorer-body">
      <section className={`${CARD} text-center mx-auto`} style={{ maxWidth: '40rem' }} aria-labelledby="problem-title">
        <h2 id="problem-title" className="h4">
          {title}
        </h2>
        <p className="text-body-secondary">{message}</p>
        <div className="d-flex flex-wrap justify-content-center gap-3">
          {children}
          <Link to="/" className="btn btn-outline-primary">
            Go to the home page
          </Link>
        </div>
      </section>
    </Container>
  );
}

/** A lookup still loading, not found, or failed (with a retry): what an explorer page shows before its proof. */
export function LookupState({ query, loading, notFound }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; loading: string; notFound: string }) {
  if (query.isPending) {
    return (
      <Container className="explorer-body">
        <LoadingScreen label={loading} />
      </Container>
    );
  }
  if (!query.isError) return null;
  return isNotFound(query.error) ? (
    <Problem title={notFound} message={displayMessageOf(query.error)} />
  ) : (
    <Problem title="We could not load this proof" message={displayMessageOf(query.error)}>
      <Button variant="primary" onClick={() => void query.refetch()}>
        Retry
      </Button>
    </Problem>
  );
}
