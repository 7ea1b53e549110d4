import { z } from 'zod';
import { COMMON_MESSAGES } from './messages';

/**
 * Field builders shared by the form schemas. Each trims first, so a field of spaces counts as empty
 * and gets the "required" text rather than a pattern error.
 */

/** One word of a name: a letter of any alphabet, then letters and combining marks (accents). */
const NAME_WORD = String.raw`\p{L}[\p{L}\p{M}]*`;
/** What joins two words: one space, hyphen or apostrophe (typed or typographic), or a period and an optional space. */
const NAME_JOIN = String.raw`(?:\. ?|[ '\u2019\u2010-])`;

/**
 * Names as people write them (product decisions, "Names"): person names, occupations and cities.
 * Words of letters of any alphabet with their accents, joined by a space, hyphen, apostrophe or
 * period, and an optional closing period ("Jr."): Thérèse, D'Auvergne, Jean-Baptiste, St. Louis,
 * St. George's, Łucja and Nguyễn pass. A name starts with a letter and never ends on a hyphen or an
 * apostrophe, and two joiners never touch, so "--", "-Ann" or "O''Brien" are not names; digits and
 * every other symbol are refused.
 */
export const NAME_PATTERN = new RegExp(`^${NAME_WORD}(?:${NAME_JOIN}${NAME_WORD})*\\.?$`, 'u');

/** Digits with the usual separators; the spec only fixes the minimum length. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]+$/;
export const PHONE_MIN_LENGTH = 8;

/** Longest accepted values, in characters after trimming (email: RFC 5321's 254). */
export const MAX_LENGTHS = { name: 100, address: 200, city: 200, country: 100, occupation: 100, email: 254, phone: 20 } as const;

export interface LengthLimit {
  max: number;
  message: string;
}

/** A limit whose message names the field as the form labels it: "City must be at most 200 characters". */
export function lengthLimit(label: string, max: number): LengthLimit {
  return { max, message: `${label} must be at most ${max} characters` };
}

/** The limits of the customer's text fields, shared by the forms and the server's inputs. */
export const TEXT_LIMITS = {
  firstName: lengthLimit('First Name', MAX_LENGTHS.name),
  lastName: lengthLimit('Last Name', MAX_LENGTHS.name),
  beneficiaryFirstName: lengthLimit('Beneficiary First Name', MAX_LENGTHS.name),
  beneficiaryLastName: lengthLimit('Beneficiary Last Name', MAX_LENGTHS.name),
  streetAddress: lengthLimit('Street Address', MAX_LENGTHS.address),
  beneficiaryStreetAddress: lengthLimit('Beneficiary Street Address', MAX_LENGTHS.address),
  city: lengthLimit('City', MAX_LENGTHS.city),
  beneficiaryCity: lengthLimit('Beneficiary City', MAX_LENGTHS.city),
  country: lengthLimit('Country', MAX_LENGTHS.country),
  beneficiaryCountry: lengthLimit('Beneficiary Country', MAX_LENGTHS.country),
  occupation: lengthLimit('Occupation', MAX_LENGTHS.occupation),
  email: lengthLimit('Email', MAX_LENGTHS.email),
  phone: lengthLimit('Phone Number', MAX_LENGTHS.phone),
} as const;

export function requiredText(required: string, limit?: LengthLimit) {
  const text = z.string({ error: required }).trim().min(1, required);
  return limit ? text.max(limit.max, limit.message) : text;
}

/**
 * A name, occupation or city: trimmed, in Unicode's composed form (an accent typed as a separate
 * mark becomes one letter, so the same name is stored the same way), runs of spaces made one, then
 * checked against `NAME_PATTERN`.
 */
export function nameText(required: string, patternMessage: string, limit?: LengthLimit) {
  const text = z
    .string({ error: required })
    .trim()
    .normalize('NFC')
    .overwrite((value) => value.replace(/\s+/gu, ' '))
    .min(1, required);
  return (limit ? text.max(limit.max, limit.message) : text).regex(NAME_PATTERN, patternMessage);
}

export function emailField(required: string = COMMON_MESSAGES.emailRequired) {
  return requiredText(required, TEXT_LIMITS.email).toLowerCase().pipe(z.email({ error: COMMON_MESSAGES.emailInvalid }));
}

export function phoneField(required: string = COMMON_MESSAGES.phoneRequired) {
  return requiredText(required, TEXT_LIMITS.phone)
    .min(PHONE_MIN_LENGTH, COMMON_MESSAGES.phoneMinLength)
    .regex(PHONE_PATTERN, COMMON_MESSAGES.phoneDigits);
}

/** A choice among fixed values; a missing or unknown value reads as "required". */
export function choiceField<const T extends readonly [string, ...string[]]>(values: T, required: string) {
  return z.enum(values, { error: required });
}
