import { zodResolver } from '@hookform/resolvers/zod';
import { cancellationFormSchema } from '@fhp/domain';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LoadingScreen } from '../../components/LoadingScreen';
import { displayMessageOf } from '../../lib/graphql/errors';
import { useCancelPolicy } from './api';
import { DETAIL_TEXTS } from './texts';

type Values = z.input<typeof cancellationFormSchema>;

/** The cancellation form (spec part 2 section 2): one field, comments, the reason; required. */
export function CancelPolicyForm({ policyId, show, onClose, onDone }: { policyId: string; show: boolean; onClose: () => void; onDone: () => void }) {
  const cancel = useCancelPolicy();
  const form = useForm<Values, unknown, z.output<typeof cancellationFormSchema>>({ resolver: zodResolver(cancellationFormSchema), defaultValues: { comments: '' } });
  const error = form.formState.errors.comments?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      await cancel.mutateAsync({ policyId, reason: values.comments });
      form.reset();
      onDone();
    } catch {
      // shown below from cancel.error
    }
  });
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="cancel-policy-title">
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton>
          <Modal.Title id="cancel-policy-title">Cancel policy</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {cancel.isPending ? (
            <LoadingScreen label={DETAIL_TEXTS.cancelling} />
          ) : (
            <>
              {cancel.error && <Alert variant="danger">{displayMessageOf(cancel.error)}</Alert>}
              <Form.Group controlId="cancel-comments">
                <Form.Label>Reason for cancellation</Form.Label>
                <Form.Control as="textarea" rows={4} isInvalid={Boolean(error)} aria-describedby={error ? 'cancel-comments-error' : undefined} {...form.register('comments')} />
                <Form.Control.Feedback type="invalid" id="cancel-comments-error">
                  {error}
                </Form.Control.Feedback>
              </Form.Group>
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={cancel.isPending}>
            Close
          </Button>
          <Button type="submit" variant="danger" disabled={cancel.isPending}>
            Request cancellation
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
