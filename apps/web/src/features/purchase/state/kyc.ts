import {
  kycBeneficiarySchema,
  kycFormSchema,
  kycProofSchema,
  KYC_DOCUMENT_TYPES,
  missingKycDocumentTypes,
  type KycDocumentType,
  type KycFormInput,
  type KycFormValues,
} from '@fhp/domain';
import type { z } from 'zod';
import type { KycDoc, ProofPurpose, SubmitKycInput, UploadedFile } from '../api';

export { ADDRESS_PROOF_LABELS, GENDER_LABELS, ID_PROOF_LABELS, PROOF_ACCEPT } from '../../../lib/kycLabels';

export interface MissingProofs {
  idProof: boolean;
  addressProof: boolean;
}

const ALL_MISSING: MissingProofs = { idProof: true, addressProof: true };

/** The proofs on file: every document of the profile except rejected ones, which must be sent again. */
export function proofsOnFile(kyc: readonly KycDoc[]): KycDocumentType[] {
  return KYC_DOCUMENT_TYPES.filter((type) => kyc.some((doc) => doc.type === type && doc.status !== 'REJECTED'));
}

/**
 * Before a first submission everything is asked; after it, only the proofs still missing (spec
 * part 1 section 3), by the domain's rule the server applies too.
 */
export function missingProofs(profile: { kycSubmitted: boolean; kyc: readonly KycDoc[] } | undefined): MissingProofs {
  if (!profile?.kycSubmitted) return ALL_MISSING;
  const missing = missingKycDocumentTypes(proofsOnFile(profile.kyc));
  return { idProof: missing.includes('ID_PROOF'), addressProof: missing.includes('ADDRESS_PROOF') };
}

/**
 * The form's schema: the whole KYC form the first time; after `kycSubmitted`, the beneficiary
 * (it belongs to this policy) and only the missing proofs with their types.
 */
export function kycSchemaFor(kycSubmitted: boolean, missing: MissingProofs): z.ZodType<Partial<KycFormValues>, Partial<KycFormInput>> {
  if (!kycSubmitted) return kycFormSchema;
  return kycProofSchema
    .pick({
      ...(missing.idProof ? { idProofType: true, idProof: true } : {}),
      ...(missing.addressProof ? { addressProofType: true, addressProof: true } : {}),
    } as const)
    .extend(kycBeneficiarySchema.shape);
}

/** The form's text values for session storage: files never go there. */
export function kycTextValues(values: Partial<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export interface ProofUpload {
  purpose: ProofPurpose;
  /** The proof type, sent as the document's name (passport, utilityBill, ...). */
  proofType: string;
  file: File;
}

/** The files the form holds, ID proof first (the spec's field order). */
export function proofUploads(values: Partial<KycFormValues>): ProofUpload[] {
  const uploads: ProofUpload[] = [];
  const first = (list: unknown) => (Array.isArray(list) ? (list[0] as File | undefined) : undefined);
  const idFile = first(values.idProof);
  if (idFile && values.idProofType) uploads.push({ purpose: 'ID_PROOF', proofType: values.idProofType, file: idFile });
  const addressFile = first(values.addressProof);
  if (addressFile && values.addressProofType) uploads.push({ purpose: 'ADDRESS_PROOF', proofType: values.addressProofType, file: addressFile });
  return uploads;
}

export interface KycHolder {
  gender: string;
  firstName: string;
  lastName: string;
  occupation: string;
  primaryContactNo: string;
  address: { addressLine1: string; city: string; country: string };
  email?: string;
}

/** The holder part of SubmitKYCDetails from a first-time form. */
export function holderFromForm(values: Partial<KycFormValues>): KycHolder {
  return {
    gender: values.gender ?? '',
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
    occupation: values.occupation ?? '',
    primaryContactNo: values.telephone ?? '',
    address: { addressLine1: values.streetAddress ?? '', city: values.city ?? '', country: values.country ?? '' },
    email: values.email,
  };
}

export function submitKycInput(holder: KycHolder, uploaded: readonly { upload: ProofUpload; file: UploadedFile }[]): SubmitKycInput {
  return {
    ...holder,
    documents: uploaded.map(({ upload, file }) => ({ fileId: file.id, type: upload.purpose, name: upload.proofType })),
  };
}
