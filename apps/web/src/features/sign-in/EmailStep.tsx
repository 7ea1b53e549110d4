import { emailProblem, normalizeEmail } from '@fhp/domain';
import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { StepShell, SubmitButton, type StepProps } from './StepShell';

export interface EmailForm {
  email: string;
  remember: boolean;
}

/**
 * The first step, prerendered (decision 090): a plain form read when it is submitted, checked with
 * the domain's email rule and its words, so the page's first load needs no form or schema library,
 * and what was typed before the page was hydrated is what counts.
 */
export function EmailStep({ busy, error, onSubmit, defaults }: StepProps<EmailForm> & { defaults: EmailForm }) {
  const [submitted, setSubmitted] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  // Focus moves to the field when the step appears, so keyboard and screen-reader users follow along.
  useEffect(() => {
    input.current?.focus();
  }, []);
  return (
    <StepShell title="Login to your account" intro="Enter the email address of your account." error={error}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const email = String(form.get('email') ?? '');
          const problem = emailProblem(email);
          setSubmitted(true);
          setFieldError(problem);
          if (problem) input.current?.focus();
          else onSubmit({ email: normalizeEmail(email), remember: form.get('remember') !== null });
        }}
      >
        <Form.Group className="mb-3" controlId="sign-in-email">
          <Form.Label>Email address</Form.Label>
          <Form.Control
            ref={input}
            name="email"
            type="email"
            autoComplete="username"
            size="lg"
            defaultValue={defaults.email}
            isInvalid={Boolean(fieldError)}
            // Checked again as it changes once a submit was refused, as the other steps' forms do.
            onChange={(event) => submitted && setFieldError(emailProblem(event.target.value))}
          />
          <Form.Control.Feedback type="invalid">{fieldError}</Form.Control.Feedback>
        </Form.Group>
        <Form.Check className="mb-4" id="sign-in-remember" name="remember" label="Remember me on this device" defaultChecked={defaults.remember} />
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </Form>
    </StepShell>
  );
}
