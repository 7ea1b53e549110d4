import { GENESIS_HASH, ledgerAccountLabel, ledgerDataFacts, ledgerKindLabel } from '@fhp/domain';
import { Link } from 'react-router';
import { explorerPath } from '../paths';
import type { BlockchainTxn } from '../api';
import { longDate } from '../format';
import { CARD } from './card';
import { Row } from './Row';

function Account({ id }: { id: string | null }) {
  if (id === null) return <>Unreadable</>;
  return (
    <>
      {ledgerAccountLabel(id)}
      <span className="explorer-mono d-block small text-body-secondary">{id}</span>
    </>
  );
}

function blockRange({ number, firstSequence, lastSequence }: { number: number; firstSequence: number; lastSequence: number }): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return firstSequence === lastSequence ? `Block ${n(number)} (this entry alone)` : `Block ${n(number)} (entries ${n(firstSequence)} to ${n(lastSequence)})`;
}

/** The entry's details in words (the domain's labels: the island, the option, EC$, the storm by name); the record as stored is under Technical details. */
function Details({ txn }: { txn: BlockchainTxn }) {
  return (
    <>
      {ledgerDataFacts(txn.data, txn.stormName).map((fact) => (
        <Row key={fact.label} term={fact.label}>
          {fact.value}
        </Row>
      ))}
    </>
  );
}

/** The spec's overview list: transaction id, hash, status, timestamp (long date) and the other fields. */
export function Overview({ txn }: { txn: BlockchainTxn }) {
  return (
    <section className={CARD} aria-labelledby="overview-title">
      <h2 id="overview-title" className="h5 mb-3">
        Overview
      </h2>
      <dl className="explorer-list mb-0">
        <Row term="What happened">{ledgerKindLabel(txn.kind)}</Row>
        <Row term="Transaction ID">
          <span className="explorer-mono">{txn.txnId}</span>
        </Row>
        <Row term="Status">
          {txn.status === 'CONFIRMED' ? (
            <span className="badge text-bg-success">Confirmed</span>
          ) : (
            <span className="badge text-bg-warning">Pending</span>
          )}
          <span className="d-block small text-body-secondary mt-1">
            {txn.block ? `Sealed in block ${txn.block.number} on ${longDate(txn.block.sealedAt)}.` : 'Waiting to be sealed into a block.'}
          </span>
        </Row>
        <Row term="Amount">{txn.value ? txn.value.formatted : 'No money moved'}</Row>
        <Row term="Timestamp">{longDate(txn.timestamp)}</Row>
        <Row term="From">
          <Account id={txn.from} />
        </Row>
        <Row term="To">
          <Account id={txn.to} />
        </Row>
        <Details txn={txn} />
        <Row term="Hash">
          <span className="explorer-mono">{txn.hash}</span>
        </Row>
        <Row term="Entry number">{txn.sequence.toLocaleString('en-US')}</Row>
        <Row term="Previous entry">
          {txn.prevHash === GENESIS_HASH ? (
            'None: this is the first entry of the ledger'
          ) : (
            <Link to={explorerPath(txn.prevHash)} className="explorer-mono" aria-label={`Previous entry, hash ${txn.prevHash}`}>
              {txn.prevHash}
            </Link>
          )}
        </Row>
        <Row term="Block">
          {txn.block ? blockRange(txn.block) : 'Not sealed yet'}
        </Row>
        {txn.block && (
          <Row term="Merkle root">
            <span className="explorer-mono">{txn.block.merkleRoot}</span>
          </Row>
        )}
      </dl>
    </section>
  );
}
