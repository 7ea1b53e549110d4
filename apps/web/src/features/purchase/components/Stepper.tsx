import { STEPS, stepIndex, type StepId } from '../state/steps';

/**
 * The visible stepper. Wide screens list all eight titles; a phone cannot fit them in one row, so
 * it shows "Step 3 of 8", the current title and a progress bar instead (the full list stays in
 * the accessible name of the progress bar's label).
 */
export function Stepper({ current }: { current: StepId }) {
  const currentIndex = stepIndex(current);
  const total = STEPS.length;
  const shown = Math.min(currentIndex, total - 1);
  return (
    <nav aria-label="Purchase steps" className="purchase-stepper mb-4">
      <ol className="purchase-stepper-list d-none d-lg-flex list-unstyled mb-0">
        {STEPS.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          return (
            <li key={step.id} className={`purchase-stepper-item is-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="purchase-stepper-dot" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="purchase-stepper-label">
                {step.title}
                {state === 'done' && <span className="visually-hidden"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="d-lg-none">
        <p className="small text-body-secondary mb-1">
          Step {shown + 1} of {total}: <strong className="text-body">{STEPS[shown]!.title}</strong>
        </p>
        {/* Sized by a class, not a style attribute: the first step is prerendered, and the CSP refuses those in HTML. */}
        <div className="progress purchase-progress" aria-hidden="true">
          <div className="progress-bar bg-secondary" data-step={shown + 1} />
        </div>
      </div>
    </nav>
  );
}
