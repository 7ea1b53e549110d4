import { z } from 'zod';
import { exactDecimal } from '../arithmetic';
import { countryChoiceProblem, type CountryCode } from '../countries';
import { COVERAGE_LIMITS, toCents } from '../money';
import { COMMON_MESSAGES, QUOTE_MESSAGES } from './messages';

/** gd or dm; anything else gets the spec's "unsupported country {x} for this product" (countryChoiceProblem). */
export const countrySchema = z
  .string({ error: COMMON_MESSAGES.countryRequired })
  .trim()
  .superRefine((value, context) => {
    const problem = countryChoiceProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
  })
  .transform((code) => code as CountryCode);

/** Form inputs arrive as text ("25,000"); the API sends a number. Both end up as a number here. */
function numberFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(/,/g, '').trim();
  return text === '' ? undefined : Number(text);
}

function hasAtMostTwoDecimals(value: number): boolean {
  return exactDecimal(value).scale <= 2;
}

/** Coverage in EC$ (a number such as 25000), EC$1,300.00 to EC$270,000.00 inclusive, to the cent. */
export const coverageSchema = z.preprocess(
  numberFromInput,
  z
    .number({ error: (issue) => (issue.input === undefined ? QUOTE_MESSAGES.coverageRequired : QUOTE_MESSAGES.coverageNumber) })
    .refine(hasAtMostTwoDecimals, { error: QUOTE_MESSAGES.coverageDecimals, abort: true })
    .refine((value) => toCents(value) >= COVERAGE_LIMITS.minCents, { error: QUOTE_MESSAGES.coverageMin, abort: true })
    .refine((value) => toCents(value) <= COVERAGE_LIMITS.maxCents, { error: QUOTE_MESSAGES.coverageMax, abort: true }),
);

export const quoteInputSchema = z.object({ country: countrySchema, coverage: coverageSchema });
export type QuoteFormInput = z.input<typeof quoteInputSchema>;
export type QuoteFormValues = z.output<typeof quoteInputSchema>;

export const checkOfferInputSchema = z.object({ countryName: countrySchema });
export type CheckOfferInput = z.output<typeof checkOfferInputSchema>;

export const DASHBOARDS = ['END_USER', 'ADMIN'] as const;
export type Dashboard = (typeof DASHBOARDS)[number];
export const faqInputSchema = z.object({ dashboard: z.enum(DASHBOARDS, { error: QUOTE_MESSAGES.dashboardInvalid }) });
export type FaqInput = z.output<typeof faqInputSchema>;
