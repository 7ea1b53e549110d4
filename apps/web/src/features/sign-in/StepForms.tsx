import { zodResolver } from '@hookform/resolvers/zod';
import { otpCodeSchema, type SentTo } from '@fhp/domain';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { StepShell, SubmitButton, type StepProps } from './StepShell';

/*
 * The password and code steps of spec part 1 section 2, each a small form validated with the
 * domain's rules: a chunk loaded once an email has been entered (the first step is EmailStep.tsx).
 */

const passwordFormSchema = z.object({ password: z.string().min(1, 'Enter your password') });
const otpFormSchema = z.object({ otp: otpCodeSchema });

/** Focus moves to the step's field when the step appears, so keyboard and screen-reader users follow along. */
function useFocusOnMount<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current) return;
    focused.current = true;
    form.setFocus(name);
  }, [form, name]);
}

export function PasswordStep({ busy, error, onSubmit, email, onChangeEmail }: StepProps<{ password: string }> & { email: string; onChangeEmail: () => void }) {
  const form = useForm({ resolver: zodResolver(passwordFormSchema), defaultValues: { password: '' } });
  useFocusOnMount(form, 'password');
  const fieldError = form.formState.errors.password?.message;
  return (
    <StepShell title="Enter your password" intro={<EmailLine email={email} onChange={onChangeEmail} />} error={error}>
      <Form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        {/* Lets password managers pair the password with the account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Form.Group className="mb-4" controlId="sign-in-password">
          <Form.Label>Password</Form.Label>
          <Form.Control type="password" autoComplete="current-password" size="lg" isInvalid={Boolean(fieldError)} {...form.register('password')} />
          <Form.Control.Feedback type="invalid">{fieldError}</Form.Control.Feedback>
        </Form.Group>
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </Form>
    </StepShell>
  );
}

interface OtpStepProps extends StepProps<{ otp: string }> {
  email: string;
  /** Where the server says the code went. */
  sentTo: SentTo;
  onChangeEmail: () => void;
  onResend: () => void;
  resending: boolean;
  /** Said politely after a resend, e.g. "A new code is on its way." */
  notice: string | null;
}

/** Only what was really sent: "the email and phone registered for", or "your email" without a phone on file. */
export function sentToWords(sentTo: SentTo): string {
  if (sentTo.includes('PHONE')) return sentTo.includes('EMAIL') ? 'the email and phone registered for' : 'the phone registered for';
  return 'your email';
}

export function OtpStep({ busy, error, onSubmit, email, sentTo, onChangeEmail, onResend, resending, notice }: OtpStepProps) {
  const form = useForm({ resolver: zodResolver(otpFormSchema), defaultValues: { otp: '' } });
  useFocusOnMount(form, 'otp');
  const fieldError = form.formState.errors.otp?.message;
  return (
    <StepShell
      title="Enter your OTP"
      intro={
        <>
          We sent a 6-digit code to {sentToWords(sentTo)} <EmailLine email={email} onChange={onChangeEmail} />
        </>
      }
      error={error}
    >
      <Form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <Form.Group className="mb-4" controlId="sign-in-otp">
          <Form.Label>One-time code</Form.Label>
          <Form.Control
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            size="lg"
            className="otp-input"
            isInvalid={Boolean(fieldError)}
            {...form.register('otp')}
          />
          <Form.Control.Feedback type="invalid">{fieldError}</Form.Control.Feedback>
        </Form.Group>
        <SubmitButton busy={busy}>Sign in</SubmitButton>
      </Form>
      <div className="d-flex align-items-center justify-content-between mt-3 gap-2 flex-wrap">
        <span className="text-body-secondary small">Didn&apos;t get it?</span>
        <Button variant="link" className="p-0" onClick={onResend} disabled={resending || busy}>
          {resending ? 'Sending...' : 'Resend code'}
        </Button>
      </div>
      <p className="small text-success mt-2 mb-0" role="status">
        {notice}
      </p>
    </StepShell>
  );
}

/**
 * The address on a line of its own with "Change email" beside it; on a narrow card the link
 * wraps under the address, flush left, instead of trailing the sentence on a ragged line.
 */
function EmailLine({ email, onChange }: { email: string; onChange: () => void }) {
  return (
    <span className="d-flex flex-wrap align-items-baseline column-gap-3 mt-1">
      <strong className="text-break">{email}</strong>
      <Button variant="link" className="p-0 align-baseline text-nowrap" onClick={onChange}>
        Change email
      </Button>
    </span>
  );
}
