import { z } from 'zod';
import { proofFileSchema, optionalImageSchema } from './files';
import { choiceField, emailField, nameText, phoneField, requiredText, TEXT_LIMITS } from './fields';
import { COMMON_MESSAGES, KYC_MESSAGES, PROFILE_MESSAGES, TERMS_MESSAGES } from './messages';

export const GENDERS = ['female', 'male', 'businesses'] as const;
export const ID_PROOF_TYPES = ['passport', 'socialSecurityCard', 'nationalInsurance', 'driverLicense'] as const;
export const ADDRESS_PROOF_TYPES = ['utilityBill', 'bankstatement', 'other'] as const;
export const PEP_ANSWERS = ['pepYes', 'pepNo'] as const;
export const CRIME_FLAGS = ['drugTrafficking', 'terrorismFinancing', 'moneyLaundering', 'fraud', 'otherCrimes'] as const;

export type Gender = (typeof GENDERS)[number];
export type IdProofType = (typeof ID_PROOF_TYPES)[number];
export type AddressProofType = (typeof ADDRESS_PROOF_TYPES)[number];
export type CrimeFlag = (typeof CRIME_FLAGS)[number];

/** The first purchase step: who is buying. */
export const emailFormSchema = z.object({ email: emailField() });
export type EmailFormValues = z.output<typeof emailFormSchema>;

const gender = (required: string) => choiceField(GENDERS, required);

/** KYC part 1: the policy holder (spec part 1 sections 3 and 5). */
export const kycHolderSchema = z.object({
  firstName: nameText(KYC_MESSAGES.firstNameRequired, KYC_MESSAGES.firstNameAlpha, TEXT_LIMITS.firstName),
  lastName: nameText(KYC_MESSAGES.lastNameRequired, KYC_MESSAGES.lastNameAlpha, TEXT_LIMITS.lastName),
  gender: gender(KYC_MESSAGES.genderRequired),
  streetAddress: requiredText(KYC_MESSAGES.streetAddressRequired, TEXT_LIMITS.streetAddress),
  city: nameText(KYC_MESSAGES.cityRequired, COMMON_MESSAGES.cityAlpha, TEXT_LIMITS.city),
  country: requiredText(KYC_MESSAGES.countryRequired, TEXT_LIMITS.country),
  email: emailField(),
  telephone: phoneField(),
  occupation: nameText(KYC_MESSAGES.occupationRequired, KYC_MESSAGES.occupationAlpha, TEXT_LIMITS.occupation),
});

/**
 * KYC part 2: the proofs, in the spec's field order. After a first submission the web asks only for
 * what is missing: `kycProofSchema.pick({ idProofType: true, idProof: true })`.
 */
export const kycProofSchema = z.object({
  idProofType: choiceField(ID_PROOF_TYPES, KYC_MESSAGES.idProofTypeRequired),
  idProof: proofFileSchema,
  addressProofType: choiceField(ADDRESS_PROOF_TYPES, KYC_MESSAGES.addressProofTypeRequired),
  addressProof: proofFileSchema,
});

/** KYC part 3: the beneficiary. Any field can be left out of the form with `.omit({...})`. */
export const kycBeneficiarySchema = z.object({
  beneficiaryFirstName: nameText(KYC_MESSAGES.beneficiaryFirstNameRequired, KYC_MESSAGES.beneficiaryFirstNameAlpha, TEXT_LIMITS.beneficiaryFirstName),
  beneficiaryLastName: nameText(KYC_MESSAGES.beneficiaryLastNameRequired, KYC_MESSAGES.beneficiaryLastNameAlpha, TEXT_LIMITS.beneficiaryLastName),
  beneficiaryStreetAddress: requiredText(KYC_MESSAGES.beneficiaryStreetAddressRequired, TEXT_LIMITS.beneficiaryStreetAddress),
  beneficiaryCity: nameText(KYC_MESSAGES.beneficiaryCityRequired, COMMON_MESSAGES.cityAlpha, TEXT_LIMITS.beneficiaryCity),
  beneficiaryCountry: requiredText(KYC_MESSAGES.beneficiaryCountryRequired, TEXT_LIMITS.beneficiaryCountry),
  beneficiaryEmail: emailField(KYC_MESSAGES.beneficiaryEmailRequired),
  beneficiaryTelephone: phoneField(),
});

export const kycFormSchema = kycHolderSchema.extend(kycProofSchema.shape).extend(kycBeneficiarySchema.shape);
export type KycFormInput = z.input<typeof kycFormSchema>;
export type KycFormValues = z.output<typeof kycFormSchema>;

const mustBeChecked = z.literal(true, { error: TERMS_MESSAGES.checkboxRequired });

/** Terms step: the PEP question, each "not charged with" box and the declaration must be ticked. */
export const termsFormSchema = z.object({
  pep: z.enum(PEP_ANSWERS, { error: TERMS_MESSAGES.pepRequired }),
  drugTrafficking: mustBeChecked,
  terrorismFinancing: mustBeChecked,
  moneyLaundering: mustBeChecked,
  fraud: mustBeChecked,
  otherCrimes: mustBeChecked,
  declare: mustBeChecked,
});
export type TermsFormValues = z.output<typeof termsFormSchema>;

/** Profile edit form (spec part 2 section 5); the photo is optional. */
export const profileFormSchema = z.object({
  firstName: nameText(PROFILE_MESSAGES.firstNameRequired, KYC_MESSAGES.firstNameAlpha, TEXT_LIMITS.firstName),
  lastName: nameText(PROFILE_MESSAGES.lastNameRequired, KYC_MESSAGES.lastNameAlpha, TEXT_LIMITS.lastName),
  gender: gender(PROFILE_MESSAGES.genderRequired),
  primaryContactNo: phoneField(PROFILE_MESSAGES.phoneRequired),
  streetAddress: requiredText(PROFILE_MESSAGES.streetAddressRequired, TEXT_LIMITS.streetAddress),
  city: nameText(PROFILE_MESSAGES.cityRequired, COMMON_MESSAGES.cityAlpha, TEXT_LIMITS.city),
  country: requiredText(PROFILE_MESSAGES.countryRequired, TEXT_LIMITS.country),
  occupation: nameText(PROFILE_MESSAGES.occupationRequired, KYC_MESSAGES.occupationAlpha, TEXT_LIMITS.occupation),
  email: emailField(),
  image: optionalImageSchema(PROFILE_MESSAGES.imageOneFile, PROFILE_MESSAGES.imageType),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;
