import { z } from 'zod';
import { choiceField, emailField, phoneField } from './fields';
import { ADDRESS_PROOF_TYPES, GENDERS, ID_PROOF_TYPES, kycHolderSchema } from './forms';
import { COMMON_MESSAGES, KYC_MESSAGES } from './messages';

/**
 * The `SubmitKYCDetails` input (spec part 1 section 3, with `fileId` in place of the spec's base64
 * `doc`: decision 004). Holder fields reuse the KYC form's rules and messages, so a call that skips
 * the web form meets the same sentences.
 */

export const KYC_DOCUMENT_TYPES = ['ID_PROOF', 'ADDRESS_PROOF'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/**
 * What the profile shows for a document (spec part 2 section 4: SUBMITTED or REJECTED), plus
 * ACCEPTED once an administrator has reviewed and accepted it (decision 051).
 */
export const KYC_DOCUMENT_STATUSES = ['SUBMITTED', 'REJECTED', 'ACCEPTED'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];

export const KYC_SUBMIT_MESSAGES = {
  /** The spec's one file text, used for both proofs (part 1 section 5). */
  proofRequired: COMMON_MESSAGES.proofFileRequired,
  documentTypeInvalid: 'Document type must be ID_PROOF or ADDRESS_PROOF', // ours
  fileIdInvalid: 'This file was not found. Please upload it again.', // ours
  fileTypeMismatch: 'This file was uploaded as another kind of proof. Please upload it again.', // ours
  alreadyOnFile: 'This proof is already on file; only missing proofs can be sent', // ours
  submitted: 'KYC details submitted successfully', // ours
} as const;

/** Which proof-type list a document's `name` must come from. */
const PROOF_NAMES: Readonly<Record<KycDocumentType, readonly string[]>> = {
  ID_PROOF: ID_PROOF_TYPES,
  ADDRESS_PROOF: ADDRESS_PROOF_TYPES,
};
const PROOF_NAME_MESSAGES: Readonly<Record<KycDocumentType, string>> = {
  ID_PROOF: KYC_MESSAGES.idProofTypeRequired,
  ADDRESS_PROOF: KYC_MESSAGES.addressProofTypeRequired,
};

export const kycDocumentInputSchema = z
  .object({
    fileId: z.uuid({ error: KYC_SUBMIT_MESSAGES.fileIdInvalid }),
    type: z.enum(KYC_DOCUMENT_TYPES, { error: KYC_SUBMIT_MESSAGES.documentTypeInvalid }),
    /** The proof type: passport, socialSecurityCard, ... for ID_PROOF; utilityBill, ... for ADDRESS_PROOF. */
    name: z.string({ error: KYC_MESSAGES.idProofTypeRequired }).trim(),
  })
  .superRefine((doc, ctx) => {
    if (!PROOF_NAMES[doc.type].includes(doc.name)) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: PROOF_NAME_MESSAGES[doc.type] });
    }
  });
export type KycDocumentInput = z.output<typeof kycDocumentInputSchema>;

const holder = kycHolderSchema.shape;

export const submitKycDetailsInputSchema = z.object({
  gender: choiceField(GENDERS, KYC_MESSAGES.genderRequired),
  firstName: holder.firstName,
  lastName: holder.lastName,
  occupation: holder.occupation,
  primaryContactNo: phoneField(),
  address: z.object(
    {
      addressLine1: holder.streetAddress,
      city: holder.city,
      country: holder.country,
    },
    { error: KYC_MESSAGES.streetAddressRequired },
  ),
  documents: z
    .array(kycDocumentInputSchema, { error: KYC_SUBMIT_MESSAGES.proofRequired })
    // One file per proof: a second document of the same type is the spec's "One Id Proof" case.
    .refine((docs) => new Set(docs.map((doc) => doc.type)).size === docs.length, { error: KYC_SUBMIT_MESSAGES.proofRequired })
    .refine((docs) => new Set(docs.map((doc) => doc.fileId)).size === docs.length, { error: KYC_SUBMIT_MESSAGES.proofRequired }),
  /** Informational only: the account's email is the one signed in. */
  email: emailField().optional().nullable(),
});
export type SubmitKycDetailsInput = z.input<typeof submitKycDetailsInputSchema>;
export type SubmitKycDetailsValues = z.output<typeof submitKycDetailsInputSchema>;

/**
 * The proofs a submission must carry. A first submission needs both; after `kycSubmitted` only the
 * ones not on file (missing, or rejected and so no longer on file) may be sent, each once.
 * Returns the customer's sentence, or null when the set is right.
 */
export function kycDocumentsProblem(sent: readonly KycDocumentType[], onFile: readonly KycDocumentType[]): string | null {
  if (sent.some((type) => onFile.includes(type))) return KYC_SUBMIT_MESSAGES.alreadyOnFile;
  const missing = missingKycDocumentTypes(onFile);
  if (missing.some((type) => !sent.includes(type))) return KYC_SUBMIT_MESSAGES.proofRequired;
  return null;
}

/** The proofs still to send, in the spec's order (ID proof first). */
export function missingKycDocumentTypes(onFile: readonly KycDocumentType[]): KycDocumentType[] {
  return KYC_DOCUMENT_TYPES.filter((type) => !onFile.includes(type));
}
