import { ledgerDataFacts } from '@fhp/domain';
import { useQuery } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../lib/usePageTitle';
import { useBlockchainTxn, usePayoutProof, type PayoutProof } from './api';
import { checkPayoutInBrowser } from './browserCheck';
import { EntryProof } from './components/EntryProof';
import { Hero, LookupState } from './components/Frame';
import { CheckIcon } from './components/Verdict';
import { CARD } from './components/card';
import { Row } from './components/Row';
import { explorerPath } from './paths';
import './explorer.css';

export const PAYOUT_PROOF_TITLE = 'Payout proof';
export const PAYOUT_PROOF_LOADING = 'Retrieving the payout’s proof...';
const LEAD = 'A hurricane payout, proved by its place among the payouts of its storm’s evaluation on the public ledger.';

type Checkpoint = { block: number } | null | undefined;

/** The answer a holder came for: is this payout what the ledger recorded, and what proves it. */
function PayoutVerdict({ payout, checkpoint }: { payout: PayoutProof; checkpoint: Checkpoint }) {
  if (payout.verified) {
    return (
      <section className="explorer-verdict explorer-verdict-ok" aria-labelledby="payout-verdict-title">
        <div className="d-flex align-items-center gap-3 mb-2">
          <CheckIcon ok size={40} />
          <h2 id="payout-verdict-title" className="h3 mb-0">
            Payout verified
          </h2>
        </div>
        <p className="mb-2">
          This payout is exactly as its storm’s evaluation recorded it: its record, hashed, leads by the path below to the Merkle root that
          ledger entry {payout.entry?.sequence.toLocaleString('en-US')} holds, and that entry is verified back to the first entry of the ledger.
        </p>
        <p className="mb-0 fw-semibold">{checkpoint ? `Proved by checkpoint ${checkpoint.block.toLocaleString('en-US')}.` : 'Its block is not signed yet: reload the page in a few seconds.'}</p>
      </section>
    );
  }
  return (
    <section className="explorer-verdict explorer-verdict-broken" aria-labelledby="payout-verdict-title" role="alert">
      <div className="d-flex align-items-center gap-3 mb-2">
        <CheckIcon ok={false} size={40} />
        <h2 id="payout-verdict-title" className="h3 mb-0">
          Payout broken: not proved
        </h2>
      </div>
      <p className="mb-2">This payout does not match what the ledger recorded: {payout.reason}.</p>
      <p className="mb-0">It cannot be relied on until FHP has looked into it. Please contact FHP support and give them the address of this page.</p>
    </section>
  );
}

/** The payout's record (as its row says it now), its leaf and its path to the evaluation's root, checked again in this browser. */
function PayoutPath({ payout }: { payout: PayoutProof }) {
  const local = useQuery({ queryKey: ['explorer-payout-check', payout.payoutId, payout.leaf, payout.entryRoot], queryFn: () => checkPayoutInBrowser(payout), retry: false });
  const record = payout.record as { txnId: string; data: Record<string, unknown> };
  return (
    <section className={CARD} aria-labelledby="payout-path-title">
      <h2 id="payout-path-title" className="h5 mb-3">
        The payout and its path
      </h2>
      <dl className="explorer-list">
        <Row term="Payout" mono>{payout.payoutId}</Row>
        <Row term="Amount">{payout.value?.formatted ?? 'None'}</Row>
        {ledgerDataFacts(record.data).map((fact) => (
          <Row key={fact.label} term={fact.label}>
            {fact.value}
          </Row>
        ))}
        <Row term="Leaf" mono>{payout.leaf}</Row>
        <Row term="Place">{payout.proof ? `Payout ${(payout.proof.index + 1).toLocaleString('en-US')} of ${payout.proof.leafCount.toLocaleString('en-US')}` : 'Not among its evaluation’s payouts'}</Row>
        <Row term="Root the entry holds" mono>{payout.entryRoot ?? 'None'}</Row>
        <Row term="Root of the payouts as stored" mono>{payout.computedRoot ?? 'None'}</Row>
        {payout.entry && (
          <Row term="Storm evaluation’s entry">
            <Link to={explorerPath(payout.entry.hash)} className="explorer-mono" aria-label={`The storm evaluation’s entry, hash ${payout.entry.hash}`}>
              {payout.entry.hash}
            </Link>
          </Row>
        )}
      </dl>
      {payout.proof && (
        <details>
          <summary>Merkle path ({payout.proof.path.length} steps)</summary>
          <ol className="explorer-mono small mt-2">
            {payout.proof.path.map((step, i) => (
              <li key={i}>
                {step.side === 'LEFT' ? 'left' : 'right'}: {step.hash}
              </li>
            ))}
          </ol>
        </details>
      )}
      <p className="small mb-0 mt-2" aria-live="polite">
        {local.isPending
          ? 'Checking the path in your browser...'
          : local.data === null || local.isError
            ? 'Your browser could not check the path.'
            : local.data
              ? 'Checked again in your browser: the record’s leaf leads to the root the entry holds.'
              : 'Checked again in your browser: the record’s leaf does NOT lead to the root the entry holds.'}
      </p>
    </section>
  );
}

/** `/explorer/payout/:payoutId`: a payout proved by its path to its storm evaluation's entry, then that entry's chain, block and checkpoint (decision 174). */
export function PayoutProofPage() {
  const { payoutId = '' } = useParams();
  const payout = usePayoutProof(payoutId);
  const entryHash = payout.data?.entry?.hash ?? '';
  const entry = useBlockchainTxn(entryHash, { enabled: entryHash !== '' });
  usePageTitle(PAYOUT_PROOF_TITLE);

  if (payout.isPending || payout.isError) {
    return (
      <>
        <Hero title={PAYOUT_PROOF_TITLE} lead={LEAD} verified={null} />
        <LookupState query={payout} loading={PAYOUT_PROOF_LOADING} notFound="Payout not found" />
      </>
    );
  }
  const data = payout.data;
  return (
    <>
      <Hero title={PAYOUT_PROOF_TITLE} lead={`A hurricane payout${data.value ? ` of ${data.value.formatted}` : ''}, proved by its storm’s evaluation.`} link={data.link} verified={data.verified} />
      <Container className="explorer-body">
        <div className="d-grid gap-3 mb-4">
          <PayoutVerdict payout={data} checkpoint={entry.data?.checkpoint} />
          <PayoutPath payout={data} />
        </div>
        {data.entry && (
          <>
            <h2 className="h4 mb-3">The storm evaluation’s entry</h2>
            {entry.data ? <EntryProof txn={entry.data} /> : <LookupState query={entry} loading="Retrieving the entry..." notFound="Entry not found" />}
          </>
        )}
      </Container>
    </>
  );
}
