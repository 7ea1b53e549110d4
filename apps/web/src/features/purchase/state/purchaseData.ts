import type {
  CountryCode,
  PaymentChannel,
  PaymentPlan,
  PreviewPerson,
  TermsFormValues,
  UseOfProceedsValue,
} from '@fhp/domain';
import type { z } from 'zod';
import type { chosenOptionSchema, purchaseDataSchema, purchaseResultSchema } from './purchaseStorage';
import { STEP_IDS, stepIndex, type StepId } from './steps';

/**
 * The in-session purchase data of spec part 1 section 3: KYC form (without files), chosen option,
 * coverage, terms, intended purpose, country, policy holder, plus the current step. It lives in
 * session storage so a reload resumes where the customer was (usePurchaseData); its schema, which
 * checks what is read back, is in purchaseStorage.ts.
 */

/** The option the customer chose, as the server quoted it. `premiumRaw` is what PurchasePolicy sends back. */
export type ChosenOption = z.infer<typeof chosenOptionSchema>;
/** The PolicyPurchaseResult fields the thank-you screen shows. */
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;
export type PurchaseData = z.infer<typeof purchaseDataSchema>;

export const INITIAL_PURCHASE_DATA: PurchaseData = Object.freeze({
  step: 'country',
  country: null,
  coverage: null,
  option: null,
  kycForm: null,
  kycDone: false,
  terms: null,
  policyHolder: null,
  useOfProceeds: [],
  paymentPlan: null,
  paymentChannel: null,
  idempotencyKey: null,
  repricing: false,
  result: null,
});

export { PURCHASE_STORAGE_KEY } from './purchaseStorage';

// ---------------------------------------------------------------------------------------------
// Step guards
// ---------------------------------------------------------------------------------------------

/**
 * What a step needs before it may open, given everything before it is done. A reload, a stale
 * tab or an expired session can leave `step` ahead of the data; the guards pull it back to the
 * first step that still has work.
 */
function canOpen(step: StepId, data: PurchaseData, signedIn: boolean): boolean {
  switch (step) {
    case 'country':
      return true;
    case 'options':
      return data.country !== null;
    case 'email':
      return data.coverage !== null && data.option !== null;
    case 'kyc':
      return signedIn;
    case 'terms':
      return data.kycDone && data.kycForm !== null;
    case 'preview':
      return data.terms !== null;
    case 'proceeds':
      return data.policyHolder !== null;
    case 'payment':
      return data.useOfProceeds.length > 0;
    case 'done':
      return data.result !== null;
  }
}

/**
 * The step to show: the stored one, unless a step before it cannot open (then the last one that
 * can). Verify email is skipped while signed in. A finished purchase always shows the thank-you
 * screen, whatever `step` says, so a reload cannot lead to buying the same policy twice.
 */
export function effectiveStep(data: PurchaseData, signedIn: boolean): StepId {
  if (data.result !== null) return 'done';
  const target = Math.min(stepIndex(data.step), stepIndex('payment'));
  let step: StepId = 'country';
  for (let index = 1; index <= target; index += 1) {
    const candidate = STEP_IDS[index]!;
    if (!canOpen(candidate, data, signedIn)) break;
    step = candidate;
  }
  return step === 'email' && signedIn ? 'kyc' : step;
}

/** The step after `step`; verify email is skipped while signed in. */
export function nextStep(step: StepId, signedIn: boolean): StepId {
  const next = STEP_IDS[Math.min(stepIndex(step) + 1, STEP_IDS.length - 1)]!;
  return next === 'email' && signedIn ? 'kyc' : next;
}

/** The step before `step`; verify email is skipped while signed in (there is nothing to do there). */
export function previousStep(step: StepId, signedIn: boolean): StepId {
  const previous = STEP_IDS[Math.max(stepIndex(step) - 1, 0)]!;
  return previous === 'email' && signedIn ? 'options' : previous;
}

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

export type PurchaseAction =
  | { type: 'COUNTRY_CHOSEN'; country: CountryCode }
  /** Kept as the customer types and picks, so a reload restores them; null while incomplete or being re-quoted. */
  | { type: 'OPTION_CHOSEN'; coverage: number | null; option: ChosenOption | null }
  | { type: 'KYC_DONE'; kycForm: Record<string, string> }
  | { type: 'KYC_DRAFT'; kycForm: Record<string, string> }
  | { type: 'TERMS_ACCEPTED'; terms: TermsFormValues }
  | { type: 'PREVIEW_CONFIRMED'; policyHolder: PreviewPerson }
  | { type: 'PROCEEDS_CHOSEN'; useOfProceeds: UseOfProceedsValue[] }
  | { type: 'PAYMENT_OPENED'; idempotencyKey: string }
  | { type: 'PAYMENT_CHOSEN'; paymentPlan: PaymentPlan | null; paymentChannel: PaymentChannel | null }
  /** PurchasePolicy answered PRICE_CHANGED: back to the options step to see the new price. */
  | { type: 'PRICE_CHANGED' }
  | { type: 'PURCHASED'; result: PurchaseResult }
  | { type: 'GO_TO'; step: StepId }
  | { type: 'RESET' }
  /** What this tab stored, read back after the page has hydrated (usePurchaseData). */
  | { type: 'RESTORED'; data: PurchaseData };

/**
 * Each answer moves the flow on to the step after the one it belongs to (the caller passes the
 * signed-in state through `GO_TO` for the email skip). A different country or coverage voids the
 * chosen option: its premium was quoted for the old ones.
 */
export function purchaseReducer(state: PurchaseData, action: PurchaseAction): PurchaseData {
  switch (action.type) {
    case 'COUNTRY_CHOSEN':
      return {
        ...state,
        country: action.country,
        option: action.country === state.country ? state.option : null,
        step: 'options',
      };
    case 'OPTION_CHOSEN':
      return { ...state, coverage: action.coverage, option: action.option };
    case 'KYC_DRAFT':
      return { ...state, kycForm: action.kycForm };
    case 'KYC_DONE':
      return { ...state, kycForm: action.kycForm, kycDone: true, step: 'terms' };
    case 'TERMS_ACCEPTED':
      return { ...state, terms: action.terms, step: 'preview' };
    case 'PREVIEW_CONFIRMED':
      return { ...state, policyHolder: action.policyHolder, step: 'proceeds' };
    case 'PROCEEDS_CHOSEN':
      return { ...state, useOfProceeds: action.useOfProceeds, step: 'payment' };
    case 'PAYMENT_OPENED':
      // One key per confirm screen: a reload keeps it, so a retry after a lost answer is the same purchase.
      return state.idempotencyKey === null ? { ...state, idempotencyKey: action.idempotencyKey } : state;
    case 'PAYMENT_CHOSEN':
      return { ...state, paymentPlan: action.paymentPlan, paymentChannel: action.paymentChannel };
    case 'PRICE_CHANGED':
      return { ...state, step: 'options', repricing: true };
    case 'PURCHASED':
      return { ...state, result: action.result, step: 'done' };
    case 'GO_TO':
      // Any move ends a price review: it either went back to payment or the customer went elsewhere.
      return { ...state, step: action.step, repricing: false };
    case 'RESET':
      return INITIAL_PURCHASE_DATA;
    case 'RESTORED':
      return action.data;
  }
}
