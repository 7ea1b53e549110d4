import { zodResolver } from '@hookform/resolvers/zod';
import { cancellationDecisionSchema, CANCELLATION_TEXT_MAX_LENGTH, formatLocalLongDate } from '@fhp/domain';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { EmptyState } from '../../components/EmptyState';
import { Money } from '../../components/Money';
import { OwnRecordBadge } from '../../components/OwnRecordBadge';
import { StaffList } from '../../components/StaffList';
import { notify } from '../../components/toast';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useCancellationRequests, useDecideCancellation, type CancellationRequestItem } from './api';

const rejectSchema = cancellationDecisionSchema.options[1].omit({ decision: true });

type Decision = { request: CancellationRequestItem; approve: boolean };

/** The admin's decision dialog: approving asks for confirmation, rejecting for a comment the holder reads. */
function DecisionDialog({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const decide = useDecideCancellation();
  const form = useForm({ resolver: zodResolver(rejectSchema), defaultValues: { comment: '' } });
  const { request, approve } = decision;
  const error = form.formState.errors.comment?.message;

  const submit = form.handleSubmit(async ({ comment }) => {
    try {
      await decide.mutateAsync(approve ? { policyId: request.policyId, approve: true } : { policyId: request.policyId, approve: false, comment });
      notify.success(approve ? `Policy ${request.policyNumber} is canceled; the holder has been emailed.` : `Request on ${request.policyNumber} rejected; the holder has been emailed.`);
      onClose();
    } catch (failure) {
      form.setError('root', { message: displayMessageOf(failure) });
    }
  });
  // Approving needs no comment: skip the resolver by submitting directly.
  const onSubmit = approve
    ? async (event: React.FormEvent) => {
        event.preventDefault();
        try {
          await decide.mutateAsync({ policyId: request.policyId, approve: true });
          notify.success(`Policy ${request.policyNumber} is canceled; the holder has been emailed.`);
          onClose();
        } catch (failure) {
          form.setError('root', { message: displayMessageOf(failure) });
        }
      }
    : submit;

  return (
    <Modal show onHide={onClose} centered aria-labelledby="decision-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="decision-title" as="h2" className="h5">
            {approve ? 'Approve the cancellation?' : 'Reject the cancellation request'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {approve ? (
            <p className="mb-0">
              Policy <strong>{request.policyNumber}</strong> of {request.holderName} will be canceled.
              {request.paid.cents > 0 ? (
                <>
                  {' '}
                  The <Money cents={request.paid.cents} /> paid will be flagged for refund.
                </>
              ) : (
                ' Nothing was paid, so nothing is refunded.'
              )}
            </p>
          ) : (
            <>
              <Form.Label htmlFor="reject-comment">Comment for the holder</Form.Label>
              <Form.Control
                as="textarea"
                id="reject-comment"
                rows={4}
                maxLength={CANCELLATION_TEXT_MAX_LENGTH + 1}
                isInvalid={Boolean(error)}
                aria-describedby={error ? 'reject-comment-error' : undefined}
                {...form.register('comment')}
              />
              <Form.Control.Feedback type="invalid" id="reject-comment-error">
                {error}
              </Form.Control.Feedback>
            </>
          )}
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
          <Button type="submit" variant={approve ? 'danger' : 'primary'} disabled={decide.isPending}>
            {decide.isPending ? <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" /> : null}
            {approve ? 'Approve and cancel policy' : 'Reject request'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** Admin screen: pending cancellation requests, oldest first, each approved or rejected with a comment. */
export function CancellationRequestsPage() {
  usePageTitle('Cancellation requests');
  const requests = useCancellationRequests();
  const [decision, setDecision] = useState<Decision | null>(null);

  return (
    <Container as="section" className="py-4" style={{ maxWidth: '1140px' }} aria-labelledby="cancellations-title">
      <h1 id="cancellations-title" className="h3 mb-1">
        Cancellation requests
      </h1>
      <p className="text-body-secondary mb-4">Holders ask to cancel provisional policies. Approve to cancel (what was paid is flagged for refund), or reject with a comment.</p>
      <StaffList
        query={requests}
        rows={requests.data}
        loading="Retrieving cancellation requests..."
        empty={<EmptyState title="No cancellation requests">Nothing is waiting for a decision.</EmptyState>}
      >
        {(pending) =>
          pending.map((request) => (
            <Card as="article" key={request.policyId} className="mb-3 shadow-sm" aria-labelledby={`request-${request.policyId}`}>
              <Card.Body>
                <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
                  <h2 id={`request-${request.policyId}`} className="h5 mb-0 me-auto">
                    {request.policyNumber}
                  </h2>
                  <span className="text-body-secondary small">Requested {formatLocalLongDate(request.requestedAt)}</span>
                </div>
                <p className="mb-2">
                  <strong>{request.holderName}</strong>
                  {request.yours ? <OwnRecordBadge duty="cancellation" note /> : null} · paid <Money cents={request.paid.cents} /> of <Money cents={request.payable.cents} />
                  {request.receipts.length > 0 ? <span className="text-body-secondary"> (receipts {request.receipts.join(', ')})</span> : null}
                </p>
                <blockquote className="border-start border-3 ps-3 mb-3 text-body-secondary" style={{ overflowWrap: 'anywhere' }}>
                  {request.reason}
                </blockquote>
                <div className="d-flex flex-wrap gap-2">
                  <Button variant="danger" disabled={request.yours} onClick={() => setDecision({ request, approve: true })} aria-label={`Approve cancellation of ${request.policyNumber}`}>
                    Approve
                  </Button>
                  <Button variant="outline-primary" disabled={request.yours} onClick={() => setDecision({ request, approve: false })} aria-label={`Reject cancellation of ${request.policyNumber}`}>
                    Reject
                  </Button>
                </div>
              </Card.Body>
            </Card>
          ))
        }
      </StaffList>
      {decision ? <DecisionDialog decision={decision} onClose={() => setDecision(null)} /> : null}
    </Container>
  );
}
