import { COUNTRIES, isCountryCode, type KycDocumentType, type ProfileAction } from '@fhp/domain';
import { ADDRESS_PROOF_LABELS, GENDER_LABELS, ID_PROOF_LABELS } from '../../lib/kycLabels';

/** My Account's words for the domain's values. */
export const ACTION_LABELS: Record<ProfileAction, string> = {
  fullKyc: 'Update KYC documents',
  updateIdProof: 'Update ID proof',
  updateAddressProof: 'Update address proof',
  verifyPhone: 'Verify phone number',
};

export const DOCUMENT_TYPE_LABELS: Record<KycDocumentType, string> = { ID_PROOF: 'ID proof', ADDRESS_PROOF: 'Address proof' };

const PROOF_NAME_LABELS: Record<string, string> = { ...ID_PROOF_LABELS, ...ADDRESS_PROOF_LABELS };

export function proofNameLabel(name: string | null): string {
  return (name && PROOF_NAME_LABELS[name]) ?? name ?? 'Document';
}

export function documentTypeLabel(type: string | null): string {
  return type === 'ID_PROOF' || type === 'ADDRESS_PROOF' ? DOCUMENT_TYPE_LABELS[type] : 'Document';
}

export function genderLabel(gender: string | null): string | null {
  return gender && Object.hasOwn(GENDER_LABELS, gender) ? GENDER_LABELS[gender as keyof typeof GENDER_LABELS] : gender;
}

/** The purchase stores what was typed (a name) or a code: either reads as the country's name. */
export function countryLabel(country: string | null): string | null {
  return country && isCountryCode(country) ? COUNTRIES[country].name : country;
}

/** Spec part 2 section 5: application/pdf shown as a PDF; png, jpg and jpeg as an image. */
export function displayKind(fileType: string | null): 'pdf' | 'image' | 'other' {
  if (fileType === 'application/pdf') return 'pdf';
  if (fileType === 'image/png' || fileType === 'image/jpg' || fileType === 'image/jpeg') return 'image';
  return 'other';
}
