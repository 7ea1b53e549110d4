import { createPublicKey, randomUUID } from 'node:crypto';
import {
  CompactSign,
  compactVerify,
  errors,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWTPayload,
  type JWTVerifyOptions,
} from 'jose';
import { z } from 'zod';

/**
 * Access tokens: compact JWS signed with ES256 (an asymmetric key, as the design asks, so a
 * verifier only ever needs the public half). `exp` and `iat` are NumericDate seconds, which is
 * what the web's session rule multiplies by 1000.
 */

const ALG = 'ES256';

/**
 * Every verification names the one algorithm it accepts. Without this list a token could choose
 * its own: `alg: none` (no signature at all) or HS256 keyed with our *public* key (which anyone
 * can read) would both pass.
 */
const ALLOWED_ALGORITHMS = [ALG];

/** Far above any real token; a megabyte of garbage should be rejected before parsing it. */
const MAX_TOKEN_LENGTH = 8 * 1024;

export interface KeyPairPem {
  /** PKCS#8 PEM; keep secret. */
  privateKeyPem: string;
  /** SPKI PEM; safe to publish. */
  publicKeyPem: string;
}

/**
 * PEM text as a file holds it: no stray whitespace, one final newline. jose and node:crypto differ
 * on the newline, and a public key compared or published as text should not depend on its origin.
 */
function canonicalPem(pem: string): string {
  return `${pem.trim()}\n`;
}

/** Generates an ES256 (P-256) key pair in PEM form, for a caller that has none stored yet. */
export async function generateKeyPairPem(): Promise<KeyPairPem> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  return {
    privateKeyPem: canonicalPem(await exportPKCS8(privateKey)),
    publicKeyPem: canonicalPem(await exportSPKI(publicKey)),
  };
}

/** What the application puts in a token. */
export interface AccessTokenClaims {
  /** The user's id. */
  sub: string;
  /** The user's role name, e.g. `purchaser`. */
  role: string;
  email: string;
}

/** A verified token: the claims plus the registered ones the service set. */
export interface VerifiedAccessToken extends AccessTokenClaims {
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
  jti: string;
}

export type TokenFailureReason = 'expired' | 'invalid';

/**
 * The one error `verify` throws for a bad token. `reason` is all a caller needs for its answer;
 * `detail` (the library's error code) is for logs and never contains the token.
 */
export class TokenVerificationError extends Error {
  override name = 'TokenVerificationError';
  constructor(
    readonly reason: TokenFailureReason,
    readonly detail: string,
  ) {
    super(reason === 'expired' ? 'The token has expired' : 'The token is not valid');
  }
}

export interface TokenServiceOptions {
  /** PKCS#8 PEM of an EC P-256 key. Omit both keys to generate a pair (see `generatedKeyPair`). */
  privateKeyPem?: string | undefined;
  /** SPKI PEM; derived from the private key when omitted. */
  publicKeyPem?: string | undefined;
  issuer: string;
  audience: string;
  /** Token lifetime in seconds. */
  ttlSeconds: number;
  /** Clock, for tests of expiry; defaults to the system clock. */
  now?: () => Date;
}

export interface TokenService {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** Resolves to the claims, or rejects with a TokenVerificationError. */
  verify(token: string): Promise<VerifiedAccessToken>;
  readonly publicKeyPem: string;
  readonly ttlSeconds: number;
  /**
   * Set only when no keys were configured and a pair was generated: the caller should persist it,
   * or every restart will sign out every user.
   */
  readonly generatedKeyPair: KeyPairPem | undefined;
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.string().min(1),
  email: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(1),
});

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * The shared core of both verifiers: algorithm pinned, size bounded, library errors mapped to
 * 'expired' or 'invalid'. jose checks the signature before the claims, so a forged token that is
 * also expired is reported as invalid, not expired.
 */
async function verifyEs256(token: string, key: CryptoKey, options: JWTVerifyOptions): Promise<JWTPayload> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    throw new TokenVerificationError('invalid', 'ERR_TOKEN_LENGTH');
  }
  try {
    const { payload } = await jwtVerify(token, key, { ...options, algorithms: ALLOWED_ALGORITHMS });
    return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new TokenVerificationError('expired', error.code);
    if (error instanceof errors.JOSEError) throw new TokenVerificationError('invalid', error.code);
    // Anything else is a bug in this code or the runtime, not a bad token: let it surface.
    throw error;
  }
}

async function importKeys(options: TokenServiceOptions): Promise<{ pem: KeyPairPem; generated: boolean }> {
  const { privateKeyPem, publicKeyPem } = options;
  if (privateKeyPem === undefined) {
    if (publicKeyPem !== undefined) throw new Error('A public key was configured without its private key');
    return { pem: await generateKeyPairPem(), generated: true };
  }
  const derivedPublic = publicKeyPem ?? createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  return { pem: { privateKeyPem: canonicalPem(privateKeyPem), publicKeyPem: canonicalPem(derivedPublic) }, generated: false };
}

/** Signs and verifies a probe so a private key paired with someone else's public key fails at boot. */
async function assertPair(privateKey: CryptoKey, publicKey: CryptoKey): Promise<void> {
  const probe = await new CompactSign(new TextEncoder().encode('key pair probe'))
    .setProtectedHeader({ alg: ALG })
    .sign(privateKey);
  try {
    await compactVerify(probe, publicKey, { algorithms: ALLOWED_ALGORITHMS });
  } catch {
    throw new Error('The configured public key does not belong to the configured private key');
  }
}

export async function createTokenService(options: TokenServiceOptions): Promise<TokenService> {
  const { issuer, audience, ttlSeconds } = options;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new Error('ttlSeconds must be a positive integer');
  if (issuer === '' || audience === '') throw new Error('issuer and audience must not be empty');
  const now = options.now ?? (() => new Date());

  const { pem, generated } = await importKeys(options);
  // importPKCS8/importSPKI with ES256 also reject keys of another type (RSA, P-384, Ed25519).
  const privateKey = await importPKCS8(pem.privateKeyPem, ALG);
  const publicKey = await importSPKI(pem.publicKeyPem, ALG);
  await assertPair(privateKey, publicKey);

  return {
    publicKeyPem: pem.publicKeyPem,
    ttlSeconds,
    generatedKeyPair: generated ? pem : undefined,

    async sign({ sub, role, email }) {
      const issuedAt = seconds(now());
      return new SignJWT({ role, email })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        // A number here is an absolute NumericDate, not a duration.
        .setExpirationTime(issuedAt + ttlSeconds)
        // A unique id per token, so a later revocation list can name one token.
        .setJti(randomUUID())
        .sign(privateKey);
    },

    async verify(token) {
      const payload = await verifyEs256(token, publicKey, {
        issuer,
        audience,
        typ: 'JWT',
        currentDate: now(),
        requiredClaims: ['sub', 'iat', 'exp', 'jti'],
      });
      // Signed by us, so the shape is ours; still checked, since a key may be shared by mistake.
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) throw new TokenVerificationError('invalid', 'ERR_TOKEN_CLAIMS');
      return claims.data;
    },
  };
}

/** The part of a logger the query-token verifier needs; Fastify's and pino's loggers fit. */
export interface WarnLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface QueryTokenVerifierOptions {
  /** SPKI PEM of the party that signs tokens handed over in a page's query string. */
  signerPublicKeyPem: string;
  logger: WarnLogger;
  /** The signer's `iss` and our `aud` in its tokens (QUERY_TOKEN_ISSUER, QUERY_TOKEN_AUDIENCE). */
  issuer: string;
  audience: string;
  now?: () => Date;
}

/** A verified link token: besides its claims, an id and an expiry, which single use needs. */
export type QueryTokenClaims = JWTPayload & { jti: string; exp: number; iat: number };

export interface QueryTokenVerifier {
  /** The verified payload, or null for no token or a token that fails verification. */
  verify(raw: unknown): Promise<QueryTokenClaims | null>;
}

/**
 * The longest a sign-in link may live, from its issue to its expiry: a link read over someone's
 * shoulder, or kept in a mail client's history, is worth little after that.
 */
export const QUERY_TOKEN_MAX_LIFETIME_SECONDS = 600;

/** How far the signer's clock may be from ours. */
const QUERY_TOKEN_CLOCK_TOLERANCE_SECONDS = 30;

/** The ids a signer gives its tokens; anything longer is not one. */
const MAX_JTI_LENGTH = 200;

/**
 * Spec part 1, section 7: a token from the page's query string is trimmed and verified against a
 * configured signer public key; a failed verification is logged and yields nothing. The key is
 * imported here, once, so a bad key in the configuration fails at boot rather than per request.
 * Beyond the signature (decision 122): our issuer and audience, an issue time, an expiry at most
 * ten minutes after it, and an id, so that the caller can let each link sign in once.
 */
export async function createQueryTokenVerifier(options: QueryTokenVerifierOptions): Promise<QueryTokenVerifier> {
  const { logger, issuer, audience } = options;
  if (issuer === '' || audience === '') throw new Error('issuer and audience must not be empty');
  const key = await importSPKI(options.signerPublicKeyPem, ALG);
  const now = options.now ?? (() => new Date());
  return {
    async verify(raw) {
      // A query string may yield nothing, a string, or an array for a repeated parameter.
      if (raw === undefined || raw === null) return null;
      if (typeof raw !== 'string') {
        logger.warn({ reason: 'invalid', detail: 'ERR_TOKEN_NOT_A_STRING' }, 'Query-string token failed verification');
        return null;
      }
      // Links pass through mail clients and chat apps that add spaces or line breaks at the ends.
      const token = raw.trim();
      if (token === '') return null;
      try {
        const payload = await verifyEs256(token, key, {
          issuer,
          audience,
          currentDate: now(),
          requiredClaims: ['iss', 'aud', 'iat', 'exp', 'jti'],
          // An issue time more than ten minutes ago (or in the future) is refused whatever the expiry says.
          maxTokenAge: QUERY_TOKEN_MAX_LIFETIME_SECONDS,
          // The signer's clock and ours may differ a little: an iat a few seconds ahead is not forged.
          clockTolerance: QUERY_TOKEN_CLOCK_TOLERANCE_SECONDS,
        });
        const { iat, exp, jti } = payload;
        if (typeof iat !== 'number' || typeof exp !== 'number' || exp - iat > QUERY_TOKEN_MAX_LIFETIME_SECONDS) {
          throw new TokenVerificationError('invalid', 'ERR_TOKEN_LIFETIME');
        }
        if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH) throw new TokenVerificationError('invalid', 'ERR_TOKEN_JTI');
        return { ...payload, iat, exp, jti };
      } catch (error) {
        if (!(error instanceof TokenVerificationError)) throw error;
        // The token itself is never logged: it is a bearer credential.
        logger.warn({ reason: error.reason, detail: error.detail }, 'Query-string token failed verification');
        return null;
      }
    },
  };
}
