import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { inviteBodySchema } from '../identity/schemas';
import { beneficiaryDetailSchema } from '../policy/purchase';
import { NAME_PATTERN } from './fields';
import { kycBeneficiarySchema, kycHolderSchema, profileFormSchema } from './forms';
import { submitKycDetailsInputSchema } from './kyc-submit';
import { COMMON_MESSAGES, KYC_MESSAGES } from './messages';

/*
 * Names as people write them (product decisions, "Names"; issue 9): every field where a name,
 * an occupation or a city is typed accepts letters of any alphabet with accents, apostrophes,
 * hyphens, periods and spaces, and refuses digits, other symbols and punctuation that is not part
 * of a name, with the spec's messages.
 */

/** Letters from several alphabets, precomposed and as a base letter plus a combining accent. */
const LETTERS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'éèêëàâçîïôûüÉÈÀÇÑñøåæœßŁłŚśŻźĞğŞşİıĐđ',
  ...'ễệạảốờứựỳ', // Vietnamese
  ...'ΑλέξηςΔημήτρης', // Greek
  ...'АлександрОльга', // Cyrillic
  ...'محمدفاطمة', // Arabic
  ...'王李张', // Han
  'e\u0301', // e + combining acute
  'n\u0303', // n + combining tilde
  'देव', // Devanagari (vowel signs are combining marks)
];
const JOINERS = [' ', '-', "'", '\u2019', '.', '. '];

const word = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
/** A name as people write them: words joined by one joiner each, maybe closed by a period. */
const name = fc
  .tuple(word, fc.array(fc.tuple(fc.constantFrom(...JOINERS), word), { maxLength: 3 }), fc.boolean())
  .map(([first, rest, period]) => first + rest.map(([join, next]) => join + next).join('') + (period ? '.' : ''));
/** Characters no name contains: digits and symbols. */
const forbidden = fc.constantFrom(...'0123456789@#$%&*+=/\\|_!?;:,()[]{}<>"~^`€£¥§©®™•');

function messageOf(schema: z.ZodType, value: unknown, path: readonly PropertyKey[]): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((issue) => issue.path.length === path.length && issue.path.every((key, i) => key === path[i]))
    ?.message;
}

const kycHolder = {
  firstName: 'Ann',
  lastName: 'Joseph',
  gender: 'female',
  streetAddress: '12 Church Street',
  city: 'Roseau',
  country: 'dm',
  email: 'ann@example.com',
  telephone: '+1 767 555 0101',
  occupation: 'Fisher',
};
const beneficiary = {
  beneficiaryFirstName: 'Paul',
  beneficiaryLastName: 'Joseph',
  beneficiaryStreetAddress: '12 Church Street',
  beneficiaryCity: 'Roseau',
  beneficiaryCountry: 'dm',
  beneficiaryEmail: 'paul@example.com',
  beneficiaryTelephone: '4735550102',
};
const profile = {
  firstName: 'Ann',
  lastName: 'Joseph',
  gender: 'female',
  primaryContactNo: '+1 767 555 0101',
  streetAddress: '12 Church Street',
  city: 'Roseau',
  country: 'dm',
  occupation: 'Fisher',
  email: 'ann@example.com',
};
const kycSubmit = {
  gender: 'female',
  firstName: 'Ann',
  lastName: 'Joseph',
  occupation: 'Fisher',
  primaryContactNo: '+1 767 555 0101',
  address: { addressLine1: '12 Church Street', city: 'Roseau', country: 'dm' },
  documents: [],
};
const purchaseBeneficiary = {
  firstName: 'Paul',
  lastName: 'Joseph',
  email: 'paul@example.com',
  mobileNo: '4735550102',
  address: { addressLine1: '12 Church Street', city: 'Roseau', country: 'dm' },
};
const invite = { email: 'new.admin@example.com', firstName: 'Ann', lastName: 'Joseph', role: { name: 'admin' } };

interface NameField {
  where: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  path: readonly string[];
  message: string;
}

/** Every place a name, occupation or city is typed, with the spec's pattern message for it. */
const FIELDS: NameField[] = [
  { where: 'KYC first name', schema: kycHolderSchema, valid: kycHolder, path: ['firstName'], message: KYC_MESSAGES.firstNameAlpha },
  { where: 'KYC last name', schema: kycHolderSchema, valid: kycHolder, path: ['lastName'], message: KYC_MESSAGES.lastNameAlpha },
  { where: 'KYC occupation', schema: kycHolderSchema, valid: kycHolder, path: ['occupation'], message: KYC_MESSAGES.occupationAlpha },
  { where: 'KYC city', schema: kycHolderSchema, valid: kycHolder, path: ['city'], message: COMMON_MESSAGES.cityAlpha },
  { where: 'beneficiary first name', schema: kycBeneficiarySchema, valid: beneficiary, path: ['beneficiaryFirstName'], message: KYC_MESSAGES.beneficiaryFirstNameAlpha },
  { where: 'beneficiary last name', schema: kycBeneficiarySchema, valid: beneficiary, path: ['beneficiaryLastName'], message: KYC_MESSAGES.beneficiaryLastNameAlpha },
  { where: 'beneficiary city', schema: kycBeneficiarySchema, valid: beneficiary, path: ['beneficiaryCity'], message: COMMON_MESSAGES.cityAlpha },
  { where: 'profile first name', schema: profileFormSchema, valid: profile, path: ['firstName'], message: KYC_MESSAGES.firstNameAlpha },
  { where: 'profile last name', schema: profileFormSchema, valid: profile, path: ['lastName'], message: KYC_MESSAGES.lastNameAlpha },
  { where: 'profile occupation', schema: profileFormSchema, valid: profile, path: ['occupation'], message: KYC_MESSAGES.occupationAlpha },
  { where: 'SubmitKYCDetails first name', schema: submitKycDetailsInputSchema, valid: kycSubmit, path: ['firstName'], message: KYC_MESSAGES.firstNameAlpha },
  { where: 'SubmitKYCDetails occupation', schema: submitKycDetailsInputSchema, valid: kycSubmit, path: ['occupation'], message: KYC_MESSAGES.occupationAlpha },
  { where: 'SubmitKYCDetails city', schema: submitKycDetailsInputSchema, valid: kycSubmit, path: ['address', 'city'], message: COMMON_MESSAGES.cityAlpha },
  { where: 'PurchasePolicy beneficiary first name', schema: beneficiaryDetailSchema, valid: purchaseBeneficiary, path: ['firstName'], message: KYC_MESSAGES.beneficiaryFirstNameAlpha },
  { where: 'PurchasePolicy beneficiary last name', schema: beneficiaryDetailSchema, valid: purchaseBeneficiary, path: ['lastName'], message: KYC_MESSAGES.beneficiaryLastNameAlpha },
  { where: 'invitation first name', schema: inviteBodySchema, valid: invite, path: ['firstName'], message: KYC_MESSAGES.firstNameAlpha },
  { where: 'invitation last name', schema: inviteBodySchema, valid: invite, path: ['lastName'], message: KYC_MESSAGES.lastNameAlpha },
];

function withValue(valid: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  return { ...valid, [head]: rest.length === 0 ? value : withValue(valid[head] as Record<string, unknown>, rest, value) };
}

function valueAt(parsed: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], parsed);
}

describe('names as people write them', () => {
  it.each(FIELDS)('$where: accepts the names of Dominica and Grenada and of other alphabets', ({ schema, valid, path }) => {
    for (const accepted of ['Thérèse', "D'Auvergne", 'D’Auvergne', 'Jean-Baptiste', 'St. Louis', "St. George's", 'Łucja', 'Nguyễn', 'Mary Ann', 'J.R.', 'Jr.']) {
      expect(messageOf(schema, withValue(valid, path, accepted), path), accepted).toBeUndefined();
    }
  });

  it.each(FIELDS)('$where: refuses digits, symbols and punctuation alone with the spec message', ({ schema, valid, path, message }) => {
    for (const refused of ['Ann3', 'J0seph', 'Ann@', 'Ann & Paul', 'Fisher/Farmer', '--', "''", '.', '-Ann', 'Ann-', "Ann'", "O''Brien", 'Ann--Marie', '-', '😀']) {
      expect(messageOf(schema, withValue(valid, path, refused), path), refused).toBe(message);
    }
  });

  it.each(FIELDS)('$where: stores the name trimmed, composed and with single spaces', ({ schema, valid, path }) => {
    const parsed = schema.parse(withValue(valid, path, '  The\u0301re\u0300se   Marie\u00a0Pierre  '));
    expect(valueAt(parsed, path)).toBe('Thérèse Marie Pierre');
  });

  it('accepts every name made of letters of any alphabet joined by spaces, hyphens, apostrophes and periods', () => {
    fc.assert(
      fc.property(name, (value) => {
        expect(NAME_PATTERN.test(value.normalize('NFC'))).toBe(true);
        for (const { schema, valid, path } of FIELDS) expect(messageOf(schema, withValue(valid, path, value), path)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('refuses any name with a digit or another symbol anywhere in it', () => {
    fc.assert(
      fc.property(name, forbidden, fc.nat(), (value, symbol, at) => {
        const index = at % (value.length + 1);
        const tainted = value.slice(0, index) + symbol + value.slice(index);
        for (const { schema, valid, path, message } of FIELDS) expect(messageOf(schema, withValue(valid, path, tainted), path)).toBe(message);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses text without a letter, and names that start with punctuation or end on a hyphen or apostrophe', () => {
    const punctuation = fc.array(fc.constantFrom('-', "'", '\u2019', '.', ' '), { minLength: 1, maxLength: 6 })
      .map((chars) => chars.join(''))
      .filter((text) => text.trim() !== '');
    fc.assert(
      fc.property(punctuation, name, fc.constantFrom('-', "'", '\u2019'), (junk, value, tail) => {
        expect(NAME_PATTERN.test(junk.trim())).toBe(false);
        expect(NAME_PATTERN.test(`${junk.trim()}${value}`)).toBe(false);
        expect(NAME_PATTERN.test(`${value.replace(/\.$/, '')}${tail}`)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the length limits', () => {
    const hundred = 'Thérèse '.repeat(13).slice(0, 100).trim();
    expect(messageOf(kycHolderSchema, withValue(kycHolder, ['firstName'], hundred), ['firstName'])).toBeUndefined();
    expect(messageOf(kycHolderSchema, withValue(kycHolder, ['firstName'], 'a'.repeat(101)), ['firstName'])).toBe('First Name must be at most 100 characters');
  });
});
