import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { displayMessageOf } from '../../../lib/graphql/errors';
import { useSendPhoneCode, useVerifyMobileNo } from '../api';

interface PhoneDialogProps {
  /** The verification is under way: opening it texts a code. */
  open: boolean;
  /** Out of sight while the page shows an outcome over it (two modals never stack); the typed code stays. */
  hidden: boolean;
  phone: string | null;
  onClose: () => void;
  onVerified: (message: string) => void;
  onFailed: (message: string) => void;
}

/**
 * Phone verification (spec part 2 section 2): opening it texts a code to the number on file; the
 * customer types it. Success and failure are the page's dialogs ("Phone number verified
 * successfully", "Verify OTP Failed").
 */
export function PhoneDialog({ open, hidden, phone, onClose, onVerified, onFailed }: PhoneDialogProps) {
  const send = useSendPhoneCode();
  const verify = useVerifyMobileNo();
  const [otp, setOtp] = useState('');
  const sentOnOpen = useRef(false);

  useEffect(() => {
    if (open && !sentOnOpen.current) {
      sentOnOpen.current = true;
      setOtp('');
      send.mutate();
    }
    if (!open) sentOnOpen.current = false;
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(otp.trim(), { onSuccess: onVerified, onError: (error) => onFailed(displayMessageOf(error)) });
  };

  return (
    <Modal show={open && !hidden} onHide={onClose} centered aria-labelledby="phone-dialog-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="phone-dialog-title" as="h2" className="h5">
            Verify phone number
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {send.isPending && <p role="status">Sending a code to {phone}...</p>}
          {send.isSuccess && <p role="status">{send.data} ({phone})</p>}
          {send.isError && (
            <Alert variant="danger" className="mb-3">
              {displayMessageOf(send.error)}
            </Alert>
          )}
          <Form.Group controlId="phone-otp">
            <Form.Label>Code</Form.Label>
            <Form.Control
              value={otp}
              onChange={(event) => setOtp(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="[0-9]*"
              aria-describedby="phone-otp-hint"
            />
            <Form.Text id="phone-otp-hint">The 6 digits of the text message.</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="link" onClick={() => send.mutate()} disabled={send.isPending}>
            Send a new code
          </Button>
          <Button type="submit" variant="primary" disabled={verify.isPending || otp.trim() === ''}>
            {verify.isPending ? 'Verifying...' : 'Verify'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
