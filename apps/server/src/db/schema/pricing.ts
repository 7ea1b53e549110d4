import { boolean, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
