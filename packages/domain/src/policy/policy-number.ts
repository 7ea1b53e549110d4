import { isCountryCode, type CountryCode } from '../countries';
import { DomainError } from '../errors';
import { POLICY_ERROR_CODES } from './errors';

/**
 * Policy numbers: `FHP-GD-2027-000042` = product, country, season year (the year cover starts),
 * and a sequence of six digits per country and season (product-decisions "Policy lifecycle").
 * The sequence itself is handed out by the database; this module only writes and reads the text.
 */
export interface PolicyNumberParts {
  country: CountryCode;
  seasonYear: number;
  sequence: number;
}

export const POLICY_NUMBER_PREFIX = 'FHP';
export const POLICY_SEQUENCE_DIGITS = 6;
export const MAX_POLICY_SEQUENCE = 10 ** POLICY_SEQUENCE_DIGITS - 1;

const POLICY_NUMBER_PATTERN = /^FHP-([A-Z]{2})-(\d{4})-(\d{6})$/;

function invalid(message: string): never {
  throw new DomainError(POLICY_ERROR_CODES.INVALID_POLICY_NUMBER, message);
}

const isFourDigitYear = (year: number) => Number.isInteger(year) && year >= 1000 && year <= 9999;
const isSequence = (sequence: number) => Number.isInteger(sequence) && sequence >= 1 && sequence <= MAX_POLICY_SEQUENCE;

/**
 * Refuses parts that could not be written back as a canonical number. The parser applies the same
 * two predicates, so whatever parses also formats (and "FHP-GD-0027-000042" parses to nothing).
 */
function checkParts(parts: PolicyNumberParts): void {
  if (typeof parts.country !== 'string' || !isCountryCode(parts.country)) invalid(`Unknown country ${String(parts.country)} in policy number`);
  if (!isFourDigitYear(parts.seasonYear)) invalid('Policy number season year must have four digits');
  if (!isSequence(parts.sequence)) {
    // Reaching a million policies in one country and season would need a wider format, not a silent overflow.
    invalid(`Policy number sequence must be between 1 and ${MAX_POLICY_SEQUENCE}`);
  }
}

export function formatPolicyNumber(parts: PolicyNumberParts): string {
  checkParts(parts);
  const sequence = String(parts.sequence).padStart(POLICY_SEQUENCE_DIGITS, '0');
  return `${POLICY_NUMBER_PREFIX}-${parts.country.toUpperCase()}-${parts.seasonYear}-${sequence}`;
}

/**
 * The parts of a policy number, or null when the text is not one. Surrounding spaces and lower case
 * are forgiven (people type numbers into the archive filter); nothing else is.
 */
export function parsePolicyNumber(text: string): PolicyNumberParts | null {
  if (typeof text !== 'string') return null;
  const match = POLICY_NUMBER_PATTERN.exec(text.trim().toUpperCase());
  if (!match) return null;
  const country = match[1]!.toLowerCase();
  const parts = { country, seasonYear: Number(match[2]), sequence: Number(match[3]) };
  if (!isCountryCode(parts.country) || !isFourDigitYear(parts.seasonYear) || !isSequence(parts.sequence)) return null;
  return parts as PolicyNumberParts;
}

export function isPolicyNumber(text: string): boolean {
  return parsePolicyNumber(text) !== null;
}

/** The canonical form of a typed policy number, or a `DomainError` when it is not one. */
export function normalizePolicyNumber(text: string): string {
  const parts = parsePolicyNumber(text);
  if (!parts) invalid(`${String(text).trim() || 'An empty text'} is not a policy number (for example FHP-GD-2027-000042)`);
  return formatPolicyNumber(parts);
}
