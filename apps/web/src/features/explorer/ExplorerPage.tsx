import { ledgerKindLabel } from '@fhp/domain';
import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/usePageTitle';
import { useBlockchainTxn, type BlockchainTxn } from './api';
import { EntryProof } from './components/EntryProof';
import { Hero, LookupState } from './components/Frame';
import { longDate } from './format';
import './explorer.css';

export const EXPLORER_TITLE = 'Transaction proof';
/** Spec part 2, "Blockchain transaction detail". */
export const EXPLORER_LOADING = 'Retrieving Transaction detail...';
export { VIEW_IN_EXPLORER } from './components/Frame';

const LEAD = 'A public, permanent record of a step in a hurricane policy’s life.';

const leadOf = (txn: BlockchainTxn) => `${ledgerKindLabel(txn.kind)}${txn.value ? `, ${txn.value.formatted}` : ''}, ${longDate(txn.timestamp)}.`;

/** `/explorer/:hash`: one proof-ledger entry, checked back to the first entry, with its QR code. */
export function ExplorerPage() {
  const { hash = '' } = useParams();
  const txn = useBlockchainTxn(hash);
  usePageTitle(EXPLORER_TITLE);

  if (txn.isPending || txn.isError) {
    return (
      <>
        <Hero title={EXPLORER_TITLE} lead={LEAD} verified={null} />
        <LookupState query={txn} loading={EXPLORER_LOADING} notFound="Transaction not found" />
      </>
    );
  }
  const data = txn.data;
  return (
    <>
      <Hero title={EXPLORER_TITLE} lead={leadOf(data)} link={data.txnLink} verified={data.verification.verified} />
      <Container className="explorer-body">
        <EntryProof txn={data} />
      </Container>
    </>
  );
}
