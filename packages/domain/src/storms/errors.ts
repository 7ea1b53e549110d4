/**
 * Codes for the storm rules, next to the package-wide `ERROR_CODES` (as `POLICY_ERROR_CODES` does
 * for the policy rules). Every `DomainError` message reads well on its own.
 */
export const STORM_ERROR_CODES = {
  /** A HURDAT2 file was refused; the error is a `Hurdat2Error` with the line. */
  HURDAT2_INVALID: 'HURDAT2_INVALID',
  /** An ATCF b-deck file was refused; the error is a `BdeckError` with the line. */
  BDECK_INVALID: 'BDECK_INVALID',
  /** A storm of an imported file contradicts the stored version of that storm. */
  STORM_CONFLICT: 'STORM_CONFLICT',
  /** An imported file is empty or larger than `HURDAT2_MAX_BYTES`. */
  STORM_FILE_REFUSED: 'STORM_FILE_REFUSED',
  /** A track handed to the sampler is not in time order (parsed tracks always are). */
  TRACK_NOT_IN_ORDER: 'TRACK_NOT_IN_ORDER',
  /** A wind chart range asks for more buckets than `MAX_WIND_BUCKETS`. */
  WIND_RANGE_TOO_LONG: 'WIND_RANGE_TOO_LONG',
} as const;

export type StormErrorCode = (typeof STORM_ERROR_CODES)[keyof typeof STORM_ERROR_CODES];
