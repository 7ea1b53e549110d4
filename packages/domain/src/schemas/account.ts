import { z } from 'zod';
import { emailField, phoneField } from './fields';
import { ADDRESS_PROOF_TYPES, ID_PROOF_TYPES, profileFormSchema } from './forms';
import { KYC_DOCUMENT_TYPES, kycDocumentInputSchema, KYC_SUBMIT_MESSAGES, type KycDocumentStatus, type KycDocumentType } from './kyc-submit';
import { PROFILE_MESSAGES } from './messages';

/**
 * The customer's own account (spec part 2 sections 2, 4 and 5): `updateMyProfile`, `editKYCDoc`
 * and the phone's one-time code (`sendMobileVerificationCode`, `verifyMobileNo`). The profile
 * fields reuse the profile form's rules, so the server and the form say the same sentences.
 */

export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Profile updated successfully',
  updateProfileFailed: 'Update Profile Failed',
  /** The email is how the customer signs in; changing it needs a proof of the new mailbox. */
  emailFixed: 'Your email address is the one you sign in with and cannot be changed here.', // ours
  imageInvalid: 'This photo was not found. Please upload it again.', // ours
  kycFirst: 'Please submit your KYC details before updating your documents.', // ours
  proofAccepted: 'This proof has already been accepted and cannot be replaced.', // ours
  documentsRequired: 'Choose the proof you want to update.', // ours
  statusSubmitted: 'Documents are sent with the status SUBMITTED.', // ours
  documentsUpdated: 'Your documents were submitted successfully.', // ours
  phoneVerified: 'Phone number verified successfully',
  verifyOtpFailed: 'Verify OTP Failed',
  otpRequired: 'Enter the 6-digit code we sent to your phone.', // ours
  otpWrong: 'This code is not correct or has expired. Please check it, or ask for a new code.', // ours
  phoneMissing: 'Please add your phone number to your profile first.', // ours
  phoneAlreadyVerified: 'Your phone number is already verified.', // ours
  phoneCodeSent: 'We sent a code to your phone. It expires in 10 minutes.', // ours
  /** A code texted to a number that is no longer the one on file: it proves nothing about the new one. */
  phoneCodeForOtherNumber: 'This code was sent to a phone number that is no longer on your account. Please ask for a new code.', // ours
} as const;

const form = profileFormSchema.shape;

/** `updateMyProfile`: the form's fields, the address as the profile keeps it, and an optional photo (an uploaded file's id). */
export const updateMyProfileInputSchema = z.object({
  firstName: form.firstName,
  lastName: form.lastName,
  gender: form.gender,
  primaryContactNo: phoneField(PROFILE_MESSAGES.phoneRequired),
  occupation: form.occupation,
  address: z.object(
    { addressLine1: form.streetAddress, city: form.city, country: form.country },
    { error: PROFILE_MESSAGES.streetAddressRequired },
  ),
  email: emailField(),
  /** A file of `POST /api/v1/files` with purpose PROFILE_IMAGE; absent or null keeps the current photo. */
  imageFileId: z.uuid({ error: ACCOUNT_MESSAGES.imageInvalid }).optional().nullable(),
});
export type UpdateMyProfileInput = z.input<typeof updateMyProfileInputSchema>;
export type UpdateMyProfileValues = z.output<typeof updateMyProfileInputSchema>;

/**
 * `editKYCDoc`: one or both proofs, each once, with the status SUBMITTED (the spec sends it; it may be
 * left out). Only the proof whose type was chosen is sent.
 */
export const editKycDocInputSchema = z.object({
  documents: z
    .array(
      kycDocumentInputSchema.and(
        z.object({ status: z.literal('SUBMITTED', { error: ACCOUNT_MESSAGES.statusSubmitted }).optional() }),
      ),
      { error: ACCOUNT_MESSAGES.documentsRequired },
    )
    .min(1, ACCOUNT_MESSAGES.documentsRequired)
    .max(KYC_DOCUMENT_TYPES.length, KYC_SUBMIT_MESSAGES.proofRequired)
    .refine((docs) => new Set(docs.map((doc) => doc.type)).size === docs.length, { error: KYC_SUBMIT_MESSAGES.proofRequired })
    .refine((docs) => new Set(docs.map((doc) => doc.fileId)).size === docs.length, { error: KYC_SUBMIT_MESSAGES.proofRequired }),
});
export type EditKycDocInput = z.input<typeof editKycDocInputSchema>;

/** `verifyMobileNo`: the six digits of the SMS. */
export const verifyMobileNoInputSchema = z.object({
  otp: z.string({ error: ACCOUNT_MESSAGES.otpRequired }).trim().regex(/^\d{6}$/, ACCOUNT_MESSAGES.otpRequired),
});

/** One document as the profile lists it. */
export interface KycEntry {
  type: string | null;
  status: string | null;
}

/**
 * The document of each type that counts now: the latest of that type (a replaced proof stays in
 * the list as history), in the spec's order (ID proof first). `documents` come oldest first.
 */
export function currentKycDocuments<T extends KycEntry>(documents: readonly T[]): T[] {
  return KYC_DOCUMENT_TYPES.flatMap((type) => {
    const ofType = documents.filter((doc) => doc.type === type);
    return ofType.length > 0 ? [ofType[ofType.length - 1]!] : [];
  });
}

/** The profile status (spec part 2 section 4): the first current entry's status, in lower case; null before any. */
export function profileStatus(documents: readonly KycEntry[]): string | null {
  return currentKycDocuments(documents)[0]?.status?.toLowerCase() ?? null;
}

export const PROFILE_ACTIONS = ['fullKyc', 'updateIdProof', 'updateAddressProof', 'verifyPhone'] as const;
export type ProfileAction = (typeof PROFILE_ACTIONS)[number];

/**
 * The proofs a holder may still replace: every type whose current document is not ACCEPTED. An
 * administrator's acceptance (decision 051) settles a proof; sending a new one would reopen a
 * review nobody asked for.
 */
export function replaceableProofTypes(documents: readonly KycEntry[]): KycDocumentType[] {
  const current = currentKycDocuments(documents);
  return KYC_DOCUMENT_TYPES.filter((type) => current.find((doc) => doc.type === type)?.status !== 'ACCEPTED');
}

/**
 * The profile's buttons (spec part 2 section 4): none before KYC; the full KYC button when both
 * proofs are submitted or both rejected (and neither is accepted); otherwise the update button of
 * each missing or rejected proof, never of a submitted or accepted one; and verify-phone while the
 * phone is not verified.
 */
export function profileActions(profile: { kycSubmitted: boolean; phoneVerified: boolean; kyc: readonly KycEntry[] }): ProfileAction[] {
  if (!profile.kycSubmitted) return [];
  const current = currentKycDocuments(profile.kyc);
  const statusOf = (type: KycDocumentType) => current.find((doc) => doc.type === type)?.status as KycDocumentStatus | undefined;
  const id = statusOf('ID_PROOF');
  const address = statusOf('ADDRESS_PROOF');
  const open = (status: KycDocumentStatus | undefined) => status === undefined || status === 'REJECTED';
  const actions: ProfileAction[] = [];
  if (id !== undefined && id !== 'ACCEPTED' && id === address) {
    actions.push('fullKyc');
  } else {
    if (open(id)) actions.push('updateIdProof');
    if (open(address)) actions.push('updateAddressProof');
  }
  if (!profile.phoneVerified) actions.push('verifyPhone');
  return actions;
}

/** Which proofs the KYC update form asks for, in the spec's field order. */
export function proofsToUpdate(action: Exclude<ProfileAction, 'verifyPhone'>): KycDocumentType[] {
  if (action === 'updateIdProof') return ['ID_PROOF'];
  if (action === 'updateAddressProof') return ['ADDRESS_PROOF'];
  return [...KYC_DOCUMENT_TYPES];
}

/** The proof types of each document type, for the update form's selects. */
export const PROOF_TYPE_OPTIONS: Readonly<Record<KycDocumentType, readonly string[]>> = {
  ID_PROOF: ID_PROOF_TYPES,
  ADDRESS_PROOF: ADDRESS_PROOF_TYPES,
};
