import { describe, expect, it } from 'vitest';
import { createAccountCipher } from './account-cipher';

describe('account numbers at rest', () => {
  const cipher = createAccountCipher('test-bank-key-0123456789abcdef0123456789ab');
  it('seals with a fresh nonce each time and opens to the same number', () => {
    const a = cipher.seal('1002003004');
    const b = cipher.seal('1002003004');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1002003004');
    expect(cipher.open(a)).toBe('1002003004');
  });
  it('refuses a tampered value and another key', () => {
    const sealed = cipher.seal('1002003004');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('9999999999').toString('base64url');
    expect(() => cipher.open(parts.join('.'))).toThrow();
    expect(() => createAccountCipher('another-key-0123456789abcdef0123456789ab').open(sealed)).toThrow();
  });
});
