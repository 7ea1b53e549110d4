import { DomainError, ERROR_CODES } from './errors';

/**
 * Exact integer helpers behind every money figure. Rates never touch floating point: a percentage
 * with two decimals becomes basis points (hundredths of a percent) first.
 */

export const BASIS_POINTS_PER_UNIT = 10_000;

/**
 * `numerator / denominator` rounded half-up (half away from zero for negatives), exactly.
 * Plain numbers are used while the product is safely representable; BigInt takes over beyond that
 * so a large configuration can never silently lose precision.
 */
export function divideHalfUp(numerator: number | bigint, denominator: number | bigint): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError('division by zero');
  const negative = n < 0n !== d < 0n;
  const absN = n < 0n ? -n : n;
  const absD = d < 0n ? -d : d;
  const quotient = (absN * 2n + absD) / (absD * 2n);
  const result = Number(negative ? -quotient : quotient);
  return result === 0 ? 0 : result; // never hand out -0
}

/** `a * b / d`, half-up, exact for any safe-integer inputs. */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product) && Number.isSafeInteger(d) && product >= 0 && d > 0) {
    // Fast path: the common case of non-negative integers, computed without BigInt.
    const q = Math.floor(product / d);
    const r = product - q * d;
    return r * 2 >= d ? q + 1 : q;
  }
  return divideHalfUp(BigInt(a) * BigInt(b), BigInt(d));
}

/**
 * A percentage with at most two decimals (`9.88`) as integer basis points (`988`).
 * More decimals would mean the exact-arithmetic promise cannot hold, so that is refused.
 */
export function percentToBasisPoints(percent: number, what = 'Rate'): number {
  if (!Number.isFinite(percent)) {
    throw new DomainError(ERROR_CODES.INVALID_RATE, `${what} must be a number`);
  }
  const bp = Math.round(percent * 100);
  if (Math.abs(bp - percent * 100) > 1e-6) {
    throw new DomainError(ERROR_CODES.INVALID_RATE, `${what} may have at most 2 decimals`);
  }
  return bp;
}

/**
 * The exact decimal a JavaScript number was written as (its shortest round-trip form), as an
 * integer mantissa and a power-of-ten scale: 1.005 -> { digits: 1005n, scale: 3 }.
 * Working from this form is what makes `toCents(1.005)` give 101 rather than 100.
 */
export function exactDecimal(value: number): { digits: bigint; scale: number } {
  if (!Number.isFinite(value)) throw new RangeError('not a finite number');
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new RangeError(`unexpected number format ${text}`);
  const [, sign = '', whole = '0', fraction = '', exponentText] = match;
  const exponent = exponentText ? Number(exponentText) : 0;
  let digits = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: sign === '-' ? -digits : digits, scale };
}
