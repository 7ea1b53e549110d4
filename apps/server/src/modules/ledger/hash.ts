import { createHash, createHmac } from 'node:crypto';
import type { Sha256Hex } from '@fhp/domain';

/** The domain's chain rules take their hash function from here on the server. */
export const sha256Hex: Sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A holder's account id on the ledger: `0x` and 40 hex digits of HMAC-SHA256(key, user id).
 * Stable for a user, unlinkable to the person without the key, and no personal data.
 */
export function ledgerAccountOf(key: string, userId: string): string {
  return `0x${createHmac('sha256', key).update(`holder:${userId}`, 'utf8').digest('hex').slice(0, 40)}`;
}
