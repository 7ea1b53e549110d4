import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The spec's role names (owner, admin, master admin, ...); the uuid is what sign-in sends as `role`. */
export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const signInTypeEnum = pgEnum('sign_in_type', ['password', 'otp']);

/** Spec part 2: the account lifecycle an administrator sees (suspension is a separate flag). */
export const userStatusEnum = pgEnum('user_status', ['USER_ADDED', 'INVITED', 'EMAIL_VERIFIED', 'ACC_CREATED']);

export const users = pgTable(
  'users',
  {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Short public account id shown to customers and staff; never the primary key in URLs. */
  vuid: text('vuid').notNull().unique(),
  /** Always stored lower-case (the domain's emailSchema lower-cases), so the unique index is case-free. */
  email: text('email').notNull().unique(),
  /** Null for accounts that sign in with a code only. */
  passwordHash: text('password_hash'),
  signInType: signInTypeEnum('sign_in_type').notNull().default('otp'),
  roleId: uuid('role_id')
    .notNull()
    .references(() => roles.id),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  emailVerified: boolean('email_verified').notNull().default(false),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  status: userStatusEnum('status').notNull().default('USER_ADDED'),
  suspended: boolean('suspended').notNull().default(false),
  image: text('image'),
  /**
   * Set when an admin deleted the account: the row stays (policies, payments and the ledger point at
   * it) but its personal data is overwritten; tokens and sign-in stop at once (decision 050).
   */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /**
   * What the admins' list searches: one lower-cased text, so a search is one LIKE on one column
   * (about 5 times faster than ILIKE on three at 200,000 users; bench/users-list.ts).
   */
  searchText: text('search_text').generatedAlwaysAs(sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
},
  // The admins' list: newest first among the accounts that are not deleted.
  (t) => [index('users_created_idx').on(t.createdAt)],
);

/** PHONE_VERIFY: the profile's phone check, sent by SMS only (never usable to sign in). */
export const codePurposeEnum = pgEnum('code_purpose', ['SIGN_IN', 'SIGN_UP', 'PHONE_VERIFY']);

/**
 * One row per code sent. Rows double as the send history for the rate limit (created_at) and as
 * the lock record (locked_until), so a row is written for every send, even to an unknown email:
 * the answers then never differ by whether an account exists.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: codePurposeEnum('purpose').notNull(),
    /** HMAC of the code with the server's pepper; never the code itself. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * A phone code's number, keyed like the code (HMAC with the pepper, never the number): the code
     * verifies that number only. Null for codes that prove an email.
     */
    phoneHash: text('phone_hash'),
  },
  (t) => [index('one_time_codes_email_idx').on(t.email, t.createdAt)],
);

/**
 * Wrong passwords per email, known or not (so a lock tells nothing about an account): the fifth
 * locks the email for sign-in by password until `locked_until`; a right password resets the row.
 */
export const passwordAttempts = pgTable('password_attempts', {
  email: text('email').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Sign-in links used (decision 122): a link token's id (jti) until the token expires, so a link
 * signs in once. Rows whose `expires_at` has passed are deleted: no such token verifies any more.
 */
export const signInLinkUses = pgTable('sign_in_link_uses', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Server-wide settings by key (e.g. the generated token signing key shared by every instance). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Requests per client address or account per fixed window (client-limits in the domain): one row
 * per key and window, counted up with one atomic upsert so every instance shares the count.
 * Each process deletes the windows that ended once per window (identity/client-limits.ts).
 */
export const clientLimitCounts = pgTable(
  'client_limit_counts',
  {
    /** e.g. `send:address:203.0.113.7` or `check:account:ann@example.com`. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
