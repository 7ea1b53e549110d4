import { z } from 'zod';
import { COMMON_MESSAGES } from './messages';

/**
 * Field builders shared by the form schemas. Each trims first, so a field of spaces counts as empty
 * and gets the "required" text rather than a pattern error.
 */

/** Letters and spaces (names, occupation). */
export const ALPHA_PATTERN = /^[A-Za-z ]+$/;
/** Letters including accented ones, apostrophe, period, hyphen and space (Saint George's, Roseau). */
export const CITY_PATTERN = /^[\p{L}'. -]+$/u;
/** Digits with the usual separators; the spec only fixes the minimum length. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]+$/;
export const PHONE_MIN_LENGTH = 8;

export function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, required);
}

export function patternText(required: string, pattern: RegExp, patternMessage: string) {
  return requiredText(required).regex(pattern, patternMessage);
}

export function emailField(required: string = COMMON_MESSAGES.emailRequired) {
  return requiredText(required).toLowerCase().pipe(z.email({ error: COMMON_MESSAGES.emailInvalid }));
}

export function phoneField(required: string = COMMON_MESSAGES.phoneRequired) {
  return requiredText(required)
    .min(PHONE_MIN_LENGTH, COMMON_MESSAGES.phoneMinLength)
    .regex(PHONE_PATTERN, COMMON_MESSAGES.phoneDigits);
}

/** A choice among fixed values; a missing or unknown value reads as "required". */
export function choiceField<const T extends readonly [string, ...string[]]>(values: T, required: string) {
  return z.enum(values, { error: required });
}
