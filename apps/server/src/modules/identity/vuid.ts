import { randomInt } from 'node:crypto';

/** Crockford base32 without I, L, O, U: read aloud over the phone without confusion. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A short public account id ("FHP-7Q2M9K4D"): 40 random bits, so guessing one is hopeless and a
 * clash (refused by the unique index) is negligible among island-sized customer numbers.
 */
export function newVuid(): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return `FHP-${id}`;
}
