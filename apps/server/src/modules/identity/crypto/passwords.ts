import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto (no native add-on to build).
 *
 * Encoded form: `scrypt$N$r$p$<salt base64>$<hash base64>`. The parameters travel with each hash
 * so they can be raised later: old hashes still verify, and `needsRehash` tells the sign-in flow
 * to store a fresh hash once it holds the plain password.
 */

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** About 32 MiB and a few tens of milliseconds per hash: costly to guess, cheap enough to sign in. */
const PRODUCTION: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

/**
 * Tests only (TEST_PASSWORD_HASH_COST=low, which config.ts refuses outside NODE_ENV=test): 1 MiB,
 * about a millisecond. The suites sign in hundreds of times on a 2-core machine; what they test is
 * who may do what, not the cost. The password tests themselves run at the production cost.
 */
const LOW_FOR_TESTS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

export type PasswordHashCost = 'real' | 'low';

/** The parameters new hashes get, and that `needsRehash` compares with. */
let CURRENT: ScryptParams = PRODUCTION;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/**
 * Upper bounds for parameters read back from storage. A hash row is data, and a tampered row with
 * N = 2^30 must not let one sign-in attempt allocate gigabytes or pin a CPU for minutes. Memory
 * (128 * N * r bytes) may be up to four times today's cost, leaving room to raise CURRENT.
 */
const MAX_MEMORY_BYTES = 4 * 128 * PRODUCTION.N * PRODUCTION.r;
const MAX_P = 4;

/**
 * Stands in for the stored hash when no account matches the email, so an unknown email still
 * costs one full scrypt run with the current parameters: response time gives no hint whether
 * an account exists. Its plain text is random and was discarded, so nothing verifies against it.
 * A test checks that it uses CURRENT; regenerate it with `hashPassword` if CURRENT changes.
 */
export const DUMMY_HASH =
  'scrypt$32768$8$1$TceeGVWUVb/SsuANTBebrQ==$0bQW650iRrED0yi6p+xcMJ8XUiK95d9kQSi61FGHqqE=';

/** The dummy at the low test cost, so an unknown email costs what a known one does there too. */
export const DUMMY_HASH_LOW_FOR_TESTS = 
  'scrypt$1024$8$1$fQmJsPSiNnoJk/XzrmmLMw==$fER9WChtTrX6c3OxHWqg3LaVrNpooyQg3v+k1p9VpZg=';

let dummyHash = DUMMY_HASH;

/**
 * Sets the cost of new hashes for this process: 'real' unless the configuration (tests only) asks
 * for 'low'. The identity plugin calls it with the app's configuration; test templates before
 * seeding, so the demo accounts' hashes are cheap to check.
 */
export function usePasswordHashCost(cost: PasswordHashCost): void {
  CURRENT = cost === 'low' ? LOW_FOR_TESTS : PRODUCTION;
  dummyHash = cost === 'low' ? DUMMY_HASH_LOW_FOR_TESTS : DUMMY_HASH;
}

function derive(plain: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 * N * r bytes; Node refuses anything above `maxmem` (32 MiB by default,
    // which is exactly the current cost, so leave headroom).
    maxmem: 256 * params.N * params.r,
  };
  return new Promise((resolve, reject) => {
    // The async form runs on the libuv thread pool, so hashing never blocks the event loop.
    scrypt(normalize(plain), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Unicode has several encodings of the same visible text (é as one code point or e + accent);
 * NFKC makes a password typed on a phone match the one typed on a laptop.
 */
function normalize(plain: string): string {
  return plain.normalize('NFKC');
}

export async function hashPassword(plain: string): Promise<string> {
  if (plain.length === 0) throw new Error('Refusing to hash an empty password');
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, CURRENT, KEY_BYTES);
  return encode(CURRENT, salt, key);
}

function encode(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface Decoded {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function isPositiveIntegerText(text: string): boolean {
  return /^[1-9][0-9]{0,9}$/.test(text);
}

/** Returns undefined for anything malformed or out of bounds, never throws: stored data may be bad. */
function decode(encoded: string): Decoded | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 6) return undefined;
  const [scheme, nText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string];
  if (scheme !== 'scrypt') return undefined;
  if (![nText, rText, pText].every(isPositiveIntegerText)) return undefined;
  const params = { N: Number(nText), r: Number(rText), p: Number(pText) };
  const nIsPowerOfTwo = params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!nIsPowerOfTwo || 128 * params.N * params.r > MAX_MEMORY_BYTES || params.p > MAX_P) return undefined;
  if (!BASE64.test(saltText) || !BASE64.test(keyText)) return undefined;
  const salt = Buffer.from(saltText, 'base64');
  const key = Buffer.from(keyText, 'base64');
  if (salt.length < 8 || key.length < 16 || key.length > 64) return undefined;
  return { params, salt, key };
}

/**
 * Checks a password against a stored hash in constant time.
 *
 * Pass `undefined` or `null` when no account was found: the dummy hash is then checked instead, so
 * the caller cannot forget to spend the same time on the unknown-email path. The answer is then
 * always false.
 */
export async function verifyPassword(plain: string, encoded: string | null | undefined): Promise<boolean> {
  const stored = typeof encoded === 'string' ? decode(encoded) : undefined;
  // A missing account or an unreadable stored hash both fall back to the dummy: same cost, and the
  // answer is false either way.
  const target = stored ?? decode(dummyHash);
  if (target === undefined) return false;
  const candidate = await derive(plain, target.salt, target.params, target.key.length);
  return timingSafeEqual(candidate, target.key) && stored !== undefined;
}

/** True when the hash was made with other parameters than today's (or is unreadable). */
export function needsRehash(encoded: string): boolean {
  const decoded = decode(encoded);
  if (decoded === undefined) return true;
  const { N, r, p } = decoded.params;
  return N !== CURRENT.N || r !== CURRENT.r || p !== CURRENT.p || decoded.key.length !== KEY_BYTES;
}
