import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { CARD } from './card';

/** The QR code of the page's own link (the one printed on the policy contract), and a copy button. */
export function ShareCard({ link }: { link: string }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = () => {
    navigator.clipboard
      ?.writeText(link)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('failed'));
  };
  return (
    <section className={`${CARD} text-center`} aria-labelledby="share-title">
      <h2 id="share-title" className="h5">
        Share this proof
      </h2>
      <div className="explorer-qr mx-auto my-3">
        <QRCodeSVG value={link} size={184} level="M" marginSize={2} role="img" aria-label="QR code of this page’s link" title="QR code of this page’s link" />
      </div>
      <p className="small text-body-secondary mb-2">Scan it to open this page on another device.</p>
      <p className="explorer-mono small mb-3">{link}</p>
      <Button variant="outline-primary" size="sm" onClick={copy}>
        {copied === 'yes' ? 'Link copied' : 'Copy link'}
      </Button>
      <p className="visually-hidden" aria-live="polite">
        {copied === 'yes' ? 'Link copied' : copied === 'failed' ? 'The link could not be copied' : ''}
      </p>
    </section>
  );
}
