import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import { exactDecimal } from '../arithmetic';
import { formatMoney, toCents } from '../money';
import { HOLDER_LIMIT_BOUNDS } from '../policy/holder-limits';
import type { IsoDate } from '../season';

/**
 * What administrators edit of the sale (issue 11 item 4): discount offers per country and seasons.
 * Dates are calendar days in America/Port_of_Spain; an offer runs from the start of its first day
 * to the end of its last.
 */

export const ADMIN_CONFIG_MESSAGES = {
  countryInvalid: 'Choose a country: gd or dm',
  percentInvalid: 'The discount must be a number from 0 to 100 with at most 2 decimals',
  percentRange: 'The discount must be between 0% and 100%',
  dateInvalid: 'Enter a real date as YYYY-MM-DD',
  offerEndBeforeStart: 'The offer’s end date must be on or after its start date',
  messageTooLong: 'The message must be at most 300 characters',
  logoInvalid: 'The logo must be a path on this site (starting with /) or an https address',
  offerIdInvalid: 'The offer id may contain only lower-case letters, digits and hyphens (at most 60)',
  yearInvalid: 'The season year must be a whole year between 2000 and 9998',
  coverEndBeforeStart: 'The cover must end after it starts',
  deadlineAfterCoverEnd: 'The payment deadline must be on or before the end of the cover',
  nextYearInvalid: 'The next season must come after this one',
  offerNotFound: 'This offer was not found.',
  seasonOverlap: (year: number) => `These cover dates overlap the ${year} season`,
  saved: 'Saved. New quotes use it within a few seconds.',
  maxPoliciesInvalid: `The most policies per holder must be a whole number from ${HOLDER_LIMIT_BOUNDS.maxPolicies.min} to ${HOLDER_LIMIT_BOUNDS.maxPolicies.max.toLocaleString('en-US')}`,
  maxCoverageInvalid: `The most cover per holder must be an amount from ${formatMoney(HOLDER_LIMIT_BOUNDS.maxCoverageCents.min)} to ${formatMoney(HOLDER_LIMIT_BOUNDS.maxCoverageCents.max)}, with at most 2 decimals`,
  pricingNotFound: (country: string, year: number) => `There is no pricing of ${country} for the ${year} season to set limits on`,
  limitsSaved: 'Saved. Purchases from now on are held to these limits.',
} as const;

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const isoDateField = z
  .string({ error: ADMIN_CONFIG_MESSAGES.dateInvalid })
  .trim()
  .refine(isRealDate, ADMIN_CONFIG_MESSAGES.dateInvalid)
  .transform((value) => value as IsoDate);

/** "12.5" or 12.5, at most two decimals, 0 to 100 inclusive; kept as a string for numeric(5,2). */
const percentField = z
  .union([z.string(), z.number()], { error: ADMIN_CONFIG_MESSAGES.percentInvalid })
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value), ADMIN_CONFIG_MESSAGES.percentInvalid)
  .refine((value) => Number(value) >= 0 && Number(value) <= 100, ADMIN_CONFIG_MESSAGES.percentRange);

export const offerInputSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,60}$/, ADMIN_CONFIG_MESSAGES.offerIdInvalid)
      .nullish()
      .transform((value) => value ?? null),
    country: z.enum(COUNTRY_CODES as unknown as ['gd', 'dm'], { error: ADMIN_CONFIG_MESSAGES.countryInvalid }),
    discountPercent: percentField,
    validFrom: isoDateField,
    validTo: isoDateField.nullish().transform((value) => value ?? null),
    message: z.string().trim().max(300, ADMIN_CONFIG_MESSAGES.messageTooLong).nullish().transform((value) => (value ? value : null)),
    logo: z
      .string()
      .trim()
      .max(300, ADMIN_CONFIG_MESSAGES.logoInvalid)
      .refine((value) => value === '' || /^\/[^/\\]/.test(value) || /^https:\/\/[^\s]+$/.test(value), ADMIN_CONFIG_MESSAGES.logoInvalid)
      .nullish()
      .transform((value) => (value ? value : null)),
    canPurchase: z.boolean(),
    active: z.boolean(),
  })
  .superRefine((offer, ctx) => {
    if (offer.validTo !== null && offer.validTo < offer.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: ADMIN_CONFIG_MESSAGES.offerEndBeforeStart });
    }
  });
export type OfferInput = z.output<typeof offerInputSchema>;

export const seasonInputSchema = z
  .object({
    year: z.number({ error: ADMIN_CONFIG_MESSAGES.yearInvalid }).int(ADMIN_CONFIG_MESSAGES.yearInvalid).min(2000, ADMIN_CONFIG_MESSAGES.yearInvalid).max(9998, ADMIN_CONFIG_MESSAGES.yearInvalid),
    coverStart: isoDateField,
    coverEnd: isoDateField,
    paymentDeadline: isoDateField,
    purchaseWindowOpen: z.boolean(),
    nextSeasonYear: z.number().int(ADMIN_CONFIG_MESSAGES.nextYearInvalid),
  })
  .superRefine((season, ctx) => {
    if (season.coverEnd <= season.coverStart) ctx.addIssue({ code: 'custom', path: ['coverEnd'], message: ADMIN_CONFIG_MESSAGES.coverEndBeforeStart });
    if (season.paymentDeadline > season.coverEnd) {
      ctx.addIssue({ code: 'custom', path: ['paymentDeadline'], message: ADMIN_CONFIG_MESSAGES.deadlineAfterCoverEnd });
    }
    if (season.nextSeasonYear <= season.year) ctx.addIssue({ code: 'custom', path: ['nextSeasonYear'], message: ADMIN_CONFIG_MESSAGES.nextYearInvalid });
  });
export type SeasonInput = z.output<typeof seasonInputSchema>;

/** The first other season whose cover term shares a day with `season`'s (both ends included). */
export function overlappingSeason<S extends { year: number; coverStart: string; coverEnd: string }>(
  season: Pick<S, 'year' | 'coverStart' | 'coverEnd'>,
  others: readonly S[],
): S | undefined {
  return others.find((other) => other.year !== season.year && other.coverStart <= season.coverEnd && season.coverStart <= other.coverEnd);
}

/** The limits per holder of one country and season (product decisions "Limits per holder"). */
export const holderLimitsInputSchema = z.object({
  country: z.enum(COUNTRY_CODES as unknown as ['gd', 'dm'], { error: ADMIN_CONFIG_MESSAGES.countryInvalid }),
  seasonYear: z.number({ error: ADMIN_CONFIG_MESSAGES.yearInvalid }).int(ADMIN_CONFIG_MESSAGES.yearInvalid).min(2000, ADMIN_CONFIG_MESSAGES.yearInvalid).max(9998, ADMIN_CONFIG_MESSAGES.yearInvalid),
  maxPolicies: z
    .number({ error: ADMIN_CONFIG_MESSAGES.maxPoliciesInvalid })
    .int(ADMIN_CONFIG_MESSAGES.maxPoliciesInvalid)
    .min(HOLDER_LIMIT_BOUNDS.maxPolicies.min, ADMIN_CONFIG_MESSAGES.maxPoliciesInvalid)
    .max(HOLDER_LIMIT_BOUNDS.maxPolicies.max, ADMIN_CONFIG_MESSAGES.maxPoliciesInvalid),
  /** EC$ as typed ("540,000" or 540000), at most two decimals; leaves the schema as integer cents. */
  maxCoverage: z
    .union([z.string(), z.number()], { error: ADMIN_CONFIG_MESSAGES.maxCoverageInvalid })
    .transform((value, context) => {
      const text = typeof value === 'string' ? value.trim().replace(/,/g, '') : value;
      const amount = typeof text === 'number' ? text : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      const { min, max } = HOLDER_LIMIT_BOUNDS.maxCoverageCents;
      // Bounds first: toCents refuses an amount too large to count in cents by throwing.
      const cents = Number.isFinite(amount) && amount <= max / 100 && exactDecimal(amount).scale <= 2 ? toCents(amount) : Number.NaN;
      if (!(cents >= min && cents <= max)) {
        context.addIssue({ code: 'custom', message: ADMIN_CONFIG_MESSAGES.maxCoverageInvalid });
        return z.NEVER;
      }
      return cents;
    }),
});
/** `maxCoverage` in cents once parsed. */
export type HolderLimitsInput = z.output<typeof holderLimitsInputSchema>;
