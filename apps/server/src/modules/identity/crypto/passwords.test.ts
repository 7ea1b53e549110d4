import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_HASH, DUMMY_HASH_LOW_FOR_TESTS, hashPassword, needsRehash, usePasswordHashCost, verifyPassword } from './passwords';

/** Replaces field `index` of an encoded hash (0 = scheme ... 5 = hash). */
function withField(encoded: string, index: number, value: string): string {
  const fields = encoded.split('$');
  fields[index] = value;
  return fields.join('$');
}

describe('passwords', () => {
  // Server test files share a process (vitest.config.ts): an earlier file's app may have left the low test cost set.
  beforeAll(() => usePasswordHashCost('real'));

  it('hashes to the scrypt$N$r$p$salt$hash form with a fresh 16-byte salt each time', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(first.split('$')[4] ?? '', 'base64')).toHaveLength(16);
    expect(first).not.toBe(second);
    expect(first).not.toContain('horse');
  });

  it('accepts the right password and rejects a wrong one', async () => {
    const encoded = await hashPassword('S3cret-password');
    expect(await verifyPassword('S3cret-password', encoded)).toBe(true);
    expect(await verifyPassword('S3cret-passworD', encoded)).toBe(false);
    expect(await verifyPassword('', encoded)).toBe(false);
  });

  it('treats the same text in another Unicode form as the same password', async () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('rejects a tampered hash, salt or cost', async () => {
    const encoded = await hashPassword('S3cret-password');
    const hash = encoded.split('$')[5] ?? '';
    const salt = encoded.split('$')[4] ?? '';
    const flip = (text: string) => (text[3] === 'A' ? 'B' : 'A');
    expect(await verifyPassword('S3cret-password', withField(encoded, 5, hash.slice(0, 3) + flip(hash) + hash.slice(4)))).toBe(false);
    expect(await verifyPassword('S3cret-password', withField(encoded, 4, salt.slice(0, 3) + flip(salt) + salt.slice(4)))).toBe(false);
    expect(await verifyPassword('S3cret-password', withField(encoded, 1, '16384'))).toBe(false);
  });

  it('answers false, without throwing, for unreadable stored values', async () => {
    const encoded = await hashPassword('S3cret-password');
    const malformed = [
      '',
      'not a hash',
      encoded.replace('scrypt', 'bcrypt'),
      withField(encoded, 1, '1000'), // N not a power of two
      withField(encoded, 2, '0'),
      withField(encoded, 4, '!!!'),
      `${encoded}$extra`,
    ];
    for (const stored of malformed) {
      expect(await verifyPassword('S3cret-password', stored), stored).toBe(false);
    }
  });

  it('refuses a stored cost so high that checking it would exhaust memory', async () => {
    const encoded = await hashPassword('S3cret-password');
    const start = performance.now();
    // 2^30 would need 128 GiB; it must fall back to the dummy instead of trying.
    expect(await verifyPassword('S3cret-password', withField(encoded, 1, String(2 ** 30)))).toBe(false);
    // The bound is on memory, so a huge r cannot stand in for a huge N.
    expect(await verifyPassword('S3cret-password', withField(encoded, 2, '1024'))).toBe(false);
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  it('answers false for an unknown account, after spending a full scrypt run', async () => {
    const encoded = await hashPassword('S3cret-password');
    expect(await verifyPassword('S3cret-password', undefined)).toBe(false);
    expect(await verifyPassword('S3cret-password', null)).toBe(false);
    // The dummy must cost what a real hash costs: the same parameters...
    expect(needsRehash(DUMMY_HASH)).toBe(false);
    // ...and, measured, not an instant answer. The bound is loose (shared CI cores are noisy):
    // skipping scrypt would be thousands of times faster, not merely a few.
    const fastest = async (stored: string | undefined) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await verifyPassword('S3cret-password', stored);
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    const known = await fastest(encoded);
    const unknown = await fastest(undefined);
    expect(unknown).toBeGreaterThan(known * 0.25);
  });

  it('asks for a rehash when the stored cost is not the current one', async () => {
    expect(needsRehash(await hashPassword('S3cret-password'))).toBe(false);
    expect(needsRehash(withField(DUMMY_HASH, 1, '16384'))).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });

  it('hashes at the low test cost only while asked to, and the real cost again after; the low dummy matches it', async () => {
    try {
      usePasswordHashCost('low');
      const cheap = await hashPassword('S3cret-password');
      expect(cheap.split('$').slice(1, 4)).toEqual(['1024', '8', '1']);
      expect(await verifyPassword('S3cret-password', cheap)).toBe(true);
      expect(needsRehash(cheap)).toBe(false);
      expect(needsRehash(DUMMY_HASH_LOW_FOR_TESTS)).toBe(false);
      expect(await verifyPassword('S3cret-password', undefined)).toBe(false);
    } finally {
      usePasswordHashCost('real');
    }
    const real = await hashPassword('S3cret-password');
    expect(real.split('$').slice(1, 4)).toEqual(['32768', '8', '1']);
    expect(needsRehash(DUMMY_HASH)).toBe(false);
  });

  it('refuses to hash an empty password', async () => {
    await expect(hashPassword('')).rejects.toThrow(/empty/);
  });
});
