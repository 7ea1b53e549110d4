import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../countries';
import { POLICY_ERROR_CODES } from './errors';
import { MAX_POLICY_SEQUENCE, formatPolicyNumber, isPolicyNumber, normalizePolicyNumber, parsePolicyNumber } from './policy-number';

const parts = fc.record({
  country: fc.constantFrom(...COUNTRY_CODES),
  seasonYear: fc.integer({ min: 1000, max: 9999 }),
  sequence: fc.integer({ min: 1, max: MAX_POLICY_SEQUENCE }),
});

describe('policy numbers', () => {
  it('write the product decision example', () => {
    expect(formatPolicyNumber({ country: 'gd', seasonYear: 2027, sequence: 42 })).toBe('FHP-GD-2027-000042');
    expect(formatPolicyNumber({ country: 'dm', seasonYear: 2027, sequence: 999_999 })).toBe('FHP-DM-2027-999999');
  });

  it('parse back what they write, and only that', () => {
    fc.assert(
      fc.property(parts, (value) => {
        const text = formatPolicyNumber(value);
        expect(parsePolicyNumber(text)).toEqual(value);
        expect(text).toMatch(/^FHP-(GD|DM)-\d{4}-\d{6}$/);
      }),
    );
  });

  it('forgive spaces and lower case when reading a typed number', () => {
    expect(normalizePolicyNumber('  fhp-gd-2027-000042 ')).toBe('FHP-GD-2027-000042');
  });

  it.each(['FHP-US-2027-000042', 'FHP-GD-2027-42', 'FHP-GD-27-000042', 'FHP-GD-2027-000000', 'XYZ-GD-2027-000042', 'FHP-GD-2027-0000042', 'FHP-GD-0027-000042', '']) (
    'refuse %j',
    (text) => {
      expect(isPolicyNumber(text)).toBe(false);
      expect(() => normalizePolicyNumber(text)).toThrow(expect.objectContaining({ code: POLICY_ERROR_CODES.INVALID_POLICY_NUMBER }));
    },
  );

  it('refuse parts that cannot be written in the format', () => {
    expect(() => formatPolicyNumber({ country: 'gd', seasonYear: 2027, sequence: 1_000_000 })).toThrow('between 1 and 999999');
    expect(() => formatPolicyNumber({ country: 'gd', seasonYear: 2027, sequence: 0 })).toThrow('between 1 and 999999');
    expect(() => formatPolicyNumber({ country: 'gd', seasonYear: 27, sequence: 1 })).toThrow('four digits');
    expect(() => formatPolicyNumber({ country: 'us' as 'gd', seasonYear: 2027, sequence: 1 })).toThrow('Unknown country us');
  });
});
