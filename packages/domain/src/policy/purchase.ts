import { z } from 'zod';
import { exactDecimal } from '../arithmetic';
import { COUNTRIES, isCountryCode } from '../countries';
import { isOptionId, type OptionId } from '../options';
import { kycBeneficiarySchema, CRIME_FLAGS, type CrimeFlag, type TermsFormValues } from '../schemas/forms';
import { countrySchema, coverageSchema } from '../schemas/quote';
import { PAYMENT_CHANNELS, PAYMENT_PLANS } from './payment-plan';
import { PURCHASE_MESSAGES } from './messages';

// ---------------------------------------------------------------------------------------------
// Use of proceeds
// ---------------------------------------------------------------------------------------------

/**
 * What a household might spend a payout on after a storm. The spec names only home protection;
 * the others cover the usual needs after a hurricane (living costs while displaced, a small
 * business, injuries, loans falling due), plus "other" so no one is forced into a wrong box.
 */
export const USE_OF_PROCEEDS_OPTIONS = [
  { value: 'homeProtection', label: 'Home protection (repairs to my home)' },
  { value: 'familySupport', label: 'Family living expenses' },
  { value: 'businessRecovery', label: 'Business recovery' },
  { value: 'medicalExpenses', label: 'Medical expenses' },
  { value: 'debtRepayment', label: 'Loan or debt repayment' },
  { value: 'other', label: 'Other' },
] as const;

export type UseOfProceedsValue = (typeof USE_OF_PROCEEDS_OPTIONS)[number]['value'];
export const USE_OF_PROCEEDS_VALUES = USE_OF_PROCEEDS_OPTIONS.map((option) => option.value) as [
  UseOfProceedsValue,
  ...UseOfProceedsValue[],
];
export const HOME_PROTECTION: UseOfProceedsValue = 'homeProtection';

export interface SelectableEntry<T extends string = string> {
  value: T;
  selected: boolean;
}

/** The purchase input's list: every option, in display order, with its flag. */
export function toUseOfProceedsInput(selected: readonly UseOfProceedsValue[]): SelectableEntry<UseOfProceedsValue>[] {
  return USE_OF_PROCEEDS_VALUES.map((value) => ({ value, selected: selected.includes(value) }));
}

// ---------------------------------------------------------------------------------------------
// The home-protection dialog (spec part 1 section 2)
// ---------------------------------------------------------------------------------------------

/**
 * (1) another home insurance policy? "Yes" -> (2), "No" -> done, home stays selected;
 * (2) de-select home protection? "No" keeps it, "Yes" removes it; either way -> (3);
 * (3) the double-dipping reminder, "Accept & Continue" -> done.
 * The dialog is modal with no close button (the web uses a static backdrop): each step ends only
 * through its buttons, so the selection can never be left half-decided.
 */
export type HomeDialogStep = 'askOtherPolicy' | 'askDeselect' | 'reminder';

export interface UseOfProceedsState {
  /** In display order. */
  selected: readonly UseOfProceedsValue[];
  /** The open dialog step, or null when no dialog is shown. */
  dialog: HomeDialogStep | null;
}

export type UseOfProceedsAction =
  | { type: 'TOGGLE'; value: UseOfProceedsValue }
  | { type: 'OTHER_POLICY_ANSWERED'; hasOtherPolicy: boolean }
  | { type: 'DESELECT_ANSWERED'; deselect: boolean }
  | { type: 'REMINDER_ACCEPTED' }
  /** Escape: a question left unanswered undoes the selection that asked it; the reminder just closes. */
  | { type: 'DIALOG_DISMISSED' };

export const HOME_PROTECTION_DIALOG = {
  askOtherPolicy: {
    question: 'Do you have another insurance policy that covers your home?',
    buttons: { yes: 'Yes', no: 'No' },
  },
  askDeselect: {
    question: 'Would you like to de-select Home protection as a use of proceeds?',
    buttons: { yes: 'Yes', no: 'No' },
  },
  reminder: {
    text: 'Please check your other home insurance policy for double-dipping clauses: some policies reduce or refuse a claim when another policy also pays for the same damage.',
    button: 'Accept & Continue',
  },
} as const;

export const INITIAL_USE_OF_PROCEEDS: UseOfProceedsState = { selected: [], dialog: null };

function withSelection(selected: readonly UseOfProceedsValue[], value: UseOfProceedsValue, on: boolean): UseOfProceedsValue[] {
  // Rebuilt from the option list so the order never depends on the click order.
  return USE_OF_PROCEEDS_VALUES.filter((candidate) => (candidate === value ? on : selected.includes(candidate)));
}

/**
 * The use-of-proceeds step as a reducer. Selecting home protection selects it and opens step (1);
 * de-selecting it by hand asks nothing. An action the current step does not offer (a click behind
 * the modal, an answer with no question open) leaves the state as it is.
 */
export function useOfProceedsReducer(state: UseOfProceedsState, action: UseOfProceedsAction): UseOfProceedsState {
  switch (action.type) {
    case 'TOGGLE': {
      if (state.dialog !== null) return state;
      const on = !state.selected.includes(action.value);
      const selected = withSelection(state.selected, action.value, on);
      return { selected, dialog: on && action.value === HOME_PROTECTION ? 'askOtherPolicy' : null };
    }
    case 'OTHER_POLICY_ANSWERED':
      if (state.dialog !== 'askOtherPolicy') return state;
      return { ...state, dialog: action.hasOtherPolicy ? 'askDeselect' : null };
    case 'DESELECT_ANSWERED':
      if (state.dialog !== 'askDeselect') return state;
      return {
        selected: action.deselect ? withSelection(state.selected, HOME_PROTECTION, false) : state.selected,
        dialog: 'reminder',
      };
    case 'REMINDER_ACCEPTED':
      if (state.dialog !== 'reminder') return state;
      return { ...state, dialog: null };
    case 'DIALOG_DISMISSED':
      if (state.dialog === null) return state;
      // Home protection is kept only through the dialog's answers, never half-asked.
      if (state.dialog === 'reminder') return { ...state, dialog: null };
      return { selected: withSelection(state.selected, HOME_PROTECTION, false), dialog: null };
  }
}

// ---------------------------------------------------------------------------------------------
// Terms of use
// ---------------------------------------------------------------------------------------------

/**
 * The terms step's entries. Each crime checkbox is a declaration of **not** having been charged
 * (the form requires every box ticked to go on, which only makes sense that way), so a ticked box
 * stores `charged[flag] = false`. "Politically Exposed" is added, selected, only when the answer
 * is yes (spec part 1 section 4).
 */
export const TERMS_OF_USE_OPTIONS = [
  { value: 'politicallyExposed', label: 'I am a politically exposed person' },
  { value: 'drugTrafficking', label: 'I have not been charged with drug trafficking' },
  { value: 'terrorismFinancing', label: 'I have not been charged with terrorism financing' },
  { value: 'moneyLaundering', label: 'I have not been charged with money laundering' },
  { value: 'fraud', label: 'I have not been charged with fraud' },
  { value: 'otherCrimes', label: 'I have not been charged with any other crime' },
  { value: 'declare', label: 'I declare that the information I have given is true and complete' },
] as const;

export type TermsOfUseValue = (typeof TERMS_OF_USE_OPTIONS)[number]['value'];
export const TERMS_OF_USE_VALUES = TERMS_OF_USE_OPTIONS.map((option) => option.value) as [TermsOfUseValue, ...TermsOfUseValue[]];
/** Entries a purchase must carry, selected: every "not charged" declaration and the declaration. */
export const REQUIRED_TERMS_OF_USE: readonly TermsOfUseValue[] = [...CRIME_FLAGS, 'declare'];

export interface TermsData {
  politicallyExposed: 'yes' | 'no';
  charged: Record<CrimeFlag, boolean>;
}

export function toTermsData(values: TermsFormValues): TermsData {
  const charged = Object.fromEntries(CRIME_FLAGS.map((flag) => [flag, values[flag] !== true])) as Record<CrimeFlag, boolean>;
  return { politicallyExposed: values.pep === 'pepYes' ? 'yes' : 'no', charged };
}

export function toTermsOfUseInput(values: TermsFormValues): SelectableEntry<TermsOfUseValue>[] {
  const entries: SelectableEntry<TermsOfUseValue>[] = [];
  if (values.pep === 'pepYes') entries.push({ value: 'politicallyExposed', selected: true });
  for (const flag of CRIME_FLAGS) entries.push({ value: flag, selected: values[flag] === true });
  entries.push({ value: 'declare', selected: values.declare === true });
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------------------------

/** The KYC form as kept in session storage: possibly incomplete. */
export type PreviewKycForm = Partial<
  Record<
    | 'firstName'
    | 'lastName'
    | 'streetAddress'
    | 'city'
    | 'country'
    | 'email'
    | 'telephone'
    | 'beneficiaryFirstName'
    | 'beneficiaryLastName'
    | 'beneficiaryStreetAddress'
    | 'beneficiaryCity'
    | 'beneficiaryCountry'
    | 'beneficiaryEmail'
    | 'beneficiaryTelephone',
    string | null
  >
>;

/** The profile fields the preview reads (getMyProfile). */
export interface PreviewProfile {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  primaryContactNo?: string | null;
  address?: { addressLine1?: string | null; city?: string | null; country?: string | null } | null;
}

/** One person on the preview (spec part 1 section 2: first name, last name, ..., telephone). */
export interface PreviewPerson {
  firstName: string;
  lastName: string;
  streetAddress: string;
  city: string;
  countryName: string;
  email: string;
  telephone: string;
}

export const MISSING_COUNTRY = '-';

function text(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A country code's name from COUNTRIES ("gd" -> "Grenada"); "-" when missing. The KYC country is a
 * free field, so a code outside COUNTRIES is shown as entered rather than hidden.
 */
export function previewCountryName(code: string | null | undefined): string {
  const value = text(code);
  if (value === '') return MISSING_COUNTRY;
  const lower = value.toLowerCase();
  return isCountryCode(lower) ? COUNTRIES[lower].name : value;
}

/**
 * The policy holder on the preview: from the KYC form only when it has both a first name and a
 * telephone (spec part 1 section 4), otherwise from the profile.
 */
export function previewHolder(kycForm: PreviewKycForm | null | undefined, profile: PreviewProfile | null | undefined): PreviewPerson {
  const form = kycForm ?? {};
  if (text(form.firstName) !== '' && text(form.telephone) !== '') {
    return {
      firstName: text(form.firstName),
      lastName: text(form.lastName),
      streetAddress: text(form.streetAddress),
      city: text(form.city),
      countryName: previewCountryName(form.country),
      email: text(form.email),
      telephone: text(form.telephone),
    };
  }
  const source = profile ?? {};
  return {
    firstName: text(source.firstName),
    lastName: text(source.lastName),
    streetAddress: text(source.address?.addressLine1),
    city: text(source.address?.city),
    countryName: previewCountryName(source.address?.country),
    email: text(source.email),
    telephone: text(source.primaryContactNo),
  };
}

/** The beneficiary on the preview; the beneficiary only ever comes from the KYC form. */
export function previewBeneficiary(kycForm: PreviewKycForm | null | undefined): PreviewPerson {
  const form = kycForm ?? {};
  return {
    firstName: text(form.beneficiaryFirstName),
    lastName: text(form.beneficiaryLastName),
    streetAddress: text(form.beneficiaryStreetAddress),
    city: text(form.beneficiaryCity),
    countryName: previewCountryName(form.beneficiaryCountry),
    email: text(form.beneficiaryEmail),
    telephone: text(form.beneficiaryTelephone),
  };
}

// ---------------------------------------------------------------------------------------------
// PurchasePolicy input (spec part 1 section 3, plus paymentPlan, paymentChannel, idempotencyKey)
// ---------------------------------------------------------------------------------------------

const beneficiaryFields = kycBeneficiarySchema.shape;

/** `benificiaryDetail` (the spec's spelling): the KYC beneficiary fields with the same messages. */
export const beneficiaryDetailSchema = z.object(
  {
    firstName: beneficiaryFields.beneficiaryFirstName,
    lastName: beneficiaryFields.beneficiaryLastName,
    email: beneficiaryFields.beneficiaryEmail,
    mobileNo: beneficiaryFields.beneficiaryTelephone,
    address: z.object(
      {
        addressLine1: beneficiaryFields.beneficiaryStreetAddress,
        city: beneficiaryFields.beneficiaryCity,
        country: beneficiaryFields.beneficiaryCountry,
      },
      { error: PURCHASE_MESSAGES.beneficiaryAddressRequired },
    ),
  },
  { error: PURCHASE_MESSAGES.beneficiaryRequired },
);
export type BeneficiaryDetail = z.output<typeof beneficiaryDetailSchema>;

/** The purchase input's beneficiary from the KYC form's beneficiary section. */
export function toBeneficiaryDetail(form: z.output<typeof kycBeneficiarySchema>): BeneficiaryDetail {
  return {
    firstName: form.beneficiaryFirstName,
    lastName: form.beneficiaryLastName,
    email: form.beneficiaryEmail,
    mobileNo: form.beneficiaryTelephone,
    address: { addressLine1: form.beneficiaryStreetAddress, city: form.beneficiaryCity, country: form.beneficiaryCountry },
  };
}

/** The premium the customer saw, as the raw EC$ number; the server turns it into cents and re-checks it. */
const premiumSchema = z
  .number({ error: (issue) => (issue.input === undefined ? PURCHASE_MESSAGES.premiumRequired : PURCHASE_MESSAGES.premiumInvalid) })
  .refine((value) => Number.isFinite(value) && value > 0 && exactDecimal(value).scale <= 2, {
    error: PURCHASE_MESSAGES.premiumInvalid,
  });

/** The discounted premium the customer saw (EC$, 0 under a 100% offer); null or absent when no offer was shown. */
const discountedPremiumSchema = z
  .number({ error: PURCHASE_MESSAGES.discountedPremiumInvalid })
  .refine((value) => Number.isFinite(value) && value >= 0 && exactDecimal(value).scale <= 2, {
    error: PURCHASE_MESSAGES.discountedPremiumInvalid,
  })
  .nullish()
  .transform((value) => value ?? null);

const optionIdSchema = z
  .string({ error: PURCHASE_MESSAGES.optionRequired })
  .refine(isOptionId, { error: PURCHASE_MESSAGES.optionRequired })
  .transform((id) => id as OptionId);

function hasNoDuplicates(entries: readonly { value: string }[]): boolean {
  return new Set(entries.map((entry) => entry.value)).size === entries.length;
}

const useOfProceedsSchema = z
  .array(
    z.object({
      value: z.enum(USE_OF_PROCEEDS_VALUES, { error: PURCHASE_MESSAGES.useOfProceedsInvalid }),
      selected: z.boolean({ error: PURCHASE_MESSAGES.useOfProceedsInvalid }),
    }),
    { error: PURCHASE_MESSAGES.useOfProceedsRequired },
  )
  .refine(hasNoDuplicates, { error: PURCHASE_MESSAGES.duplicateEntry, abort: true })
  .refine((entries) => entries.some((entry) => entry.selected), { error: PURCHASE_MESSAGES.useOfProceedsRequired });

/**
 * Terms as entries; every required declaration must be there and selected, so a call that skips
 * the web's terms step cannot buy without them.
 */
const termsOfUseSchema = z
  .array(
    z.object({
      value: z.enum(TERMS_OF_USE_VALUES, { error: PURCHASE_MESSAGES.termsInvalid }),
      selected: z.boolean({ error: PURCHASE_MESSAGES.termsInvalid }),
    }),
    { error: PURCHASE_MESSAGES.termsRequired },
  )
  .refine(hasNoDuplicates, { error: PURCHASE_MESSAGES.duplicateEntry, abort: true })
  .refine(
    (entries) => REQUIRED_TERMS_OF_USE.every((value) => entries.some((entry) => entry.value === value && entry.selected)),
    { error: PURCHASE_MESSAGES.termsRequired },
  );

export const purchasePolicyInputSchema = z.object({
  benificiaryDetail: beneficiaryDetailSchema,
  /** The insured country's code, gd or dm (as in CheckOfferIsApplicable). */
  countryName: countrySchema,
  /** EC$, 1,300 to 270,000, at most 2 decimals. */
  coverage: coverageSchema,
  premium: premiumSchema,
  discountedPremium: discountedPremiumSchema,
  productDefination: optionIdSchema,
  useOfProceeds: useOfProceedsSchema,
  termsOfUse: termsOfUseSchema,
  paymentPlan: z.enum(PAYMENT_PLANS, { error: PURCHASE_MESSAGES.paymentPlanRequired }),
  paymentChannel: z.enum(PAYMENT_CHANNELS, { error: PURCHASE_MESSAGES.paymentChannelRequired }),
  /** Generated once per purchase attempt by the web; a repeated submit with it creates no second policy. */
  idempotencyKey: z.uuid({ error: PURCHASE_MESSAGES.idempotencyKeyInvalid }),
});
export type PurchasePolicyInput = z.input<typeof purchasePolicyInputSchema>;
export type PurchasePolicyValues = z.output<typeof purchasePolicyInputSchema>;
