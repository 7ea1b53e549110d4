import type { BlockchainTxn } from '../api';

export function CheckIcon({ ok, size = 28 }: { ok: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="flex-shrink-0">
      <circle cx="12" cy="12" r="11" fill={ok ? '#1e7b3c' : '#b42318'} />
      {ok ? (
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M8 8l8 8M16 8l-8 8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** Where the ledger breaks, in a sentence: "entry 3" or "block 1 (from entry 1)". */
function breakPlace(v: BlockchainTxn['verification']): string {
  if (v.brokenAtBlock !== null) return `block ${v.brokenAtBlock} (from entry ${v.brokenAtSequence})`;
  return `entry ${v.brokenAtSequence}`;
}

/** The answer a holder came for: can this record be trusted, and why, in plain words. */
export function Verdict({ txn }: { txn: BlockchainTxn }) {
  const v = txn.verification;
  if (v.verified) {
    return (
      <section className="explorer-verdict explorer-verdict-ok" aria-labelledby="verdict-title">
        <div className="d-flex align-items-center gap-3 mb-2">
          <CheckIcon ok size={40} />
          <h2 id="verdict-title" className="h3 mb-0">
            Verified
          </h2>
        </div>
        <p className="mb-2">
          This record is on the FHP proof ledger exactly as it was written. Every entry from the very first one up to this one (
          {v.checkedEntries.toLocaleString('en-US')} {v.checkedEntries === 1 ? 'entry' : 'entries'}) was checked, and each is sealed to the
          one before it, so no entry can be changed, removed or reordered without this check failing.
        </p>
        {txn.status === 'PENDING' && (
          <p className="mb-0 small">It is waiting to be sealed into a block, which takes a few seconds. Reload the page to see its block.</p>
        )}
      </section>
    );
  }
  const itself = v.brokenAtSequence === txn.sequence && v.brokenAtBlock === null;
  return (
    <section className="explorer-verdict explorer-verdict-broken" aria-labelledby="verdict-title" role="alert">
      <div className="d-flex align-items-center gap-3 mb-2">
        <CheckIcon ok={false} size={40} />
        <h2 id="verdict-title" className="h3 mb-0">
          Broken
        </h2>
      </div>
      <p className="mb-2">
        {itself ? 'This entry has been altered since it was written' : `The ledger does not check out at ${breakPlace(v)}`}: {v.reason}.
      </p>
      <p className="mb-0">
        This record cannot be relied on until FHP has looked into it. Please contact FHP support and give them the address of this page.
      </p>
    </section>
  );
}
