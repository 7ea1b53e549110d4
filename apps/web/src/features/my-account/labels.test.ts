import { describe, expect, it } from 'vitest';
import { countryLabel, displayKind, documentTypeLabel, genderLabel, proofNameLabel } from './labels';
import { profileFormDefaults, updateProfileInput } from './profileInput';

describe('My Account labels', () => {
  it('names the domain’s values as the forms do', () => {
    expect(proofNameLabel('driverLicense')).toBe("Driver's License");
    expect(proofNameLabel('bankstatement')).toBe('Bank Statement');
    expect(proofNameLabel('somethingNew')).toBe('somethingNew');
    expect(documentTypeLabel('ADDRESS_PROOF')).toBe('Address proof');
    expect(genderLabel('businesses')).toBe('Businesses');
    expect(countryLabel('dm')).toBe('Dominica');
    expect(countryLabel('Grenada')).toBe('Grenada');
  });
  it('shows PDFs as PDFs and png, jpg, jpeg as images (spec part 2 section 5)', () => {
    expect(displayKind('application/pdf')).toBe('pdf');
    expect(['image/png', 'image/jpg', 'image/jpeg'].map(displayKind)).toEqual(['image', 'image', 'image']);
    expect(displayKind('text/html')).toBe('other');
  });
});

describe('profile form values', () => {
  const profile = {
    firstName: 'Ann',
    lastName: null,
    gender: 'female',
    primaryContactNo: '+1 767 555 0101',
    occupation: 'Nurse',
    email: 'ann@fhp.example',
    address: { addressLine1: '1 Bay Street', city: 'Roseau', country: 'dm' },
  } as Parameters<typeof profileFormDefaults>[0];

  it('starts from the profile, empty where it has nothing', () => {
    expect(profileFormDefaults(profile)).toEqual({
      firstName: 'Ann',
      lastName: '',
      gender: 'female',
      primaryContactNo: '+1 767 555 0101',
      streetAddress: '1 Bay Street',
      city: 'Roseau',
      country: 'dm',
      occupation: 'Nurse',
      email: 'ann@fhp.example',
    });
  });
  it('sends the address as the profile keeps it, and the photo only when one was uploaded', () => {
    const values = { ...profileFormDefaults(profile), lastName: 'Lee', gender: 'female' as const, image: undefined };
    expect(updateProfileInput(values, null)).not.toHaveProperty('imageFileId');
    expect(updateProfileInput(values, 'f1')).toMatchObject({ address: { addressLine1: '1 Bay Street', city: 'Roseau', country: 'dm' }, imageFileId: 'f1' });
  });
});
