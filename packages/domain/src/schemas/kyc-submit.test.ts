import { describe, expect, it } from 'vitest';
import { KYC_SUBMIT_MESSAGES, kycDocumentsProblem, missingKycDocumentTypes, submitKycDetailsInputSchema } from './kyc-submit';
import { COMMON_MESSAGES, KYC_MESSAGES } from './messages';
import { TEXT_LIMITS } from './fields';

const ID_FILE = '0b7d8f4e-1c2a-4e5b-9f00-0a1b2c3d4e5f';
const ADDRESS_FILE = '1c8e9a5f-2d3b-4f6c-8a11-1b2c3d4e5f60';

const valid = {
  gender: 'female',
  firstName: 'Ann Marie',
  lastName: 'Joseph',
  occupation: 'Fisher',
  primaryContactNo: '+1 767 555 0101',
  address: { addressLine1: '12 King George V Street', city: 'Roseau', country: 'dm' },
  documents: [
    { fileId: ID_FILE, type: 'ID_PROOF', name: 'passport' },
    { fileId: ADDRESS_FILE, type: 'ADDRESS_PROOF', name: 'utilityBill' },
  ],
  email: 'Ann@Example.com',
};

function firstMessage(value: unknown): string | undefined {
  const parsed = submitKycDetailsInputSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('submitKycDetailsInputSchema', () => {
  it('accepts a complete submission and normalises the email', () => {
    const parsed = submitKycDetailsInputSchema.parse(valid);
    expect(parsed.email).toBe('ann@example.com');
    expect(parsed.documents).toHaveLength(2);
  });

  it.each([
    ['gender', { gender: 'other' }, KYC_MESSAGES.genderRequired],
    ['firstName empty', { firstName: '  ' }, KYC_MESSAGES.firstNameRequired],
    ['firstName digits', { firstName: 'Ann2' }, KYC_MESSAGES.firstNameAlpha],
    ['lastName', { lastName: 'J0seph' }, KYC_MESSAGES.lastNameAlpha],
    ['occupation', { occupation: 'Fisher!' }, KYC_MESSAGES.occupationAlpha],
    ['phone empty', { primaryContactNo: '' }, COMMON_MESSAGES.phoneRequired],
    ['phone short', { primaryContactNo: '555 01' }, COMMON_MESSAGES.phoneMinLength],
    ['street', { address: { ...valid.address, addressLine1: ' ' } }, KYC_MESSAGES.streetAddressRequired],
    ['city', { address: { ...valid.address, city: 'R0seau' } }, COMMON_MESSAGES.cityAlpha],
    ['country', { address: { ...valid.address, country: '' } }, KYC_MESSAGES.countryRequired],
    ['email', { email: 'ann@' }, COMMON_MESSAGES.emailInvalid],
    ['firstName too long', { firstName: 'A'.repeat(101) }, TEXT_LIMITS.firstName.message],
    ['occupation too long', { occupation: 'a'.repeat(101) }, TEXT_LIMITS.occupation.message],
    ['phone too long', { primaryContactNo: '1'.repeat(21) }, TEXT_LIMITS.phone.message],
    ['street too long', { address: { ...valid.address, addressLine1: 'x'.repeat(201) } }, TEXT_LIMITS.streetAddress.message],
    ['city too long', { address: { ...valid.address, city: 'R'.repeat(201) } }, TEXT_LIMITS.city.message],
  ])('refuses a bad %s with the spec message', (_name, patch, message) => {
    expect(firstMessage({ ...valid, ...patch })).toBe(message);
  });

  it('checks each document: file id, type and the proof type of that kind', () => {
    const withDoc = (doc: Record<string, unknown>) => ({ ...valid, documents: [doc] });
    expect(firstMessage(withDoc({ fileId: 'x', type: 'ID_PROOF', name: 'passport' }))).toBe(KYC_SUBMIT_MESSAGES.fileIdInvalid);
    expect(firstMessage(withDoc({ fileId: ID_FILE, type: 'SELFIE', name: 'passport' }))).toBe(KYC_SUBMIT_MESSAGES.documentTypeInvalid);
    expect(firstMessage(withDoc({ fileId: ID_FILE, type: 'ID_PROOF', name: 'utilityBill' }))).toBe(KYC_MESSAGES.idProofTypeRequired);
    expect(firstMessage(withDoc({ fileId: ID_FILE, type: 'ADDRESS_PROOF', name: 'passport' }))).toBe(KYC_MESSAGES.addressProofTypeRequired);
  });

  it('allows one file per proof: "One Id Proof is required"', () => {
    const twoIds = { ...valid, documents: [valid.documents[0], { ...valid.documents[0], fileId: ADDRESS_FILE }] };
    expect(firstMessage(twoIds)).toBe('One Id Proof is required');
    const sameFile = { ...valid, documents: [valid.documents[0], { ...valid.documents[1], fileId: ID_FILE }] };
    expect(firstMessage(sameFile)).toBe('One Id Proof is required');
  });
});

describe('kycDocumentsProblem', () => {
  it('needs both proofs on a first submission', () => {
    expect(kycDocumentsProblem(['ID_PROOF', 'ADDRESS_PROOF'], [])).toBeNull();
    expect(kycDocumentsProblem(['ID_PROOF'], [])).toBe('One Id Proof is required');
    expect(kycDocumentsProblem([], [])).toBe('One Id Proof is required');
  });

  it('after a submission asks only for what is missing, and refuses a proof already on file', () => {
    expect(kycDocumentsProblem(['ADDRESS_PROOF'], ['ID_PROOF'])).toBeNull();
    expect(kycDocumentsProblem([], ['ID_PROOF', 'ADDRESS_PROOF'])).toBeNull();
    expect(kycDocumentsProblem(['ID_PROOF'], ['ID_PROOF'])).toBe(KYC_SUBMIT_MESSAGES.alreadyOnFile);
    expect(missingKycDocumentTypes(['ADDRESS_PROOF'])).toEqual(['ID_PROOF']);
  });
});
