import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { termsFormSchema } from '../schemas/forms';
import { KYC_MESSAGES, COMMON_MESSAGES } from '../schemas/messages';
import { PURCHASE_MESSAGES } from './messages';
import {
  INITIAL_USE_OF_PROCEEDS,
  MISSING_COUNTRY,
  USE_OF_PROCEEDS_VALUES,
  previewBeneficiary,
  previewHolder,
  purchasePolicyInputSchema,
  toBeneficiaryDetail,
  toTermsData,
  toTermsOfUseInput,
  toUseOfProceedsInput,
  useOfProceedsReducer,
  type UseOfProceedsAction,
  type UseOfProceedsState,
} from './purchase';

const terms = (pep: 'pepYes' | 'pepNo') =>
  termsFormSchema.parse({ pep, drugTrafficking: true, terrorismFinancing: true, moneyLaundering: true, fraud: true, otherCrimes: true, declare: true });

const beneficiaryForm = {
  beneficiaryFirstName: 'Paul',
  beneficiaryLastName: 'Joseph',
  beneficiaryStreetAddress: '12 Church Street',
  beneficiaryCity: 'Roseau',
  beneficiaryCountry: 'dm',
  beneficiaryEmail: 'paul@example.com',
  beneficiaryTelephone: '7675550102',
};

/** The issue's example purchase: Dominica, EC$25,000, option 3, premium EC$2,470.00. */
const validInput = {
  benificiaryDetail: toBeneficiaryDetail(beneficiaryForm),
  countryName: 'dm',
  coverage: 25_000,
  premium: 2470,
  productDefination: '3',
  useOfProceeds: toUseOfProceedsInput(['homeProtection', 'familySupport']),
  termsOfUse: toTermsOfUseInput(terms('pepNo')),
  paymentPlan: 'INSTALMENTS_4',
  paymentChannel: 'BANK_TRANSFER',
  idempotencyKey: '6f1c2a9e-4b7d-4c1e-9a3f-2d5b8e7c1a40',
};

/** The first message zod reports per dotted path, as a form shows it (an empty city also fails its pattern). */
function messages(input: unknown): Record<string, string> {
  const parsed = purchasePolicyInputSchema.safeParse(input);
  if (parsed.success) return {};
  const byPath: Record<string, string> = {};
  for (const issue of parsed.error.issues) byPath[issue.path.join('.')] ??= issue.message;
  return byPath;
}

describe('purchasePolicyInputSchema', () => {
  it('accepts the spec input plus plan, channel and idempotency key', () => {
    const parsed = purchasePolicyInputSchema.parse(validInput);
    expect(parsed).toMatchObject({ countryName: 'dm', coverage: 25_000, premium: 2470, productDefination: '3' });
    expect(parsed.benificiaryDetail.address).toEqual({ addressLine1: '12 Church Street', city: 'Roseau', country: 'dm' });
  });

  it.each([
    [{ countryName: 'us' }, 'countryName', 'unsupported country us for this product'],
    [{ coverage: 1299.99 }, 'coverage', 'Coverage must be at least EC$1,300.00'],
    [{ coverage: 270_000.01 }, 'coverage', 'Coverage must be at most EC$270,000.00'],
    [{ premium: 2470.001 }, 'premium', PURCHASE_MESSAGES.premiumInvalid],
    [{ premium: -1 }, 'premium', PURCHASE_MESSAGES.premiumInvalid],
    [{ premium: undefined }, 'premium', PURCHASE_MESSAGES.premiumRequired],
    [{ productDefination: '6' }, 'productDefination', PURCHASE_MESSAGES.optionRequired],
    [{ useOfProceeds: toUseOfProceedsInput([]) }, 'useOfProceeds', PURCHASE_MESSAGES.useOfProceedsRequired],
    [{ useOfProceeds: [] }, 'useOfProceeds', PURCHASE_MESSAGES.useOfProceedsRequired],
    [{ useOfProceeds: [{ value: 'holiday', selected: true }] }, 'useOfProceeds.0.value', PURCHASE_MESSAGES.useOfProceedsInvalid],
    [
      { useOfProceeds: [{ value: 'other', selected: true }, { value: 'other', selected: false }] },
      'useOfProceeds',
      PURCHASE_MESSAGES.duplicateEntry,
    ],
    [{ termsOfUse: [{ value: 'declare', selected: true }] }, 'termsOfUse', PURCHASE_MESSAGES.termsRequired],
    [{ paymentPlan: 'INSTALMENTS_3' }, 'paymentPlan', PURCHASE_MESSAGES.paymentPlanRequired],
    [{ paymentChannel: 'CARD' }, 'paymentChannel', PURCHASE_MESSAGES.paymentChannelRequired],
    [{ idempotencyKey: 'not-a-uuid' }, 'idempotencyKey', PURCHASE_MESSAGES.idempotencyKeyInvalid],
    [{ benificiaryDetail: undefined }, 'benificiaryDetail', PURCHASE_MESSAGES.beneficiaryRequired],
  ])('refuses %j with a readable message', (change, path, message) => {
    expect(messages({ ...validInput, ...change })[path]).toBe(message);
  });

  it('checks the beneficiary with the KYC form messages', () => {
    const detail = { ...validInput.benificiaryDetail, firstName: 'P4ul', mobileNo: '123', address: { ...validInput.benificiaryDetail.address, city: '' } };
    expect(messages({ ...validInput, benificiaryDetail: detail })).toEqual({
      'benificiaryDetail.firstName': KYC_MESSAGES.beneficiaryFirstNameAlpha,
      'benificiaryDetail.mobileNo': COMMON_MESSAGES.phoneMinLength,
      'benificiaryDetail.address.city': KYC_MESSAGES.beneficiaryCityRequired,
    });
  });

  it('requires a declaration for every entry the terms step requires, not just some', () => {
    const withoutFraud = validInput.termsOfUse.map((entry) => (entry.value === 'fraud' ? { ...entry, selected: false } : entry));
    expect(messages({ ...validInput, termsOfUse: withoutFraud }).termsOfUse).toBe(PURCHASE_MESSAGES.termsRequired);
  });
});

describe('terms of use', () => {
  it('adds "politicallyExposed" as selected only when the answer is yes', () => {
    expect(toTermsOfUseInput(terms('pepYes'))[0]).toEqual({ value: 'politicallyExposed', selected: true });
    expect(toTermsOfUseInput(terms('pepNo')).map((entry) => entry.value)).not.toContain('politicallyExposed');
  });

  it('stores politicallyExposed and the charged map: a ticked "not charged" box is charged = false', () => {
    expect(toTermsData(terms('pepYes'))).toEqual({
      politicallyExposed: 'yes',
      charged: { drugTrafficking: false, terrorismFinancing: false, moneyLaundering: false, fraud: false, otherCrimes: false },
    });
    expect(toTermsData(terms('pepNo')).politicallyExposed).toBe('no');
  });
});

describe('preview', () => {
  const profile = {
    firstName: 'Ann',
    lastName: 'Profile',
    email: 'ann@example.com',
    primaryContactNo: '4735550100',
    address: { addressLine1: '1 Bay Road', city: "St. George's", country: 'gd' },
  };
  const kyc = { firstName: 'Ann', lastName: 'Kyc', streetAddress: '2 Hill Street', city: 'Roseau', country: 'dm', email: 'ann@kyc.example', telephone: '7675550101' };

  it('takes the holder from the KYC form when it has a first name and a telephone', () => {
    expect(previewHolder(kyc, profile)).toEqual({
      firstName: 'Ann',
      lastName: 'Kyc',
      streetAddress: '2 Hill Street',
      city: 'Roseau',
      countryName: 'Dominica',
      email: 'ann@kyc.example',
      telephone: '7675550101',
    });
  });

  it.each([
    ['no telephone', { ...kyc, telephone: '  ' }],
    ['no first name', { ...kyc, firstName: '' }],
    ['no form', null],
  ])('falls back to the profile with %s', (_case, form) => {
    expect(previewHolder(form, profile)).toMatchObject({ lastName: 'Profile', streetAddress: '1 Bay Road', countryName: 'Grenada', telephone: '4735550100' });
  });

  it('shows "-" for a missing country and an unknown code as entered', () => {
    expect(previewHolder({ ...kyc, country: '' }, profile).countryName).toBe(MISSING_COUNTRY);
    expect(previewHolder(null, { ...profile, address: null }).countryName).toBe('-');
    expect(previewHolder({ ...kyc, country: 'LC' }, profile).countryName).toBe('LC');
    expect(previewBeneficiary(beneficiaryForm)).toMatchObject({ firstName: 'Paul', countryName: 'Dominica', telephone: '7675550102' });
  });
});

describe('use of proceeds and the home-protection dialog', () => {
  const step = (state: UseOfProceedsState, ...actions: UseOfProceedsAction[]) => actions.reduce(useOfProceedsReducer, state);
  const selectHome: UseOfProceedsAction = { type: 'TOGGLE', value: 'homeProtection' };

  it('"No other policy" closes the dialog and keeps home protection', () => {
    const state = step(INITIAL_USE_OF_PROCEEDS, selectHome);
    expect(state).toEqual({ selected: ['homeProtection'], dialog: 'askOtherPolicy' });
    expect(step(state, { type: 'OTHER_POLICY_ANSWERED', hasOtherPolicy: false })).toEqual({ selected: ['homeProtection'], dialog: null });
  });

  it('"Yes, another policy" then "No" keeps home, "Yes" removes it; both end with the reminder', () => {
    const asked = step(INITIAL_USE_OF_PROCEEDS, { type: 'TOGGLE', value: 'other' }, selectHome, { type: 'OTHER_POLICY_ANSWERED', hasOtherPolicy: true });
    expect(asked.dialog).toBe('askDeselect');

    const kept = step(asked, { type: 'DESELECT_ANSWERED', deselect: false });
    expect(kept).toEqual({ selected: ['homeProtection', 'other'], dialog: 'reminder' });
    expect(step(kept, { type: 'REMINDER_ACCEPTED' })).toEqual({ selected: ['homeProtection', 'other'], dialog: null });

    const removed = step(asked, { type: 'DESELECT_ANSWERED', deselect: true });
    expect(removed).toEqual({ selected: ['other'], dialog: 'reminder' });
    expect(step(removed, { type: 'REMINDER_ACCEPTED' }).dialog).toBeNull();
  });

  it('Escape on a question undoes selecting home protection; on the reminder it keeps the answer', () => {
    const asked = step(INITIAL_USE_OF_PROCEEDS, { type: 'TOGGLE', value: 'other' }, selectHome);
    expect(step(asked, { type: 'DIALOG_DISMISSED' })).toEqual({ selected: ['other'], dialog: null });
    const askedToDeselect = step(asked, { type: 'OTHER_POLICY_ANSWERED', hasOtherPolicy: true });
    expect(step(askedToDeselect, { type: 'DIALOG_DISMISSED' })).toEqual({ selected: ['other'], dialog: null });
    const reminded = step(askedToDeselect, { type: 'DESELECT_ANSWERED', deselect: false });
    expect(step(reminded, { type: 'DIALOG_DISMISSED' })).toEqual({ selected: ['homeProtection', 'other'], dialog: null });
    expect(step(INITIAL_USE_OF_PROCEEDS, { type: 'DIALOG_DISMISSED' })).toBe(INITIAL_USE_OF_PROCEEDS);
  });

  it('asks nothing when home protection is de-selected by hand', () => {
    const withHome = step(INITIAL_USE_OF_PROCEEDS, selectHome, { type: 'OTHER_POLICY_ANSWERED', hasOtherPolicy: false });
    expect(step(withHome, selectHome)).toEqual({ selected: [], dialog: null });
  });

  it('ignores clicks behind the open dialog and answers to questions not asked', () => {
    const open = step(INITIAL_USE_OF_PROCEEDS, selectHome);
    expect(step(open, { type: 'TOGGLE', value: 'other' })).toBe(open);
    expect(step(open, { type: 'REMINDER_ACCEPTED' })).toBe(open);
    expect(step(INITIAL_USE_OF_PROCEEDS, { type: 'DESELECT_ANSWERED', deselect: true })).toBe(INITIAL_USE_OF_PROCEEDS);
  });

  it('keeps any click sequence consistent: ordered unique selection, home selected while a question is open', () => {
    const action = fc.oneof(
      fc.constantFrom(...USE_OF_PROCEEDS_VALUES).map((value): UseOfProceedsAction => ({ type: 'TOGGLE', value })),
      fc.boolean().map((hasOtherPolicy): UseOfProceedsAction => ({ type: 'OTHER_POLICY_ANSWERED', hasOtherPolicy })),
      fc.boolean().map((deselect): UseOfProceedsAction => ({ type: 'DESELECT_ANSWERED', deselect })),
      fc.constant<UseOfProceedsAction>({ type: 'REMINDER_ACCEPTED' }),
      fc.constant<UseOfProceedsAction>({ type: 'DIALOG_DISMISSED' }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let state = INITIAL_USE_OF_PROCEEDS;
        for (const next of actions) {
          state = useOfProceedsReducer(state, next);
          expect(state.selected).toEqual(USE_OF_PROCEEDS_VALUES.filter((value) => state.selected.includes(value)));
          if (state.dialog === 'askOtherPolicy' || state.dialog === 'askDeselect') expect(state.selected).toContain('homeProtection');
        }
      }),
    );
  });

  it('sends every option with its flag', () => {
    expect(toUseOfProceedsInput(['other'])).toEqual(USE_OF_PROCEEDS_VALUES.map((value) => ({ value, selected: value === 'other' })));
  });
});
