import * as crypto from 'node:crypto';
import type { Sha256Hex } from '@fhp/domain';

const { createHash, createHmac } = crypto;
/** Node 20.12+: a one-shot hash, about twice as fast as a Hash object for short texts (UTF-8 in). */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** The domain's chain rules take their hash function from here on the server. */
export const sha256Hex: Sha256Hex = oneShot
  ? (text) => oneShot('sha256', text, 'hex')
  : (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A holder's account id on the ledger: `0x` and 40 hex digits of HMAC-SHA256(key, user id).
 * Stable for a user, unlinkable to the person without the key, and no personal data.
 */
export function ledgerAccountOf(key: string, userId: string): string {
  return `0x${createHmac('sha256', key).update(`holder:${userId}`, 'utf8').digest('hex').slice(0, 40)}`;
}
