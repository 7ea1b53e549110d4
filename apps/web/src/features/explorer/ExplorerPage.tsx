import { ledgerKindLabel } from '@fhp/domain';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../components/LoadingScreen';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { isNotFound, useBlockchainTxn, type BlockchainTxn } from './api';
import { HowChecked } from './components/HowChecked';
import { LedgerIllustration } from './components/LedgerIllustration';
import { Overview } from './components/Overview';
import { ShareCard } from './components/ShareCard';
import { TechnicalDetails } from './components/TechnicalDetails';
import { Verdict } from './components/Verdict';
import { longDate } from './format';
import { CARD } from './components/card';
import './explorer.css';

export const EXPLORER_TITLE = 'Transaction proof';
/** Spec part 2, "Blockchain transaction detail". */
export const EXPLORER_LOADING = 'Retrieving Transaction detail...';

/** The spec's primary button: the entry's own public link (the one printed on the contract and in the QR code). */
export const VIEW_IN_EXPLORER = 'View in Blockchain Explorer';

function Hero({ txn }: { txn?: BlockchainTxn }) {
  return (
    <section className="hero explorer-hero" aria-labelledby="explorer-title">
      <Container className="explorer-hero-grid">
        <div>
          <p className="eyebrow text-white mb-2">FHP proof ledger</p>
          <h1 id="explorer-title" className="fw-bold mb-2">
            {EXPLORER_TITLE}
          </h1>
          <p className="lead mb-0">
            {txn
              ? `${ledgerKindLabel(txn.kind)}${txn.value ? `, ${txn.value.formatted}` : ''}, ${longDate(txn.timestamp)}.`
              : 'A public, permanent record of a step in a hurricane policy’s life.'}
          </p>
          <p className="explorer-hero-note mb-0 mt-2">Anyone can check it, and it holds no personal data: people appear only as anonymous account ids.</p>
          {txn && (
            <a href={txn.txnLink} className="btn btn-secondary btn-lg mt-3">
              {VIEW_IN_EXPLORER}
            </a>
          )}
        </div>
        <LedgerIllustration verified={txn ? txn.verification.verified : null} />
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

/** `/explorer/:hash`: one proof-ledger entry, checked back to the first entry, with its QR code. */
export function ExplorerPage() {
  const { hash = '' } = useParams();
  const txn = useBlockchainTxn(hash);
  usePageTitle(EXPLORER_TITLE);

  if (txn.isPending) {
    return (
      <>
        <Hero />
        <Container className="explorer-body">
          <LoadingScreen label={EXPLORER_LOADING} />
        </Container>
      </>
    );
  }
  if (txn.isError) {
    return (
      <>
        <Hero />
        {isNotFound(txn.error) ? (
          <Problem title="Transaction not found" message={displayMessageOf(txn.error)} />
        ) : (
          <Problem title="We could not load this proof" message={displayMessageOf(txn.error)}>
            <Button variant="primary" onClick={() => void txn.refetch()}>
              Retry
            </Button>
          </Problem>
        )}
      </>
    );
  }
  const data = txn.data;
  return (
    <>
      <Hero txn={data} />
      <Container className="explorer-body">
        {/* A grid, not rows: on a phone the QR code follows the verdict; on a desk it sits beside it. */}
        <div className="explorer-grid">
          <div className="explorer-area-verdict">
            <Verdict txn={data} />
          </div>
          <div className="explorer-area-share">
            <ShareCard link={data.txnLink} />
          </div>
          <div className="explorer-area-overview">
            <Overview txn={data} />
          </div>
          <div className="explorer-area-checked">
            <HowChecked txn={data} />
          </div>
          <div className="explorer-area-technical">
            <TechnicalDetails txn={data} />
          </div>
        </div>
      </Container>
    </>
  );
}
