import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Carousel from 'react-bootstrap/Carousel';
import { EmptyState } from '../../../components/EmptyState';
import { openPdf } from '../../../lib/downloadPdf';
import { displayMessageOf } from '../../../lib/graphql/errors';
import { useFileUrl } from '../../../lib/useFileUrl';
import type { KycDocument } from '../api';
import { displayKind, documentTypeLabel, proofNameLabel } from '../labels';

function DocumentView({ document }: { document: KycDocument }) {
  const kind = displayKind(document.fileType);
  const src = useFileUrl(kind === 'image' ? document.doc : null);
  const [error, setError] = useState<string | null>(null);
  const title = `${documentTypeLabel(document.type)}: ${proofNameLabel(document.name)}`;
  if (kind === 'image') {
    return src ? <img src={src} alt={title} className="account-doc-image" /> : <div className="account-doc-placeholder" role="status">Loading the document...</div>;
  }
  // A PDF opens in the browser's own viewer (our pages never frame documents).
  return (
    <div className="account-doc-pdf">
      <svg viewBox="0 0 48 60" width="48" height="60" aria-hidden="true" focusable="false">
        <path d="M4 2h28l14 14v42H4z" fill="#fff" stroke="#0b2545" strokeWidth="2.5" />
        <path d="M32 2v14h14" fill="none" stroke="#0b2545" strokeWidth="2.5" />
        <text x="25" y="44" textAnchor="middle" fontSize="12" fontWeight="700" fill="#c2185b">PDF</text>
      </svg>
      <Button
        variant="outline-primary"
        size="sm"
        disabled={!document.doc}
        aria-label={`Open PDF: ${title}`}
        onClick={() => {
          setError(null);
          if (document.doc) openPdf(document.doc, `${proofNameLabel(document.name)}.pdf`, 'open').catch((failure: unknown) => setError(displayMessageOf(failure)));
        }}
      >
        Open PDF
      </Button>
      {error && <p className="small text-danger mb-0 mt-2">{error}</p>}
    </div>
  );
}

/** The carousel of KYC documents, newest first, each with its proof type, status and any comment. */
export function KycDocuments({ documents }: { documents: readonly KycDocument[] }) {
  const newestFirst = [...documents].reverse();
  return (
    <section className="account-card" aria-labelledby="account-docs-title">
      <h2 id="account-docs-title" className="h5">
        KYC documents
      </h2>
      {newestFirst.length === 0 ? (
        <EmptyState title="No documents yet" headingLevel="h3">
          Your ID and address proofs appear here once you submit them with your first purchase.
        </EmptyState>
      ) : (
        <Carousel interval={null} variant="dark" className="account-docs" indicators={newestFirst.length > 1} controls={newestFirst.length > 1}>
          {newestFirst.map((document, index) => (
            <Carousel.Item key={`${document.doc ?? index}`}>
              <div className="account-doc">
                <DocumentView document={document} />
                <div className="account-doc-caption">
                  <p className="fw-semibold mb-1">
                    {documentTypeLabel(document.type)}: {proofNameLabel(document.name)}{' '}
                    <Badge bg={document.status === 'REJECTED' ? 'danger' : 'secondary'}>{document.status?.toLowerCase()}</Badge>
                  </p>
                  {document.comment && <p className="small mb-0">{document.comment}</p>}
                  <p className="small text-body-secondary mb-0">
                    {index + 1} of {newestFirst.length}
                  </p>
                </div>
              </div>
            </Carousel.Item>
          ))}
        </Carousel>
      )}
    </section>
  );
}
