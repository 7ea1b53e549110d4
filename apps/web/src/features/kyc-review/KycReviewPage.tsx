import { zodResolver } from '@hookform/resolvers/zod';
import { formatLocalLongDate, KYC_REVIEW_COMMENT_MAX_LENGTH, KYC_REVIEW_MESSAGES, kycRejectFormSchema } from '@fhp/domain';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { EmptyState } from '../../components/EmptyState';
import { ErrorDialog } from '../../components/ErrorDialog';
import { OwnRecordBadge } from '../../components/OwnRecordBadge';
import { StaffList } from '../../components/StaffList';
import { notify } from '../../components/toast';
import { openPdf } from '../../lib/downloadPdf';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useKycReviewQueue, useReviewKycDocument, type KycReviewItem } from './api';

const TYPE_LABEL: Record<string, string> = { ID_PROOF: 'ID proof', ADDRESS_PROOF: 'Address proof' };

/**
 * Files are served only with the bearer token, and the page's CSP allows no blob: images or frames,
 * so a document opens in a tab of its own (the browser's PDF or image viewer) through a blob.
 */
function ViewDocumentButton({ item }: { item: KycReviewItem }) {
  const [failure, setFailure] = useState<string | null>(null);
  const open = async () => {
    try {
      await openPdf(item.doc, `${item.type.toLowerCase()}-${item.name}`, 'open');
    } catch (error) {
      setFailure(displayMessageOf(error));
    }
  };
  return (
    <>
      <Button variant="outline-primary" onClick={() => void open()} >
        View document<span className="visually-hidden">: the {TYPE_LABEL[item.type] ?? item.type} of {item.holderName}</span>
      </Button>
      {failure ? <ErrorDialog show detail={failure} onClose={() => setFailure(null)} /> : null}
    </>
  );
}

function RejectDialog({ item, onClose }: { item: KycReviewItem; onClose: () => void }) {
  const review = useReviewKycDocument();
  const form = useForm({ resolver: zodResolver(kycRejectFormSchema), defaultValues: { comment: '' } });
  const error = form.formState.errors.comment?.message;
  const submit = form.handleSubmit(async ({ comment }) => {
    try {
      await review.mutateAsync({ documentId: item.id, decision: 'REJECT', comment });
      notify.success(KYC_REVIEW_MESSAGES.rejected);
      onClose();
    } catch (failure) {
      form.setError('root', { message: displayMessageOf(failure) });
    }
  });
  return (
    <Modal show onHide={onClose} centered aria-labelledby="reject-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="reject-title" as="h2" className="h5">
            Reject the {TYPE_LABEL[item.type] ?? item.type} of {item.holderName}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Label htmlFor="kyc-comment">Comment for the holder</Form.Label>
          <Form.Control
            as="textarea"
            id="kyc-comment"
            rows={4}
            maxLength={KYC_REVIEW_COMMENT_MAX_LENGTH + 1}
            isInvalid={Boolean(error)}
            aria-describedby={error ? 'kyc-comment-error' : undefined}
            {...form.register('comment')}
          />
          <Form.Control.Feedback type="invalid" id="kyc-comment-error">
            {error}
          </Form.Control.Feedback>
          {form.formState.errors.root ? (
            <p className="text-danger mt-3 mb-0" role="alert">
              {form.formState.errors.root.message}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={review.isPending}>
            {review.isPending ? <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" /> : null}
            Reject document
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** Admin screen: KYC documents waiting for review, oldest first; accept, or reject with a comment. */
export function KycReviewPage() {
  usePageTitle('KYC review');
  const queue = useKycReviewQueue();
  const review = useReviewKycDocument();
  const [rejecting, setRejecting] = useState<KycReviewItem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const accept = async (item: KycReviewItem) => {
    try {
      await review.mutateAsync({ documentId: item.id, decision: 'ACCEPT' });
      notify.success(KYC_REVIEW_MESSAGES.accepted);
    } catch (error) {
      setFailure(displayMessageOf(error));
    }
  };

  return (
    <Container as="section" className="py-4" style={{ maxWidth: '1140px' }} aria-labelledby="kyc-review-title">
      <h1 id="kyc-review-title" className="h3 mb-1">
        KYC review
      </h1>
      <p className="text-body-secondary mb-4">Identity and address proofs waiting for a decision, oldest first. A rejected document’s comment is shown to the holder on My Account.</p>
      <StaffList
        query={queue}
        rows={queue.data}
        loading="Retrieving documents..."
        empty={<EmptyState title="No documents to review">Every submitted document has been reviewed.</EmptyState>}
        failure={(error) => <ErrorDialog show detail={displayMessageOf(error)} onRetry={() => void queue.refetch()} onClose={() => void queue.refetch()} />}
      >
        {(items) =>
          items.map((item) => (
            <Card as="article" key={item.id} className="mb-3 shadow-sm" aria-labelledby={`kyc-${item.id}`}>
              <Card.Body>
                <div>
                  <h2 id={`kyc-${item.id}`} className="h5 mb-1">
                    {item.holderName}
                    {item.yours ? <OwnRecordBadge duty="kyc" note /> : null}
                  </h2>
                  <p className="mb-1 text-body-secondary" style={{ overflowWrap: 'anywhere' }}>
                    {item.holderEmail}
                  </p>
                  <p className="mb-3">
                    {TYPE_LABEL[item.type] ?? item.type}: <strong>{item.name}</strong> ({item.fileType === 'application/pdf' ? 'PDF' : 'image'}) · submitted {formatLocalLongDate(item.submittedAt)}
                  </p>
                  <div className="d-flex flex-wrap gap-2">
                    <ViewDocumentButton item={item} />
                    <Button variant="success" onClick={() => void accept(item)} disabled={review.isPending || item.yours} aria-label={`Accept the ${TYPE_LABEL[item.type]} of ${item.holderName}`}>
                      Accept
                    </Button>
                    <Button variant="outline-danger" disabled={item.yours} onClick={() => setRejecting(item)} aria-label={`Reject the ${TYPE_LABEL[item.type]} of ${item.holderName}`}>
                      Reject
                    </Button>
                  </div>
                </div>
              </Card.Body>
            </Card>
          ))
        }
      </StaffList>
      {rejecting ? <RejectDialog item={rejecting} onClose={() => setRejecting(null)} /> : null}
      {failure ? <ErrorDialog show detail={failure} onClose={() => setFailure(null)} /> : null}
    </Container>
  );
}
