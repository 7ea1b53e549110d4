import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Discount offers per country (product decisions, "Money"). The percentage is numeric, never a
 * float; an offer counts only while `active` and inside [valid_from, valid_to].
 */
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    country: text('country').notNull(),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    /** Null means open-ended. */
    validTo: timestamp('valid_to', { withTimezone: true }),
    message: text('message'),
    logo: text('logo'),
    canPurchase: boolean('can_purchase').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offers_country_idx').on(t.country)],
);

/** One row per season year: configuration, so nothing in code hard-codes a year. */
export const seasons = pgTable('seasons', {
  year: integer('year').primaryKey(),
  coverStart: date('cover_start', { mode: 'string' }).notNull(),
  coverEnd: date('cover_end', { mode: 'string' }).notNull(),
  paymentDeadline: date('payment_deadline', { mode: 'string' }).notNull(),
  purchaseWindowOpen: boolean('purchase_window_open').notNull().default(false),
  nextSeasonYear: integer('next_season_year').notNull(),
});

/**
 * What a policy costs in a country for a season (product decisions "Money": configurable per
 * country, never a literal in code): the currency and the charge models here, the rate on line per
 * option in `option_rates`, the charge tiers in `charge_tiers`. Seeded from the spec's tables
 * (part 1 section 9); a season without rows of its own is priced with the latest earlier season's.
 */
export const countryPricing = pgTable(
  'country_pricing',
  {
    country: text('country').notNull(),
    seasonYear: integer('season_year')
      .notNull()
      .references(() => seasons.year),
    currencyCode: text('currency_code').notNull(),
    currencyLocale: text('currency_locale').notNull(),
    platformChargeModel: text('platform_charge_model').notNull(),
    insuranceProviderChargeModel: text('insurance_provider_charge_model').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.country, t.seasonYear] }), check('country_pricing_country', sql`${t.country} in ('gd', 'dm')`)],
);

/** The rate on line of each option, a percentage with two decimals (9.88 = 9.88%). */
export const optionRates = pgTable(
  'option_rates',
  {
    country: text('country').notNull(),
    seasonYear: integer('season_year').notNull(),
    optionId: text('option_id').notNull(),
    rolPct: numeric('rol_pct', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.seasonYear, t.optionId] }),
    foreignKey({ columns: [t.country, t.seasonYear], foreignColumns: [countryPricing.country, countryPricing.seasonYear] }).onDelete('cascade'),
    check('option_rates_option_id', sql`${t.optionId} in ('T', '1', '2', '3', '4', '5')`),
    check('option_rates_rol_pct', sql`${t.rolPct} > 0 and ${t.rolPct} <= 100`),
  ],
);

/**
 * The `volumepct` tiers of both charges, in order (`position` 1, 2, ...): the first tier whose
 * upper bound the coverage does not exceed sets the percentage; a null bound is open-ended.
 */
export const chargeTiers = pgTable(
  'charge_tiers',
  {
    country: text('country').notNull(),
    seasonYear: integer('season_year').notNull(),
    /** PLATFORM or INSURANCE_PROVIDER. */
    charge: text('charge').$type<'PLATFORM' | 'INSURANCE_PROVIDER'>().notNull(),
    position: integer('position').notNull(),
    /** Coverage in cents up to which this tier applies (inclusive); null: no upper bound. */
    maxCoverageCents: integer('max_coverage_cents'),
    unitAmountPct: numeric('unit_amount_pct', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.seasonYear, t.charge, t.position] }),
    foreignKey({ columns: [t.country, t.seasonYear], foreignColumns: [countryPricing.country, countryPricing.seasonYear] }).onDelete('cascade'),
    check('charge_tiers_charge', sql`${t.charge} in ('PLATFORM', 'INSURANCE_PROVIDER')`),
    check('charge_tiers_unit_amount_pct', sql`${t.unitAmountPct} >= 0 and ${t.unitAmountPct} <= 100`),
  ],
);

/**
 * The limits per holder of a country and season (product decisions "Limits per holder"), beside
 * its pricing: the most policies, and cover in cents in all, one holder may hold there. A row
 * exists once an administrator set them; without one the decision's figures apply (domain
 * HOLDER_LIMIT_DEFAULTS). The purchase checks them (modules/purchase/holder-limits.ts).
 */
export const holderLimits = pgTable(
  'holder_limits',
  {
    country: text('country').notNull(),
    seasonYear: integer('season_year').notNull(),
    maxPolicies: integer('max_policies').notNull(),
    maxCoverageCents: integer('max_coverage_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.seasonYear] }),
    foreignKey({ columns: [t.country, t.seasonYear], foreignColumns: [countryPricing.country, countryPricing.seasonYear] }).onDelete('cascade'),
    check('holder_limits_positive', sql`${t.maxPolicies} > 0 and ${t.maxCoverageCents} > 0`),
  ],
);
