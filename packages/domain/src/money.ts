import { BASIS_POINTS_PER_UNIT, divideHalfUp, exactDecimal, mulDivHalfUp, percentToBasisPoints } from './arithmetic';
import { DomainError, ERROR_CODES } from './errors';

/** An amount of money as an integer number of cents (EC$1.00 = 100). See docs/architecture.md "Money". */
export type Cents = number;

export const CURRENCY = { code: 'XCD', locale: 'en-US', symbol: 'EC$', decimals: 2 } as const;

export const COVERAGE_LIMITS = { minCents: 130_000, maxCents: 27_000_000 } as const;

const CENTS_PER_UNIT = 100;

/**
 * An EC$ amount (as typed by a person or sent by a client) to cents, half-up.
 * The number is read as the decimal it was written as, so 1.005 becomes 101 cents, not 100.
 */
export function toCents(amountEc: number): Cents {
  if (typeof amountEc !== 'number' || !Number.isFinite(amountEc)) {
    throw new DomainError(ERROR_CODES.INVALID_AMOUNT, 'Amount must be a valid number');
  }
  if (Math.abs(amountEc) * CENTS_PER_UNIT > Number.MAX_SAFE_INTEGER) {
    throw new DomainError(ERROR_CODES.INVALID_AMOUNT, 'Amount is too large');
  }
  const { digits, scale } = exactDecimal(amountEc);
  return divideHalfUp(digits * BigInt(CENTS_PER_UNIT), 10n ** BigInt(scale));
}

/** Cents to a decimal EC$ number (the API's `raw`): 247000 -> 2470. */
export function fromCents(cents: Cents): number {
  assertCents(cents);
  const value = cents / CENTS_PER_UNIT;
  return value === 0 ? 0 : value;
}

/** "EC$2,470.00"; negative amounts put the sign before the symbol: "-EC$5.00". */
export function formatMoney(cents: Cents): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / CENTS_PER_UNIT);
  const fraction = String(abs % CENTS_PER_UNIT).padStart(CURRENCY.decimals, '0');
  // Grouping by hand rather than Intl keeps the output identical on every runtime and ICU build.
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}${CURRENCY.symbol}${grouped}.${fraction}`;
}

/** The API's money shape: the same amount as EC$ number, cents and display text. */
export interface MoneyView {
  raw: number;
  cents: Cents;
  formatted: string;
}

export function moneyView(cents: Cents): MoneyView {
  return { raw: fromCents(cents), cents, formatted: formatMoney(cents) };
}

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function assertCents(value: unknown): asserts value is Cents {
  if (!isCents(value)) {
    throw new DomainError(ERROR_CODES.INVALID_AMOUNT, 'Amount must be a whole number of cents');
  }
}

/** Refuses a coverage outside EC$1,300.00 .. EC$270,000.00 with a message that names the limit. */
export function assertCoverageInRange(coverageCents: Cents): void {
  assertCents(coverageCents);
  if (coverageCents < COVERAGE_LIMITS.minCents) {
    throw new DomainError(ERROR_CODES.COVERAGE_OUT_OF_RANGE, COVERAGE_MIN_MESSAGE);
  }
  if (coverageCents > COVERAGE_LIMITS.maxCents) {
    throw new DomainError(ERROR_CODES.COVERAGE_OUT_OF_RANGE, COVERAGE_MAX_MESSAGE);
  }
}

/** "Coverage must be at least EC$1,300.00" */
export const COVERAGE_MIN_MESSAGE = `Coverage must be at least ${formatMoney(COVERAGE_LIMITS.minCents)}`;
/** "Coverage must be at most EC$270,000.00" */
export const COVERAGE_MAX_MESSAGE = `Coverage must be at most ${formatMoney(COVERAGE_LIMITS.maxCents)}`;

/**
 * `percent` of a coverage, in cents: integer arithmetic, half-up to the cent (a percent may have two
 * decimals: it is counted in basis points). The one rule for a payout, a triggering parameter's
 * payout, the exposure at a percent and the examples the pages and contracts show:
 * 2,500,000 at 35% -> 875,000; 130,001 at 50% -> 65,001 (half a cent rounds up).
 */
export function percentOfCoverageCents(coverageCents: Cents, percent: number): Cents {
  return mulDivHalfUp(coverageCents, percentToBasisPoints(percent, 'Coverage percent'), BASIS_POINTS_PER_UNIT);
}
