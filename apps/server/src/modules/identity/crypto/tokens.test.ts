import { createHmac, generateKeyPairSync } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt, decodeProtectedHeader, importPKCS8, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createQueryTokenVerifier,
  createTokenService,
  generateKeyPairPem,
  TokenVerificationError,
  type KeyPairPem,
  type TokenService,
  type WarnLogger,
} from './tokens';

const settings = { issuer: 'fhp-portal', audience: 'fhp-web', ttlSeconds: 3600 };
const claims = { sub: 'user-1', role: 'purchaser', email: 'ann@example.org' };
const T0 = new Date('2025-06-01T12:00:00Z');

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Expects `verify` to reject with a TokenVerificationError of the given reason (and detail code). */
async function expectRejected(service: TokenService, token: string, reason: 'expired' | 'invalid', detail?: string) {
  const error = await service.verify(token).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TokenVerificationError);
  expect((error as TokenVerificationError).reason).toBe(reason);
  if (detail !== undefined) expect((error as TokenVerificationError).detail).toBe(detail);
}

/** Collects warnings the way a real logger receives them. */
function recordingLogger(): WarnLogger & { entries: { details: Record<string, unknown>; message: string }[] } {
  const entries: { details: Record<string, unknown>; message: string }[] = [];
  return { entries, warn: (details, message) => entries.push({ details, message }) };
}

// Compile-time check: the logger Fastify hands out fits the narrow interface.
const _fastifyLoggerFits = (logger: FastifyBaseLogger): WarnLogger => logger;

describe('token service', () => {
  let keys: KeyPairPem;
  let service: TokenService;
  let clock = T0;

  beforeAll(async () => {
    keys = await generateKeyPairPem();
    service = await createTokenService({ ...keys, ...settings, now: () => clock });
  });

  it('signs an ES256 JWT with exp and iat in seconds, a jti, and verifies it', async () => {
    clock = T0;
    const token = await service.sign(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', typ: 'JWT' });
    const verified = await service.verify(token);
    expect(verified).toMatchObject(claims);
    expect(verified.iat).toBe(T0.getTime() / 1000);
    expect(verified.exp).toBe(T0.getTime() / 1000 + 3600);
    expect(verified.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(decodeJwt(token)).toMatchObject({ iss: 'fhp-portal', aud: 'fhp-web' });
    expect((await service.verify(await service.sign(claims))).jti).not.toBe(verified.jti);
  });

  it('reports an expired token as expired', async () => {
    clock = T0;
    const token = await service.sign(claims);
    clock = new Date(T0.getTime() + 3599_000);
    await expect(service.verify(token)).resolves.toMatchObject(claims);
    clock = new Date(T0.getTime() + 3601_000);
    await expectRejected(service, token, 'expired');
    clock = T0;
  });

  it('rejects a tampered signature and a tampered payload', async () => {
    const [header, payload, signature] = (await service.sign(claims)).split('.') as [string, string, string];
    // Change a character in the middle: the last one may only carry padding bits.
    const middle = Math.floor(signature.length / 2);
    const badSignature = signature.slice(0, middle) + (signature[middle] === 'A' ? 'B' : 'A') + signature.slice(middle + 1);
    await expectRejected(service, `${header}.${payload}.${badSignature}`, 'invalid', 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');

    const promoted = base64url(JSON.stringify({ ...decodeJwt(`${header}.${payload}.${signature}`), role: 'owner' }));
    await expectRejected(service, `${header}.${promoted}.${signature}`, 'invalid', 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
  });

  it('rejects an unsigned alg:none token crafted by hand', async () => {
    const now = Math.floor(T0.getTime() / 1000);
    const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({ ...claims, role: 'owner', iss: settings.issuer, aud: settings.audience, iat: now, exp: now + 60, jti: 'x' }),
    );
    // Refused by the algorithm pin itself, not by some later accident of parsing.
    await expectRejected(service, `${header}.${payload}.`, 'invalid', 'ERR_JOSE_ALG_NOT_ALLOWED');
  });

  it('rejects HS256 signed with the public key as the HMAC secret (algorithm confusion)', async () => {
    const now = Math.floor(T0.getTime() / 1000);
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({ ...claims, iss: settings.issuer, aud: settings.audience, iat: now, exp: now + 60, jti: 'x' }),
    );
    const signature = createHmac('sha256', keys.publicKeyPem).update(`${header}.${payload}`).digest('base64url');
    await expectRejected(service, `${header}.${payload}.${signature}`, 'invalid', 'ERR_JOSE_ALG_NOT_ALLOWED');
  });

  it('rejects a token signed by another key, even with the right issuer and audience', async () => {
    const stranger = await createTokenService({ ...(await generateKeyPairPem()), ...settings, now: () => clock });
    await expectRejected(service, await stranger.sign(claims), 'invalid', 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
  });

  it('reports a forged token as invalid even when it has also expired', async () => {
    const stranger = await createTokenService({ ...(await generateKeyPairPem()), ...settings, now: () => T0 });
    clock = new Date(T0.getTime() + 7200_000);
    await expectRejected(service, await stranger.sign(claims), 'invalid');
    clock = T0;
  });

  it('rejects a token for another audience or from another issuer', async () => {
    const otherAudience = await createTokenService({ ...keys, ...settings, audience: 'another-app', now: () => clock });
    const otherIssuer = await createTokenService({ ...keys, ...settings, issuer: 'someone-else', now: () => clock });
    await expectRejected(service, await otherAudience.sign(claims), 'invalid', 'ERR_JWT_CLAIM_VALIDATION_FAILED');
    await expectRejected(service, await otherIssuer.sign(claims), 'invalid', 'ERR_JWT_CLAIM_VALIDATION_FAILED');
  });

  it('rejects a correctly signed token that lacks the application claims', async () => {
    const now = Math.floor(clock.getTime() / 1000);
    const token = await new SignJWT({ email: claims.email })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuer(settings.issuer)
      .setAudience(settings.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti('jti-1')
      .sign(await importPKCS8(keys.privateKeyPem, 'ES256'));
    await expectRejected(service, token, 'invalid', 'ERR_TOKEN_CLAIMS');
  });

  it('rejects garbage without throwing anything but a TokenVerificationError', async () => {
    for (const garbage of ['', 'abc', 'a.b.c', '...', 'x'.repeat(20_000)]) {
      await expectRejected(service, garbage, 'invalid');
    }
  });
});

describe('token service keys', () => {
  it('generates a key pair when none is configured, and a restart with the saved private key keeps tokens valid', async () => {
    const first = await createTokenService(settings);
    expect(first.generatedKeyPair?.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    expect(first.generatedKeyPair?.publicKeyPem).toBe(first.publicKeyPem);
    const token = await first.sign(claims);

    // Only the private key persisted: the public half is derived from it.
    const restarted = await createTokenService({ privateKeyPem: first.generatedKeyPair?.privateKeyPem, ...settings });
    expect(restarted.generatedKeyPair).toBeUndefined();
    expect(restarted.publicKeyPem).toBe(first.publicKeyPem);
    await expect(restarted.verify(token)).resolves.toMatchObject(claims);
  });

  it('refuses a mismatched pair, a lone public key, a key of another type and a bad lifetime', async () => {
    const a = await generateKeyPairPem();
    const b = await generateKeyPairPem();
    await expect(createTokenService({ privateKeyPem: a.privateKeyPem, publicKeyPem: b.publicKeyPem, ...settings })).rejects.toThrow(
      /does not belong/,
    );
    await expect(createTokenService({ publicKeyPem: a.publicKeyPem, ...settings })).rejects.toThrow(/without its private key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(createTokenService({ privateKeyPem: rsa, ...settings })).rejects.toThrow();
    await expect(createTokenService({ ...a, ...settings, ttlSeconds: 0 })).rejects.toThrow(/ttlSeconds/);
  });
});

describe('query-string token', () => {
  let signer: KeyPairPem;
  const ISSUER = 'https://partner.example';
  const AUDIENCE = 'fhp-sign-in-links';

  beforeAll(async () => {
    signer = await generateKeyPairPem();
  });

  const verifierFor = (logger: WarnLogger, signerPublicKeyPem = signer.publicKeyPem) =>
    createQueryTokenVerifier({ signerPublicKeyPem, logger, issuer: ISSUER, audience: AUDIENCE });

  /** Plays the external signer of section 7, which hands the portal a token in a link. */
  async function signedBySigner(privateKeyPem: string, expiresAt: Date, issuedAt = new Date()) {
    return new SignJWT({ email: 'ann@example.org' })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject('user-1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti('link-1')
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(await importPKCS8(privateKeyPem, 'ES256'));
  }

  const inFiveMinutes = () => new Date(Date.now() + 300_000);

  it('trims spaces and line breaks around the token and verifies it', async () => {
    const logger = recordingLogger();
    const token = await signedBySigner(signer.privateKeyPem, inFiveMinutes());
    const payload = await (await verifierFor(logger)).verify(`  ${token} \n`);
    expect(payload).toMatchObject({ sub: 'user-1', email: 'ann@example.org', jti: 'link-1', iss: ISSUER, aud: AUDIENCE });
    expect(logger.entries).toEqual([]);
  });

  it('logs a failed verification without the token and yields null', async () => {
    const logger = recordingLogger();
    const verifier = await verifierFor(logger);
    const stranger = await generateKeyPairPem();
    const forged = await signedBySigner(stranger.privateKeyPem, inFiveMinutes());
    const expired = await signedBySigner(signer.privateKeyPem, new Date(Date.now() - 60_000), new Date(Date.now() - 120_000));

    expect(await verifier.verify(forged)).toBeNull();
    expect(await verifier.verify(` ${expired} `)).toBeNull();
    expect(await verifier.verify('not-a-token')).toBeNull();

    expect(logger.entries.map((entry) => entry.details.reason)).toEqual(['invalid', 'expired', 'invalid']);
    const logged = JSON.stringify(logger.entries);
    for (const token of [forged, expired]) {
      for (const part of token.split('.')) expect(logged).not.toContain(part);
    }
  });

  it('refuses a token meant to live more than ten minutes, however far its expiry still is', async () => {
    const logger = recordingLogger();
    const verifier = await verifierFor(logger);
    expect(await verifier.verify(await signedBySigner(signer.privateKeyPem, new Date(Date.now() + 3600_000)))).toBeNull();
    expect(await verifier.verify(await signedBySigner(signer.privateKeyPem, new Date(Date.now() + 60_000), new Date(Date.now() - 11 * 60_000)))).toBeNull();
    expect(logger.entries.map((entry) => entry.details.detail)).toEqual(['ERR_TOKEN_LIFETIME', 'ERR_JWT_EXPIRED']);
  });

  it('yields null quietly when there is no token, and logs a repeated parameter', async () => {
    const logger = recordingLogger();
    const verifier = await verifierFor(logger);
    expect(await verifier.verify(undefined)).toBeNull();
    expect(await verifier.verify('   ')).toBeNull();
    expect(logger.entries).toEqual([]);
    expect(await verifier.verify(['a', 'b'])).toBeNull();
    expect(logger.entries).toHaveLength(1);
  });

  it('fails at construction, not per request, when the signer key is not an ES256 public key', async () => {
    await expect(verifierFor(recordingLogger(), 'not a key')).rejects.toThrow();
  });
});
