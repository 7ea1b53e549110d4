import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useHydrated } from '../../lib/useHydrated';

interface StepShellProps {
  title: string;
  intro?: ReactNode;
  /** The server's sentence for the last refusal, shown inside the form. */
  error: string | null;
  children: ReactNode;
}

/** Heading, intro and the form's error; the heading names the step for screen readers too. */
export function StepShell({ title, intro, error, children }: StepShellProps) {
  return (
    <>
      <h1 className="h3 mb-2" id="sign-in-step-title">
        {title}
      </h1>
      {intro && (
        <p className="text-body-secondary mb-4" id="sign-in-step-intro">
          {intro}
        </p>
      )}
      {error && (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      )}
      {children}
    </>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  // The sign-in page is prerendered: until the scripts have hydrated it, a submit would do nothing.
  const hydrated = useHydrated();
  return (
    <Button type="submit" size="lg" className="w-100" disabled={busy || !hydrated}>
      {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}

export interface StepProps<T> {
  busy: boolean;
  error: string | null;
  onSubmit: (values: T) => void;
}
