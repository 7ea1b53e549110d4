import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/** PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer: both leave here as a Buffer. */
export const FILE_PURPOSES = ['ID_PROOF', 'ADDRESS_PROOF', 'PROFILE_IMAGE', 'POLICY_DOCUMENT'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The default blob store (DESIGN.md "files"): uploaded proofs in the same database, so a file and
 * the KYC record that uses it commit together. `attached_at` is set when a record takes the file;
 * an unattached file is an upload nobody submitted (a cleanup job may remove old ones).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** ID_PROOF, ADDRESS_PROOF or PROFILE_IMAGE: what the customer said the file is for; POLICY_DOCUMENT: a contract we generated. */
    purpose: text('purpose', { enum: FILE_PURPOSES }).notNull(),
    originalName: text('original_name').notNull(),
    /** Detected from the bytes, never the name or the declared type. */
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);
