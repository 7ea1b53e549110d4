/*
 * The portal's rule for an email address, without zod: emailSchema (schemas.ts) is built on it, and
 * the sign-in page's first step, prerendered and loaded before any schema library, checks it too.
 */

/** zod's own `z.email()` pattern (zod/v4/core regexes), named so both checks use the same one. */
// eslint-disable-next-line no-useless-escape -- zod's pattern character for character (a test compares them)
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  tooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  invalid: 'Please enter a valid email address',
} as const;

/** An address as the portal keeps it: trimmed and lower-cased (" Ann@Example.com" is ann@example.com). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** What is wrong with a typed address, in emailSchema's words; undefined when it is a valid one. */
export function emailProblem(value: string): string | undefined {
  const email = normalizeEmail(value);
  if (email === '') return EMAIL_MESSAGES.required;
  if (email.length > EMAIL_MAX_LENGTH) return EMAIL_MESSAGES.tooLong;
  return EMAIL_PATTERN.test(email) ? undefined : EMAIL_MESSAGES.invalid;
}
