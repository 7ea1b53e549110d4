import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codesMatch, generateCode, hashCode } from './one-time-codes';

const pepper = 'a-server-secret-of-sufficient-length';

describe('one-time codes', () => {
  it('always generates exactly six digits, leading zeros kept', () => {
    const codes = Array.from({ length: 5000 }, () => generateCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // Random, not a counter or a constant: nearly all distinct among 5000 draws from a million.
    expect(new Set(codes).size).toBeGreaterThan(4950);
    // About 10% of codes start with 0; a generator that dropped leading zeros would produce none.
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('stores an HMAC that does not reveal the code and depends on the pepper', () => {
    const hash = hashCode('123456', pepper);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('123456');
    expect(hashCode('123456', pepper)).toBe(hash);
    expect(hashCode('123456', `${pepper}-rotated`)).not.toBe(hash);
    expect(hashCode('123456', randomBytes(32))).not.toBe(hash);
  });

  it('matches the right code, also typed with spaces, and nothing else', () => {
    const code = generateCode();
    const hash = hashCode(code, pepper);
    expect(codesMatch(code, hash, pepper)).toBe(true);
    expect(codesMatch(` ${code.slice(0, 3)} ${code.slice(3)}\n`, hash, pepper)).toBe(true);
    const other = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(codesMatch(other, hash, pepper)).toBe(false);
    expect(codesMatch('', hash, pepper)).toBe(false);
    expect(codesMatch(code, hash, `${pepper}-rotated`)).toBe(false);
  });

  it('answers false for a corrupt stored hash instead of throwing', () => {
    expect(codesMatch('123456', 'short', pepper)).toBe(false);
    expect(codesMatch('123456', '', pepper)).toBe(false);
  });

  it('refuses a pepper too short to be a real secret', () => {
    expect(() => hashCode('123456', 'short')).toThrow(/pepper/);
  });
});
