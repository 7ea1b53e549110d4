import { lazy, type ComponentType } from 'react';
import { lazyWithReload } from '../../../lib/lazyWithReload';
import type { StepId } from '../state/steps';

/*
 * The steps after the first, each in a chunk of its own (decision 090): a new visitor's first load
 * is the country step and the stepper; each later step loads when the flow gets there, or ahead of
 * it while the browser is idle (`prefetchStep`). The components and their files are the steps' own.
 */

interface LazyStep<P> {
  Component: ComponentType<P>;
  /** Fetches the step's chunk without showing it; a failure is left for the real load. */
  prefetch: () => void;
}

function lazyStep<P extends object>(name: string, load: () => Promise<ComponentType<P>>): LazyStep<P> {
  // A chunk gone after a deployment reloads the page once (the router's rule), but only when shown.
  const show = lazyWithReload(`purchase.${name}`, load);
  return {
    Component: lazy(async () => ({ default: await show() })),
    prefetch: () => void load().catch(() => undefined),
  };
}

export const OptionsStep = lazyStep('options', () => import('./OptionsStep').then((m) => m.OptionsStep));
export const VerifyEmailStep = lazyStep('email', () => import('./VerifyEmailStep').then((m) => m.VerifyEmailStep));
export const KycStep = lazyStep('kyc', () => import('./KycStep').then((m) => m.KycStep));
export const TermsStep = lazyStep('terms', () => import('./TermsStep').then((m) => m.TermsStep));
export const PreviewStep = lazyStep('preview', () => import('./PreviewStep').then((m) => m.PreviewStep));
export const UseOfProceedsStep = lazyStep('proceeds', () => import('./UseOfProceedsStep').then((m) => m.UseOfProceedsStep));
export const PaymentStep = lazyStep('payment', () => import('./PaymentStep').then((m) => m.PaymentStep));
export const ThankYou = lazyStep('done', () => import('./ThankYou').then((m) => m.ThankYou));

const BY_STEP: Partial<Record<StepId, Pick<LazyStep<never>, 'prefetch'>>> = {
  options: OptionsStep,
  email: VerifyEmailStep,
  kyc: KycStep,
  terms: TermsStep,
  preview: PreviewStep,
  proceeds: UseOfProceedsStep,
  payment: PaymentStep,
  done: ThankYou,
};

/**
 * Fetches `step`'s chunk once the browser is idle (a second at most), so Continue finds it there;
 * returns the cancel. Nothing for the first step, which is always loaded.
 */
export function prefetchStepWhenIdle(step: StepId): () => void {
  const lazyStep = BY_STEP[step];
  if (!lazyStep) return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => lazyStep.prefetch(), { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => lazyStep.prefetch(), 200);
  return () => window.clearTimeout(handle);
}
