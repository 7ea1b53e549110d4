import { zodResolver } from '@hookform/resolvers/zod';
import { emailFormSchema, otpCodeSchema } from '@fhp/domain';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorDialog, VERIFY_OTP_FAILED } from '../../../components/ErrorDialog';
import { displayMessageOf } from '../../../lib/graphql/errors';
import { sendSignUpCode, verifyEmailCode } from '../api';
import { MandatoryNote, TextField } from '../components/fields';
import { StepActions, StepFrame } from '../components/StepFrame';

interface VerifyEmailStepProps {
  onBack: () => void;
  /** Called once the session is stored; the flow then moves on to the KYC form. */
  onDone: () => void;
}

/**
 * Verify email: the address, then the 6-digit code sent to it. The code signs a new customer up
 * or an existing one in (identity contract), so a returning customer needs no password here.
 */
export function VerifyEmailStep({ onBack, onDone }: VerifyEmailStepProps) {
  const [email, setEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [verifyFailed, setVerifyFailed] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  /** A failed send or check opens the "Uh oh." dialog (a refused code as "Verify OTP Failed"); the sentence also stays on the step. */
  async function run(action: () => Promise<void>, verifying = false) {
    setBusy(true);
    setError(null);
    setVerifyFailed(false);
    try {
      await action();
    } catch (failure) {
      setError(displayMessageOf(failure));
      setVerifyFailed(verifying);
      setDialog(true);
    } finally {
      setBusy(false);
    }
  }

  const failureDialog = (
    <ErrorDialog
      show={dialog}
      description={verifyFailed ? VERIFY_OTP_FAILED : (error ?? undefined)}
      detail={verifyFailed ? (error ?? undefined) : undefined}
      onClose={() => setDialog(false)}
    />
  );

  const sendCode = (address: string) =>
    run(async () => {
      await sendSignUpCode(address);
      setEmail(address);
      setNotice(`We sent a 6-digit code to ${address}. It is valid for 10 minutes.`);
    });

  if (email === null) {
    return (
      <>
        <EmailForm busy={busy} error={error} onBack={onBack} onSubmit={(address) => void sendCode(address)} />
        {failureDialog}
      </>
    );
  }
  return (
    <StepFrame title="Verify Email" intro={notice}>
      {failureDialog}
      {error && (
        <Alert variant="danger" role="alert">
          {/* The spec names this failure "Verify OTP Failed"; the server's sentence says why. */}
          {verifyFailed && <strong className="d-block">{VERIFY_OTP_FAILED}</strong>}
          {error}
        </Alert>
      )}
      <CodeForm
        busy={busy}
        onSubmit={(otp) => void run(async () => {
          await verifyEmailCode(email, otp);
          onDone();
        }, true)}
        onBack={() => {
          setEmail(null);
          setError(null);
        }}
      />
      <Button variant="link" className="px-0" disabled={busy} onClick={() => void sendCode(email)}>
        Send a new code
      </Button>
    </StepFrame>
  );
}

interface OneFieldFormProps {
  /** The field's rule; its messages are the ones shown. */
  schema: z.ZodType<string, string>;
  field: { id: string; label: string; type?: 'email'; inputMode?: 'numeric'; autoComplete: string };
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onBack: () => void;
  onSubmit: (value: string) => void;
}

/** The two forms of this step, address and code: one mandatory field, validated by its schema, then Back and submit. */
function OneFieldForm({ schema, field, submitLabel, busyLabel, busy, onBack, onSubmit }: OneFieldFormProps) {
  const [formSchema] = useState(() => z.object({ value: schema }));
  const form = useForm<{ value: string }>({ resolver: zodResolver(formSchema), defaultValues: { value: '' } });
  return (
    <Form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values.value))} className="purchase-narrow-form">
      <MandatoryNote />
      <TextField {...field} error={form.formState.errors.value?.message} registration={form.register('value')} />
      <StepActions onBack={onBack} submitLabel={submitLabel} busy={busy} busyLabel={busyLabel} />
    </Form>
  );
}

function EmailForm({ busy, error, onBack, onSubmit }: { busy: boolean; error: string | null; onBack: () => void; onSubmit: (email: string) => void }) {
  return (
    <StepFrame title="Verify Email" intro="We will send a one-time code to this address. It becomes the email of your account and your policy.">
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <OneFieldForm
        schema={emailFormSchema.shape.email}
        field={{ id: 'purchase-email', label: 'Email', type: 'email', autoComplete: 'email' }}
        submitLabel="Send code"
        busyLabel="Sending code..."
        busy={busy}
        onBack={onBack}
        onSubmit={onSubmit}
      />
    </StepFrame>
  );
}

function CodeForm({ busy, onSubmit, onBack }: { busy: boolean; onSubmit: (otp: string) => void; onBack: () => void }) {
  return (
    <OneFieldForm
      schema={otpCodeSchema}
      field={{ id: 'purchase-otp', label: '6-digit code', inputMode: 'numeric', autoComplete: 'one-time-code' }}
      submitLabel="Verify"
      busyLabel="Verifying..."
      busy={busy}
      onBack={onBack}
      onSubmit={onSubmit}
    />
  );
}
