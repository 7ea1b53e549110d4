import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  currentKycDocuments,
  editKycDocInputSchema,
  profileActions,
  profileStatus,
  proofsToUpdate,
  replaceableProofTypes,
  updateMyProfileInputSchema,
  verifyMobileNoInputSchema,
} from './account';

const id = (status: string) => ({ type: 'ID_PROOF', status });
const address = (status: string) => ({ type: 'ADDRESS_PROOF', status });

describe('profileActions (spec part 2 section 4)', () => {
  it('offers nothing before KYC', () => {
    expect(profileActions({ kycSubmitted: false, phoneVerified: false, kyc: [] })).toEqual([]);
  });
  it('offers the full KYC button when both proofs are submitted, or both rejected', () => {
    expect(profileActions({ kycSubmitted: true, phoneVerified: true, kyc: [id('SUBMITTED'), address('SUBMITTED')] })).toEqual(['fullKyc']);
    expect(profileActions({ kycSubmitted: true, phoneVerified: true, kyc: [id('REJECTED'), address('REJECTED')] })).toEqual(['fullKyc']);
  });
  it('otherwise the update button of the missing or rejected proof only', () => {
    expect(profileActions({ kycSubmitted: true, phoneVerified: true, kyc: [id('SUBMITTED'), address('REJECTED')] })).toEqual(['updateAddressProof']);
    expect(profileActions({ kycSubmitted: true, phoneVerified: true, kyc: [id('REJECTED'), address('SUBMITTED')] })).toEqual(['updateIdProof']);
    expect(profileActions({ kycSubmitted: true, phoneVerified: true, kyc: [address('SUBMITTED')] })).toEqual(['updateIdProof']);
    expect(profileActions({ kycSubmitted: true, phoneVerified: true, kyc: [id('SUBMITTED')] })).toEqual(['updateAddressProof']);
  });
  it('adds verify-phone while the phone is not verified', () => {
    expect(profileActions({ kycSubmitted: true, phoneVerified: false, kyc: [id('SUBMITTED'), address('SUBMITTED')] })).toEqual(['fullKyc', 'verifyPhone']);
  });
  it('judges by the latest document of each type: a replaced rejected proof no longer counts', () => {
    const kyc = [id('SUBMITTED'), address('REJECTED'), address('SUBMITTED')];
    expect(currentKycDocuments(kyc)).toEqual([id('SUBMITTED'), address('SUBMITTED')]);
    expect(profileActions({ kycSubmitted: true, phoneVerified: true, kyc })).toEqual(['fullKyc']);
  });
});

describe('profileActions for every pair of current proofs', () => {
  // Each proof missing, submitted (waiting for review), rejected or accepted (decision 051).
  type State = 'missing' | 'SUBMITTED' | 'REJECTED' | 'ACCEPTED';
  const expected: Record<State, Record<State, string[]>> = {
    // ID proof (rows) by address proof (columns).
    missing: { missing: ['updateIdProof', 'updateAddressProof'], SUBMITTED: ['updateIdProof'], REJECTED: ['updateIdProof', 'updateAddressProof'], ACCEPTED: ['updateIdProof'] },
    SUBMITTED: { missing: ['updateAddressProof'], SUBMITTED: ['fullKyc'], REJECTED: ['updateAddressProof'], ACCEPTED: [] },
    REJECTED: { missing: ['updateIdProof', 'updateAddressProof'], SUBMITTED: ['updateIdProof'], REJECTED: ['fullKyc'], ACCEPTED: ['updateIdProof'] },
    ACCEPTED: { missing: ['updateAddressProof'], SUBMITTED: [], REJECTED: ['updateAddressProof'], ACCEPTED: [] },
  };
  const states = Object.keys(expected) as State[];
  const docs = (idState: State, addressState: State) => [
    ...(idState === 'missing' ? [] : [id(idState)]),
    ...(addressState === 'missing' ? [] : [address(addressState)]),
  ];
  for (const idState of states) {
    for (const addressState of states) {
      it(`ID ${idState}, address ${addressState}`, () => {
        const kyc = docs(idState, addressState);
        const buttons = expected[idState][addressState];
        expect(profileActions({ kycSubmitted: true, phoneVerified: true, kyc })).toEqual(buttons);
        expect(profileActions({ kycSubmitted: true, phoneVerified: false, kyc })).toEqual([...buttons, 'verifyPhone']);
        expect(profileActions({ kycSubmitted: false, phoneVerified: false, kyc })).toEqual([]);
        // No button asks for an accepted proof.
        const asked = buttons.flatMap((button) => proofsToUpdate(button as 'fullKyc' | 'updateIdProof' | 'updateAddressProof'));
        expect(asked.every((type) => replaceableProofTypes(kyc).includes(type))).toBe(true);
      });
    }
  }
  it('an accepted proof replaced by a newer submission counts as that submission', () => {
    const kyc = [id('ACCEPTED'), address('REJECTED'), id('SUBMITTED'), address('SUBMITTED')];
    expect(profileActions({ kycSubmitted: true, phoneVerified: true, kyc })).toEqual(['fullKyc']);
  });
});

describe('replaceableProofTypes', () => {
  it('is every type whose current document is not accepted', () => {
    expect(replaceableProofTypes([])).toEqual(['ID_PROOF', 'ADDRESS_PROOF']);
    expect(replaceableProofTypes([id('ACCEPTED'), address('REJECTED')])).toEqual(['ADDRESS_PROOF']);
    expect(replaceableProofTypes([id('ACCEPTED'), address('ACCEPTED')])).toEqual([]);
    expect(replaceableProofTypes([id('ACCEPTED'), id('SUBMITTED')])).toEqual(['ID_PROOF', 'ADDRESS_PROOF']);
  });
});

describe('profileStatus', () => {
  it('is the first current entry’s status in lower case', () => {
    expect(profileStatus([])).toBeNull();
    expect(profileStatus([id('REJECTED'), address('SUBMITTED')])).toBe('rejected');
    expect(profileStatus([address('SUBMITTED'), id('REJECTED'), id('SUBMITTED')])).toBe('submitted');
  });
});

describe('proofsToUpdate', () => {
  it('asks for the chosen proof, or both in the spec’s order', () => {
    expect(proofsToUpdate('updateIdProof')).toEqual(['ID_PROOF']);
    expect(proofsToUpdate('updateAddressProof')).toEqual(['ADDRESS_PROOF']);
    expect(proofsToUpdate('fullKyc')).toEqual(['ID_PROOF', 'ADDRESS_PROOF']);
  });
});

const FILE = '6f1c7a4e-2b1d-4c8e-9a57-0d3b5e2f8a11';
const OTHER = '0b9e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('editKycDocInputSchema', () => {
  it('takes one proof or both, each once, with the status SUBMITTED or none', () => {
    expect(editKycDocInputSchema.safeParse({ documents: [{ fileId: FILE, type: 'ID_PROOF', name: 'passport', status: 'SUBMITTED' }] }).success).toBe(true);
    expect(
      editKycDocInputSchema.safeParse({
        documents: [
          { fileId: FILE, type: 'ID_PROOF', name: 'passport' },
          { fileId: OTHER, type: 'ADDRESS_PROOF', name: 'utilityBill' },
        ],
      }).success,
    ).toBe(true);
  });
  it('refuses each bad input with its sentence', () => {
    expect(message(editKycDocInputSchema.safeParse({ documents: [] }))).toBe(ACCOUNT_MESSAGES.documentsRequired);
    expect(message(editKycDocInputSchema.safeParse({ documents: [{ fileId: FILE, type: 'ID_PROOF', name: 'utilityBill' }] }))).toBe('Id proof type is required');
    expect(message(editKycDocInputSchema.safeParse({ documents: [{ fileId: FILE, type: 'ADDRESS_PROOF', name: '' }] }))).toBe('Address proof type is required');
    expect(message(editKycDocInputSchema.safeParse({ documents: [{ fileId: FILE, type: 'ID_PROOF', name: 'passport', status: 'REJECTED' }] }))).toBe(
      ACCOUNT_MESSAGES.statusSubmitted,
    );
    const twice = { documents: [{ fileId: FILE, type: 'ID_PROOF', name: 'passport' }, { fileId: OTHER, type: 'ID_PROOF', name: 'passport' }] };
    expect(message(editKycDocInputSchema.safeParse(twice))).toBe('One Id Proof is required');
  });
});

describe('updateMyProfileInputSchema and verifyMobileNoInputSchema', () => {
  const valid = {
    firstName: 'Thérèse',
    lastName: "D'Auvergne-Joseph",
    gender: 'female',
    primaryContactNo: '+1 767 555 0101',
    occupation: 'Fisher',
    address: { addressLine1: '1 Bay Street', city: 'St. Joseph', country: 'dm' },
    email: 'ann@fhp.example',
  };
  it('accepts names as people write them and an optional photo id', () => {
    expect(updateMyProfileInputSchema.safeParse(valid).success).toBe(true);
    expect(updateMyProfileInputSchema.safeParse({ ...valid, imageFileId: FILE }).success).toBe(true);
    expect(message(updateMyProfileInputSchema.safeParse({ ...valid, imageFileId: 'x' }))).toBe(ACCOUNT_MESSAGES.imageInvalid);
    expect(message(updateMyProfileInputSchema.safeParse({ ...valid, address: { ...valid.address, city: '' } }))).toBe('City is required');
  });
  it('wants six digits', () => {
    expect(verifyMobileNoInputSchema.safeParse({ otp: ' 123456 ' }).data).toEqual({ otp: '123456' });
    expect(message(verifyMobileNoInputSchema.safeParse({ otp: '12345' }))).toBe(ACCOUNT_MESSAGES.otpRequired);
  });
});
