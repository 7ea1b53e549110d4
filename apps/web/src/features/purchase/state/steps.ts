/** The purchase flow's steps, in the spec's order (part 1 section 2), with the titles the stepper shows. */
export const STEPS = [
  { id: 'country', title: 'Select Country' },
  { id: 'options', title: 'Policy Options' },
  { id: 'email', title: 'Verify Email' },
  { id: 'kyc', title: 'KYC Form' },
  { id: 'terms', title: 'Terms of Use' },
  { id: 'preview', title: 'Preview and Confirm' },
  { id: 'proceeds', title: 'Use of Proceeds' },
  { id: 'payment', title: 'Payment Method' },
] as const;

export type FormStepId = (typeof STEPS)[number]['id'];
/** `done` is the thank-you screen: after the last step, outside the stepper. */
export type StepId = FormStepId | 'done';

export const STEP_IDS: readonly StepId[] = [...STEPS.map((step) => step.id), 'done'];

export function stepIndex(step: StepId): number {
  return STEP_IDS.indexOf(step);
}

export function stepTitle(step: StepId): string {
  return STEPS.find((candidate) => candidate.id === step)?.title ?? 'Thank You !';
}
