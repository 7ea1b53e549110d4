export { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords';
export { CODE_LENGTH, codesMatch, generateCode, hashCode, hashPhone } from './one-time-codes';
export type { Pepper } from './one-time-codes';
export {
  createQueryTokenVerifier,
  createTokenService,
  generateKeyPairPem,
  TokenVerificationError,
  verifyQueryToken,
} from './tokens';
export type {
  AccessTokenClaims,
  KeyPairPem,
  QueryTokenVerifier,
  QueryTokenVerifierOptions,
  TokenFailureReason,
  TokenService,
  TokenServiceOptions,
  VerifiedAccessToken,
  WarnLogger,
} from './tokens';
