import type { BlockchainTxn } from '../api';
import { CARD } from './card';

/** Everything needed to re-check the entry by hand, folded away for those who want it. */
export function TechnicalDetails({ txn }: { txn: BlockchainTxn }) {
  return (
    <details className={`${CARD} explorer-technical`}>
      <summary className="h6 mb-0">Technical details</summary>
      <div className="mt-3 small">
        <p>
          Each entry’s hash is SHA-256 of <code>sequence:previous hash:payload hash</code>; its payload hash is SHA-256 of the payload below,
          byte for byte. A block’s Merkle tree pairs entry hashes as SHA-256 of <code>merkle:left:right</code>, carrying an odd one up; the
          block’s hash is SHA-256 of <code>block:number:first:last:root:previous block hash</code>. Each block’s checkpoint is an ES256
          signature (r‖s, base64url) of <code>fhp-ledger-checkpoint:v1:block:last entry:block hash</code>.
        </p>
        <h3 className="h6">Payload (as hashed)</h3>
        <pre className="explorer-pre">{txn.payload}</pre>
        <dl className="explorer-list">
          <div className="explorer-row">
            <dt>Payload hash</dt>
            <dd className="explorer-mono">{txn.payloadHash}</dd>
          </div>
          <div className="explorer-row">
            <dt>Previous hash</dt>
            <dd className="explorer-mono">{txn.prevHash}</dd>
          </div>
          {txn.block && (
            <>
              <div className="explorer-row">
                <dt>Block hash</dt>
                <dd className="explorer-mono">{txn.block.hash}</dd>
              </div>
              <div className="explorer-row">
                <dt>Previous block hash</dt>
                <dd className="explorer-mono">{txn.block.prevBlockHash}</dd>
              </div>
            </>
          )}
          {txn.checkpoint && (
            <>
              <div className="explorer-row">
                <dt>Checkpoint signature (ES256)</dt>
                <dd className="explorer-mono">{txn.checkpoint.signature}</dd>
              </div>
              <div className="explorer-row">
                <dt>Signing key</dt>
                <dd className="explorer-mono">
                  <a href={txn.checkpoint.keyUrl}>{txn.checkpoint.keyId}</a>
                </dd>
              </div>
            </>
          )}
        </dl>
        {txn.proof && (
          <>
            <h3 className="h6">
              Merkle proof (entry {txn.proof.index + 1} of {txn.proof.leafCount} in its block)
            </h3>
            {txn.proof.path.length === 0 ? (
              <p>The block holds this entry alone: its hash is the block’s root.</p>
            ) : (
              <ol className="explorer-proof">
                {txn.proof.path.map((step, i) => (
                  <li key={i}>
                    <span className="text-body-secondary">{step.side === 'LEFT' ? 'left' : 'right'}:</span> <span className="explorer-mono">{step.hash}</span>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </details>
  );
}
