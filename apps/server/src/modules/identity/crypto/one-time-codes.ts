import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Six-digit one-time codes (sign-in second factor, email verification).
 *
 * A code has only a million values, so a plain hash in the database could be reversed by trying
 * them all in a second. The stored value is an HMAC keyed with a server-side pepper instead: a
 * leaked table alone reveals nothing. Lifetime, attempt counting and send rate limits belong to
 * the identity service; this file only makes, hashes and compares codes.
 */

export const CODE_LENGTH = 6;
const CODE_SPACE = 10 ** CODE_LENGTH;

/** HMAC-SHA256 keys shorter than this are almost certainly a configuration mistake. */
const MIN_PEPPER_BYTES = 16;

/** Pepper as configured: a string (e.g. from the environment) or raw bytes. */
export type Pepper = string | Uint8Array;

/** Uniform over 000000..999999; randomInt draws from the CSPRNG without modulo bias. */
export function generateCode(): string {
  return randomInt(0, CODE_SPACE).toString().padStart(CODE_LENGTH, '0');
}

function pepperBytes(pepper: Pepper): Buffer {
  const bytes = typeof pepper === 'string' ? Buffer.from(pepper, 'utf8') : Buffer.from(pepper);
  if (bytes.length < MIN_PEPPER_BYTES) {
    throw new Error(`The one-time code pepper must be at least ${MIN_PEPPER_BYTES} bytes long`);
  }
  return bytes;
}

/**
 * People paste codes with spaces ("123 456") or a trailing newline; the code is the digits.
 * Anything else (letters, too few digits) is left as is and simply will not match.
 */
function normalizeCode(code: string): string {
  return code.replace(/\s+/g, '');
}

function digest(code: string, pepper: Pepper): Buffer {
  return createHmac('sha256', pepperBytes(pepper)).update(normalizeCode(code), 'utf8').digest();
}

/** Stored form: base64url of HMAC-SHA256(pepper, code), 43 characters. */
export function hashCode(code: string, pepper: Pepper): string {
  return digest(code, pepper).toString('base64url');
}

/**
 * The number a phone code was texted to, stored keyed like the code so the table holds no phone
 * numbers: the digits and a leading +, so "+1 767 555 0101" and "+17675550101" are one number.
 */
export function hashPhone(phone: string, pepper: Pepper): string {
  return createHmac('sha256', pepperBytes(pepper)).update(`phone:${phone.replace(/[^\d+]/g, '')}`, 'utf8').digest('base64url');
}

/** Compares an entered code with a stored hash without leaking, through timing, how much matched. */
export function codesMatch(code: string, storedHash: string, pepper: Pepper): boolean {
  const candidate = digest(code, pepper);
  const stored = Buffer.from(storedHash, 'base64url');
  // Lengths differ only for a corrupt stored value; timingSafeEqual would throw on it.
  return stored.length === candidate.length && timingSafeEqual(candidate, stored);
}
