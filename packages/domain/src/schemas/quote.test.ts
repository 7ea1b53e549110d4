import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { countryChoiceProblem } from '../countries';
import { checkOfferInputSchema, countrySchema, coverageSchema, faqInputSchema, quoteInputSchema } from './quote';
import { COMMON_MESSAGES, QUOTE_MESSAGES } from './messages';

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('countrySchema', () => {
  it('accepts gd and dm', () => {
    expect(countrySchema.parse('gd')).toBe('gd');
    expect(countrySchema.parse(' dm ')).toBe('dm');
  });

  it('says a country is required', () => {
    expect(COMMON_MESSAGES.countryRequired).toBe('Country is required');
    for (const value of [undefined, null, '', '   ']) {
      expect(firstMessage(countrySchema, value)).toBe('Country is required');
    }
  });

  it('refuses other countries with the spec text', () => {
    expect(firstMessage(countrySchema, 'us')).toBe('unsupported country us for this product');
    expect(firstMessage(countrySchema, 'GD')).toBe('unsupported country GD for this product');
  });

  it('is the rule the purchase flow checks without zod (countryChoiceProblem), word for word', () => {
    for (const value of ['gd', ' dm ', '', '   ', 'us', 'GD', 'grenada']) {
      expect(countryChoiceProblem(value), value).toBe(firstMessage(countrySchema, value));
    }
  });
});

describe('coverageSchema', () => {
  it('accepts the limits, numbers and form text', () => {
    expect(coverageSchema.parse(1300)).toBe(1300);
    expect(coverageSchema.parse(270000)).toBe(270000);
    expect(coverageSchema.parse('25,000.50')).toBe(25000.5);
  });

  it('refuses a cent beyond each limit naming the limit', () => {
    expect(firstMessage(coverageSchema, 1299.99)).toBe('Coverage must be at least EC$1,300.00');
    expect(firstMessage(coverageSchema, 270000.01)).toBe('Coverage must be at most EC$270,000.00');
    expect(QUOTE_MESSAGES.coverageMin).toBe('Coverage must be at least EC$1,300.00');
  });

  it('explains missing, non-numeric and over-precise amounts', () => {
    expect(firstMessage(coverageSchema, undefined)).toBe('Coverage is required');
    expect(firstMessage(coverageSchema, '')).toBe('Coverage is required');
    expect(firstMessage(coverageSchema, 'lots')).toBe('Coverage must be a number');
    expect(firstMessage(coverageSchema, Number.POSITIVE_INFINITY)).toBe('Coverage must be a number');
    expect(firstMessage(coverageSchema, 1300.001)).toBe('Coverage can have at most 2 decimals');
  });
});

describe('API input schemas', () => {
  it('parses a quote input', () => {
    expect(quoteInputSchema.parse({ country: 'dm', coverage: 25000 })).toEqual({ country: 'dm', coverage: 25000 });
    expect(firstMessage(quoteInputSchema, { country: 'fr', coverage: 25000 })).toBe('unsupported country fr for this product');
  });

  it('parses an offer check and a FAQ input', () => {
    expect(checkOfferInputSchema.parse({ countryName: 'gd' })).toEqual({ countryName: 'gd' });
    expect(firstMessage(checkOfferInputSchema, {})).toBe('Country is required');
    expect(faqInputSchema.parse({ dashboard: 'ADMIN' })).toEqual({ dashboard: 'ADMIN' });
    expect(firstMessage(faqInputSchema, { dashboard: 'OTHER' })).toBe('Dashboard must be END_USER or ADMIN');
  });
});
