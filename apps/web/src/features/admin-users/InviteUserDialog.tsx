import { zodResolver } from '@hookform/resolvers/zod';
import { INVITABLE_ROLES, inviteFormSchema, roleTitle, type InviteForm } from '@fhp/domain';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorDialog } from '../../components/ErrorDialog';
import { displayMessageOf } from '../../lib/graphql/errors';
import { useInviteUser } from './api';

interface Props {
  onClose: () => void;
  onInvited: (message: string) => void;
}

const FIELDS = [
  ['firstName', 'First Name', 'given-name'],
  ['lastName', 'Last Name', 'family-name'],
  ['email', 'Email', 'email'],
] as const;

/** New User: names, email and role; the invitation is emailed at once (spec part 2 section 7). */
export function InviteUserDialog({ onClose, onInvited }: Props) {
  const invite = useInviteUser();
  const form = useForm<InviteForm>({ resolver: zodResolver(inviteFormSchema), defaultValues: { firstName: '', lastName: '', email: '', role: 'admin' } });
  const { errors } = form.formState;
  // The spec's "Uh oh." for a failed invite; Close goes back to the form as it was typed, to send again.
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    try {
      onInvited(await invite.mutateAsync(values));
    } catch (error) {
      setFailure(displayMessageOf(error));
    }
  });

  if (failure !== null) {
    return (
      <ErrorDialog show detail={failure} onClose={() => setFailure(null)} />
    );
  }

  return (
    <Modal show onHide={onClose} centered aria-labelledby="invite-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="invite-title" as="h2" className="h5">
            New User
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Row xs={1} md={2} className="g-3">
            {FIELDS.map(([name, label, autoComplete]) => (
              <Col key={name} md={name === 'email' ? 12 : undefined}>
                <Form.Group controlId={`invite-${name}`}>
                  <Form.Label>{label}</Form.Label>
                  <Form.Control
                    type={name === 'email' ? 'email' : 'text'}
                    autoComplete={autoComplete}
                    isInvalid={Boolean(errors[name])}
                    aria-describedby={errors[name] ? `invite-${name}-error` : undefined}
                    {...form.register(name)}
                  />
                  <Form.Control.Feedback type="invalid" id={`invite-${name}-error`}>
                    {errors[name]?.message}
                  </Form.Control.Feedback>
                </Form.Group>
              </Col>
            ))}
            <Col md={12}>
              <Form.Group controlId="invite-role">
                <Form.Label>Role</Form.Label>
                <Form.Select isInvalid={Boolean(errors.role)} {...form.register('role')}>
                  {INVITABLE_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {roleTitle(role)}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.role?.message}</Form.Control.Feedback>
              </Form.Group>
            </Col>
          </Row>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" /> : null}
            Invite
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
