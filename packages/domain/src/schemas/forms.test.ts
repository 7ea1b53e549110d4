import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_UPLOAD_BYTES, proofFileSchema } from './files';
import { emailFormSchema, kycBeneficiarySchema, kycFormSchema, profileFormSchema, termsFormSchema } from './forms';
import { COMMON_MESSAGES, KYC_MESSAGES, PROFILE_MESSAGES, TERMS_MESSAGES } from './messages';

/** The message zod reports for one field of an object schema. */
function messageFor(schema: z.ZodType, value: Record<string, unknown>, field: string): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
}

const pdf = { name: 'passport.pdf', size: 1024, type: 'application/pdf' };

const validKyc = {
  firstName: 'Ann Marie',
  lastName: 'Joseph',
  gender: 'female',
  idProofType: 'passport',
  idProof: [pdf],
  streetAddress: '12 Church Street',
  city: "St. George's",
  country: 'gd',
  email: 'Ann@Example.com ',
  telephone: '+1 473 555 0101',
  addressProofType: 'utilityBill',
  addressProof: [{ name: 'bill.png', size: 2048, type: 'image/png' }],
  occupation: 'Fisher',
  beneficiaryFirstName: 'Paul',
  beneficiaryLastName: 'Joseph',
  beneficiaryStreetAddress: '12 Church Street',
  beneficiaryCity: 'Roseau',
  beneficiaryCountry: 'dm',
  beneficiaryEmail: 'paul@example.com',
  beneficiaryTelephone: '4735550102',
};

describe('emailFormSchema', () => {
  it('requires a valid email', () => {
    expect(emailFormSchema.parse({ email: ' Ann@Example.com ' })).toEqual({ email: 'ann@example.com' });
    expect(messageFor(emailFormSchema, {}, 'email')).toBe('Email is required');
    expect(messageFor(emailFormSchema, { email: '  ' }, 'email')).toBe('Email is required');
    expect(messageFor(emailFormSchema, { email: 'ann@' }, 'email')).toBe('Please enter a valid email address');
  });
});

describe('kycFormSchema', () => {
  it('accepts a complete form and keeps file objects as given', () => {
    const parsed = kycFormSchema.parse(validKyc);
    expect(parsed.email).toBe('ann@example.com');
    expect(parsed.idProof[0]).toBe(pdf);
  });

  it.each([
    ['firstName', KYC_MESSAGES.firstNameRequired, 'First Name is required'],
    ['lastName', KYC_MESSAGES.lastNameRequired, 'Last Name is required'],
    ['gender', KYC_MESSAGES.genderRequired, 'Gender is required'],
    ['idProofType', KYC_MESSAGES.idProofTypeRequired, 'Id proof type is required'],
    ['idProof', COMMON_MESSAGES.proofFileRequired, 'One Id Proof is required'],
    ['streetAddress', KYC_MESSAGES.streetAddressRequired, 'Street Address is required'],
    ['city', KYC_MESSAGES.cityRequired, 'City is Required'],
    ['country', KYC_MESSAGES.countryRequired, 'Country is required'],
    ['email', COMMON_MESSAGES.emailRequired, 'Email is required'],
    ['telephone', COMMON_MESSAGES.phoneRequired, 'Phone Number is required'],
    ['addressProofType', KYC_MESSAGES.addressProofTypeRequired, 'Address proof type is required'],
    ['addressProof', COMMON_MESSAGES.proofFileRequired, 'One Id Proof is required'],
    ['occupation', KYC_MESSAGES.occupationRequired, 'Occupation is required'],
    ['beneficiaryFirstName', KYC_MESSAGES.beneficiaryFirstNameRequired, 'Enter Valid Beneficiary First Name'],
    ['beneficiaryLastName', KYC_MESSAGES.beneficiaryLastNameRequired, 'Enter Valid Beneficiary Last Name'],
    ['beneficiaryStreetAddress', KYC_MESSAGES.beneficiaryStreetAddressRequired, 'Beneficiary Street Address is required'],
    ['beneficiaryCity', KYC_MESSAGES.beneficiaryCityRequired, 'Enter Valid Beneficiary City'],
    ['beneficiaryCountry', KYC_MESSAGES.beneficiaryCountryRequired, 'Beneficiary Country is required'],
    ['beneficiaryEmail', KYC_MESSAGES.beneficiaryEmailRequired, 'Beneficiary Email is required'],
    ['beneficiaryTelephone', COMMON_MESSAGES.phoneRequired, 'Phone Number is required'],
  ])('%s missing: %s', (field, constant, text) => {
    expect(constant).toBe(text);
    const { [field]: _omitted, ...rest } = validKyc as Record<string, unknown>;
    expect(messageFor(kycFormSchema, rest, field)).toBe(text);
    expect(messageFor(kycFormSchema, { ...validKyc, [field]: '' }, field)).toBe(text);
  });

  it.each([
    ['firstName', 'Ann3', 'FirstName Should contain only alpha values'],
    ['lastName', 'Jo+seph', 'Last Name Should contain only alpha values'],
    ['occupation', 'Fisher/Farmer', 'Occupation Should contain only alpha values'],
    ['city', 'Roseau 2', 'City Should contain only alpha values'],
    ['beneficiaryCity', 'Roseau#', 'City Should contain only alpha values'],
    ['beneficiaryFirstName', 'P4ul', 'Beneficiary First Name Should contain only alpha characters'],
    ['beneficiaryLastName', 'J_', 'Beneficiary Last Name Should contain only alpha values'],
    ['telephone', '1234567', 'Minimum length of Phone Number should be 8'],
    ['beneficiaryTelephone', '555', 'Minimum length of Phone Number should be 8'],
    ['telephone', '555-CALL-NOW', COMMON_MESSAGES.phoneDigits],
    ['email', 'ann.example.com', 'Please enter a valid email address'],
    ['beneficiaryEmail', 'paul@', 'Please enter a valid email address'],
    ['gender', 'other', 'Gender is required'],
    ['idProofType', 'library card', 'Id proof type is required'],
    ['addressProofType', 'letter', 'Address proof type is required'],
  ])('%s = %o: %s', (field, value, text) => {
    expect(messageFor(kycFormSchema, { ...validKyc, [field]: value }, field)).toBe(text);
  });

  it('accepts accented cities, apostrophes, periods and hyphens', () => {
    for (const city of ['Grand-Bay', 'Saint-Étienne', "St. George's", 'Sauteurs']) {
      expect(messageFor(kycFormSchema, { ...validKyc, city }, 'city')).toBeUndefined();
    }
  });

  it('lets a form leave beneficiary fields out', () => {
    const withoutEmail = kycFormSchema.omit({ beneficiaryEmail: true });
    const { beneficiaryEmail: _omitted, ...rest } = validKyc;
    expect(withoutEmail.safeParse(rest).success).toBe(true);
    expect(Object.keys(kycBeneficiarySchema.shape)).toHaveLength(7);
  });
});

describe('text length limits', () => {
  const long = (n: number, char = 'a') => char.repeat(n);

  it.each([
    ['firstName', 100, 'First Name must be at most 100 characters'],
    ['lastName', 100, 'Last Name must be at most 100 characters'],
    ['occupation', 100, 'Occupation must be at most 100 characters'],
    ['streetAddress', 200, 'Street Address must be at most 200 characters'],
    ['city', 200, 'City must be at most 200 characters'],
    ['beneficiaryFirstName', 100, 'Beneficiary First Name must be at most 100 characters'],
    ['beneficiaryStreetAddress', 200, 'Beneficiary Street Address must be at most 200 characters'],
  ])('%s accepts %i characters and says so at one more', (field, max, message) => {
    expect(messageFor(kycFormSchema, { ...validKyc, [field]: long(max) }, field)).toBeUndefined();
    expect(messageFor(kycFormSchema, { ...validKyc, [field]: long(max + 1) }, field)).toBe(message);
  });

  it('counts after trimming', () => {
    expect(messageFor(kycFormSchema, { ...validKyc, firstName: `  ${long(100)}  ` }, 'firstName')).toBeUndefined();
  });

  it('limits email to 254 and phone to 20 characters', () => {
    const email254 = `${long(64)}@${long(63)}.${long(63)}.${long(61)}`;
    expect(email254).toHaveLength(254);
    expect(messageFor(kycFormSchema, { ...validKyc, email: email254 }, 'email')).toBeUndefined();
    expect(messageFor(kycFormSchema, { ...validKyc, email: `b${email254}` }, 'email')).toBe('Email must be at most 254 characters');
    expect(messageFor(kycFormSchema, { ...validKyc, telephone: long(20, '1') }, 'telephone')).toBeUndefined();
    expect(messageFor(kycFormSchema, { ...validKyc, telephone: long(21, '1') }, 'telephone')).toBe('Phone Number must be at most 20 characters');
  });

  it('applies to the profile form and the KYC submission input too', () => {
    const profile = profileFormSchema.safeParse({ firstName: long(101) });
    expect(profile.success).toBe(false);
    expect(profile.error?.issues.find((issue) => issue.path[0] === 'firstName')?.message).toBe('First Name must be at most 100 characters');
  });
});

describe('proofFileSchema', () => {
  const message = (value: unknown) => {
    const parsed = proofFileSchema.safeParse(value);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it('takes exactly one png, pdf, jpeg or jpg of at most 20,000,000 bytes', () => {
    for (const type of ['image/png', 'application/pdf', 'image/jpeg', 'image/jpg']) {
      expect(message([{ ...pdf, type }])).toBeUndefined();
    }
    expect(message([{ ...pdf, size: MAX_UPLOAD_BYTES }])).toBeUndefined();
    expect(MAX_UPLOAD_BYTES).toBe(20_000_000);
  });

  it('accepts a FileList-like object', () => {
    expect(proofFileSchema.safeParse({ length: 1, 0: pdf }).success).toBe(true);
  });

  it('says "One Id Proof is required" for none or several files', () => {
    for (const value of [undefined, [], [pdf, pdf], ['not a file']]) {
      expect(message(value)).toBe('One Id Proof is required');
    }
  });

  it('explains a wrong type or size', () => {
    expect(message([{ ...pdf, type: 'image/gif' }])).toBe(COMMON_MESSAGES.proofFileType);
    expect(message([{ ...pdf, size: MAX_UPLOAD_BYTES + 1 }])).toBe(COMMON_MESSAGES.proofFileSize);
  });
});

describe('termsFormSchema', () => {
  const valid = { pep: 'pepNo', drugTrafficking: true, terrorismFinancing: true, moneyLaundering: true, fraud: true, otherCrimes: true, declare: true };

  it('accepts a completed form', () => {
    expect(termsFormSchema.parse(valid)).toEqual(valid);
    expect(termsFormSchema.parse({ ...valid, pep: 'pepYes' }).pep).toBe('pepYes');
  });

  it('asks for a PEP answer', () => {
    expect(TERMS_MESSAGES.pepRequired).toBe('Please select one of the option');
    expect(messageFor(termsFormSchema, { ...valid, pep: undefined }, 'pep')).toBe('Please select one of the option');
    expect(messageFor(termsFormSchema, { ...valid, pep: 'maybe' }, 'pep')).toBe('Please select one of the option');
  });

  it.each(['drugTrafficking', 'terrorismFinancing', 'moneyLaundering', 'fraud', 'otherCrimes', 'declare'])('%s must be checked', (field) => {
    expect(messageFor(termsFormSchema, { ...valid, [field]: false }, field)).toBe('Please check this box if you want to proceed');
    expect(messageFor(termsFormSchema, { ...valid, [field]: undefined }, field)).toBe(TERMS_MESSAGES.checkboxRequired);
  });
});

describe('profileFormSchema', () => {
  const valid = {
    firstName: 'Ann',
    lastName: 'Joseph',
    gender: 'businesses',
    primaryContactNo: '4735550101',
    streetAddress: '12 Church Street',
    city: 'Roseau',
    country: 'dm',
    occupation: 'Teacher',
    email: 'ann@example.com',
  };

  it('accepts a profile with or without a photo', () => {
    expect(profileFormSchema.safeParse(valid).success).toBe(true);
    expect(profileFormSchema.safeParse({ ...valid, image: [{ name: 'me.jpg', size: 10, type: 'image/jpeg' }] }).success).toBe(true);
  });

  it.each([
    ['firstName', PROFILE_MESSAGES.firstNameRequired, 'First Name is required'],
    ['lastName', PROFILE_MESSAGES.lastNameRequired, 'Last Name is required'],
    ['gender', PROFILE_MESSAGES.genderRequired, 'Gender is required'],
    ['primaryContactNo', PROFILE_MESSAGES.phoneRequired, 'Phone Number is required'],
    ['streetAddress', PROFILE_MESSAGES.streetAddressRequired, 'Street Address is required'],
    ['city', PROFILE_MESSAGES.cityRequired, 'City is required'],
    ['country', PROFILE_MESSAGES.countryRequired, 'Country is required'],
    ['occupation', PROFILE_MESSAGES.occupationRequired, 'Occupation is required'],
    ['email', COMMON_MESSAGES.emailRequired, 'Email is required'],
  ])('%s missing: %s', (field, constant, text) => {
    expect(constant).toBe(text);
    expect(messageFor(profileFormSchema, { ...valid, [field]: '' }, field)).toBe(text);
  });

  it('checks phone length, email format and the photo', () => {
    expect(messageFor(profileFormSchema, { ...valid, primaryContactNo: '12345' }, 'primaryContactNo')).toBe(
      'Minimum length of Phone Number should be 8',
    );
    expect(messageFor(profileFormSchema, { ...valid, email: 'nope' }, 'email')).toBe('Please enter a valid email address');
    const photo = { name: 'me.png', size: 10, type: 'image/png' };
    expect(messageFor(profileFormSchema, { ...valid, image: [photo, photo] }, 'image')).toBe(PROFILE_MESSAGES.imageOneFile);
    expect(messageFor(profileFormSchema, { ...valid, image: [{ ...photo, type: 'application/pdf' }] }, 'image')).toBe(
      PROFILE_MESSAGES.imageType,
    );
  });
});
