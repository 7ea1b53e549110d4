import { createContext, useContext, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

export const STEP_HEADING_ID = 'purchase-step-title';

/** Whether the flow has shown a step yet: the first one keeps the page's natural focus. */
export const StepFocusContext = createContext<RefObject<boolean> | null>(null);

/**
 * Every step (and each screen inside one) mounts its own heading, so "the step changed" is "a new
 * heading mounted". Focus moves there, except for the first heading of the page load, so keyboard
 * and screen-reader users start at the top of the new step.
 */
export function useStepHeadingFocus(heading: RefObject<HTMLHeadingElement | null>) {
  const shownBefore = useContext(StepFocusContext);
  useEffect(() => {
    if (!shownBefore) return;
    if (shownBefore.current) {
      window.scrollTo({ top: 0 });
      heading.current?.focus();
    }
    shownBefore.current = true;
  }, [shownBefore, heading]);
}

interface StepFrameProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * One step: its heading (focused when the step opens) and its content.
 */
export function StepFrame({ title, intro, children }: StepFrameProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useStepHeadingFocus(heading);
  return (
    <section aria-labelledby={STEP_HEADING_ID} className="purchase-step">
      <h2 id={STEP_HEADING_ID} ref={heading} tabIndex={-1} className="h3 mb-2 purchase-step-title">
        {title}
      </h2>
      {intro && <div className="text-body-secondary mb-4">{intro}</div>}
      {children}
    </section>
  );
}

interface StepActionsProps {
  onBack?: () => void;
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
  /** When set, the main button is a plain button calling it; otherwise it submits the form around it. */
  onSubmit?: () => void;
}

/** Back and the main action, the main one on the right (first on a phone, where it is full width). */
export function StepActions({ onBack, submitLabel, busy = false, busyLabel, disabled = false, onSubmit }: StepActionsProps) {
  return (
    <div className="purchase-actions d-flex flex-column-reverse flex-sm-row justify-content-between gap-2 mt-4 pt-3 border-top">
      {onBack ? (
        <Button variant="outline-primary" onClick={onBack} disabled={busy}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} variant="primary" size="lg" className="px-5" disabled={busy || disabled}>
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {busy && busyLabel ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
