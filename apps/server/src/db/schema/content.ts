import { sql } from 'drizzle-orm';
import { integer, jsonb, pgEnum, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Editable page content (navigation, routes, footer, landing sections) as JSON documents by key.
 * The shape is checked when read (modules/content/content-shapes.ts), not by the database, so
 * content can evolve without a migration per text change.
 */
export const content = pgTable('content', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const dashboardEnum = pgEnum('dashboard', ['END_USER', 'ADMIN']);

/** One FAQ section per row; its question and answer pairs stay together and in order. */
export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    dashboard: dashboardEnum('dashboard').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    queAns: jsonb('que_ans').$type<{ title: string; content: string }[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The natural key makes the seed idempotent and keeps two sections from sharing a title.
  (t) => [unique('faqs_dashboard_title_unique').on(t.dashboard, t.title)],
);
