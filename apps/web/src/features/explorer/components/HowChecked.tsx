import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import type { BlockchainTxn } from '../api';
import { checkInBrowser } from '../browserCheck';
import { longDate } from '../format';
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
 * What was checked, and where: on FHP's server, the chain from the first entry (each block verified
 * once when sealed and again every day, decision 138) and this entry's path to its block; this
 * entry's hashes and its place in its block again in the visitor's own browser (decision 017); and
 * the signed checkpoint of its block, published for anyone to keep a copy of (decision 136), so the
 * page does not ask anyone to take the server's word alone.
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
          {v.verified
            ? ' and every sealed block up to this one (each block once when it was sealed, and again every day), then this entry’s own path to its block.'
            : ` before it found a problem at entry ${v.brokenAtSequence}.`}
        </Step>
        <Step state={browser}>
          <strong>This entry, in your browser.</strong>{' '}
          {browser === 'waiting' && 'Re-computing its fingerprints…'}
          {browser === 'ok' && (txn.block ? `Its fingerprints and its place in block ${txn.block.number} match.` : 'Its fingerprints match.')}
          {browser === 'failed' && !local.isPending && !local.isError && !local.data.ok && `It does not match: ${local.data.reason}.`}
          {browser === 'none' && 'Your browser could not run this check here (it needs a secure connection).'}
        </Step>
        {!txn.block && <Step state="none">Its block: not sealed yet, so there is no Merkle proof to check.</Step>}
        {txn.block && <CheckpointStep txn={txn} />}
      </ul>
    </section>
  );
}

/** Which signed checkpoint proves the entry: its block's, in the public list anyone can mirror. */
function CheckpointStep({ txn }: { txn: BlockchainTxn }) {
  const checkpoint = txn.checkpoint;
  if (!checkpoint) return <Step state="none">Its checkpoint: block {txn.block?.number} is not signed yet (it is, a few seconds after sealing).</Step>;
  const matches = checkpoint.blockHash === txn.block?.hash;
  return (
    <Step state={matches ? 'ok' : 'failed'}>
      <strong>Proved by checkpoint {checkpoint.block}.</strong> FHP signed block {checkpoint.block}’s fingerprint on {longDate(checkpoint.signedAt)} and published it in its{' '}
      <a href={checkpoint.listUrl}>public checkpoint list</a>, which anyone can keep a copy of: if the ledger were ever rewritten, the copies
      would no longer match.
      {!matches && ' This block’s fingerprint is no longer the one that was signed.'}
    </Step>
  );
}
