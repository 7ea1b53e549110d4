import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import type { BlockchainTxn } from '../api';
import { checkInBrowser } from '../browserCheck';
import { CheckIcon } from './Verdict';
import { CARD } from './card';

function Step({ state, children }: { state: 'ok' | 'failed' | 'waiting' | 'none'; children: ReactNode }) {
  return (
    <li className="d-flex gap-2 align-items-start mb-3">
      {state === 'waiting' ? (
        <Spinner animation="border" size="sm" className="mt-1" aria-hidden="true" />
      ) : state === 'none' ? (
        <span className="explorer-step-none" aria-hidden="true" />
      ) : (
        <CheckIcon ok={state === 'ok'} size={22} />
      )}
      <span>{children}</span>
    </li>
  );
}

/**
 * What was checked, and where: the chain back to the first entry on FHP's server (it needs every
 * entry), this entry's hashes and its place in its block again in the visitor's own browser
 * (decision 017), so the page does not ask anyone to take the server's word alone.
 */
export function HowChecked({ txn }: { txn: BlockchainTxn }) {
  const local = useQuery({ queryKey: ['explorer-check', txn.hash, txn.payload, txn.block?.hash], queryFn: () => checkInBrowser(txn), retry: false });
  const v = txn.verification;
  const browser = local.isPending ? 'waiting' : local.isError ? 'none' : local.data.ok ? 'ok' : 'failed';
  return (
    <section className={CARD} aria-labelledby="checked-title">
      <h2 id="checked-title" className="h5 mb-3">
        How this was checked
      </h2>
      <ul className="list-unstyled mb-0">
        <Step state={v.verified ? 'ok' : 'failed'}>
          <strong>The whole chain, from the first entry.</strong> FHP’s server checked {v.checkedEntries.toLocaleString('en-US')}{' '}
          {v.checkedEntries === 1 ? 'entry' : 'entries'}
          {v.verified ? ' and every sealed block up to this one.' : ` before it found a problem at entry ${v.brokenAtSequence}.`}
        </Step>
        <Step state={browser}>
          <strong>This entry, in your browser.</strong>{' '}
          {browser === 'waiting' && 'Re-computing its fingerprints…'}
          {browser === 'ok' && (txn.block ? `Its fingerprints and its place in block ${txn.block.number} match.` : 'Its fingerprints match.')}
          {browser === 'failed' && !local.isPending && !local.isError && !local.data.ok && `It does not match: ${local.data.reason}.`}
          {browser === 'none' && 'Your browser could not run this check here (it needs a secure connection).'}
        </Step>
        {!txn.block && <Step state="none">Its block: not sealed yet, so there is no Merkle proof to check.</Step>}
      </ul>
    </section>
  );
}
