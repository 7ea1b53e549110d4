import { KYC_DOCUMENT_STATUSES } from '@fhp/domain';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './identity';

/**
 * What KYC adds to an account (spec part 1 section 3). Names and the phone stay on `users`, which
 * sign-in already reads; the rest of the profile lives here, one row per customer who submitted.
 */
export const customerProfiles = pgTable('customer_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  gender: text('gender'),
  occupation: text('occupation'),
  addressLine1: text('address_line1'),
  city: text('city'),
  country: text('country'),
  kycSubmitted: boolean('kyc_submitted').notNull().default(false),
  kycSubmittedAt: timestamp('kyc_submitted_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One proof of identity or address; a file serves one document only. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id),
    type: text('type', { enum: ['ID_PROOF', 'ADDRESS_PROOF'] }).notNull(),
    /** The proof type: passport, utilityBill, ... */
    name: text('name').notNull(),
    status: text('status', { enum: KYC_DOCUMENT_STATUSES }).notNull(),
    comment: text('comment'),
    /** The administrator who accepted or rejected it, and when (null while waiting). */
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The detected MIME type of the file. */
    fileType: text('file_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kyc_documents_user_idx').on(t.userId), index('kyc_documents_status_idx').on(t.status, t.createdAt)],
);
