import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Products listed on the parent brand's home page; `id` is the path segment (/product/fhp). */
export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull(),
  description: text('description').notNull(),
  logo: text('logo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
