import { QRCodeSVG } from 'qrcode.react';

/**
 * The policy's entry on the public proof ledger as a QR code (the one printed on the contract) and
 * its link: drawn here from the link, so it shows offline too, and anyone scanning it can check
 * the record without an account.
 */
export function LedgerProof({ link }: { link: string }) {
  // The detail names the entry by its path: a code scanned on another phone needs the whole address.
  const address = new URL(link, window.location.origin).href;
  return (
    <figure className="ledger-proof mt-4 mb-0">
      <div className="ledger-proof-qr">
        <QRCodeSVG value={address} size={160} level="M" marginSize={2} role="img" aria-label="QR code of this policy's proof-ledger entry" title="QR code of this policy's proof-ledger entry" />
      </div>
      <figcaption className="small">
        <strong className="d-block mb-1">Proof on the public ledger</strong>
        Scan it to check this policy&apos;s record on another phone; no account is needed.
        <a className="d-block mt-1 ledger-proof-link" href={address}>
          {address}
        </a>
      </figcaption>
    </figure>
  );
}
