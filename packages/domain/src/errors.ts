/**
 * Stable machine-readable codes. The server maps them to `extensions.code`; the message is shown
 * to the customer as is (`extensions.display_message`), so it must read well on its own.
 */
export const ERROR_CODES = {
  UNSUPPORTED_COUNTRY: 'UNSUPPORTED_COUNTRY',
  COVERAGE_OUT_OF_RANGE: 'COVERAGE_OUT_OF_RANGE',
  INVALID_AMOUNT: 'INVALID_AMOUNT',
  INVALID_DISCOUNT: 'INVALID_DISCOUNT',
  INVALID_RATE: 'INVALID_RATE',
  INVALID_PRICING: 'INVALID_PRICING',
  UNKNOWN_OPTION: 'UNKNOWN_OPTION',
  PREMIUM_NOT_REACHABLE: 'PREMIUM_NOT_REACHABLE',
  PREMIUM_MISMATCH: 'PREMIUM_MISMATCH',
  MACHINE_CONFIG_EMPTY: 'MACHINE_CONFIG_EMPTY',
  MACHINE_ID_EMPTY: 'MACHINE_ID_EMPTY',
  MACHINE_INVALID: 'MACHINE_INVALID',
  MACHINE_TIMEOUT: 'MACHINE_TIMEOUT',
  INVALID_SEASON_YEAR: 'INVALID_SEASON_YEAR',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** A rule of the product was broken by the input; `message` is customer-readable. */
export class DomainError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
