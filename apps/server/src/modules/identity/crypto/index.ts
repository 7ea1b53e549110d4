export { DUMMY_HASH, hashPassword, needsRehash, usePasswordHashCost, verifyPassword, type PasswordHashCost } from './passwords';
export { CODE_LENGTH, codesMatch, generateCode, hashCode, hashPhone } from './one-time-codes';
export type { Pepper } from './one-time-codes';
export {
  createQueryTokenVerifier,
  createTokenService,
  generateKeyPairPem,
  QUERY_TOKEN_MAX_LIFETIME_SECONDS,
  TokenVerificationError,
} from './tokens';
export type {
  AccessTokenClaims,
  KeyPairPem,
  QueryTokenClaims,
  QueryTokenVerifier,
  QueryTokenVerifierOptions,
  TokenFailureReason,
  TokenService,
  TokenServiceOptions,
  VerifiedAccessToken,
  WarnLogger,
} from './tokens';
