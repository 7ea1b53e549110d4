import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Account numbers at rest (product-decisions "Roles at work": encrypted, key from the
 * environment). AES-256-GCM with a fresh 12-byte nonce per value; the key is SHA-256 of
 * BANK_ACCOUNT_KEY. Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url), so a later key or
 * scheme can sit beside this one. A tampered value fails to open instead of reading wrong.
 */
export interface AccountCipher {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createAccountCipher(secret: string): AccountCipher {
  const key = createHash('sha256').update(secret, 'utf8').digest();
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('Unknown account number format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
