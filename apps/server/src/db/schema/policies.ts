import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { POLICY_STATUSES, POLICY_TYPES, type CrimeFlag, type PaymentChannel, type PaymentPlan, type PolicyStatus, type PolicyType, type SelectableEntry } from '@fhp/domain';
import { oneOf } from './checks';
import { files } from './files';
import { users } from './identity';
import { seasons } from './pricing';

/**
 * Policies (product-decisions "Policy lifecycle"). Amounts are integer cents: EC$270,000.00 is
 * 27,000,000 cents, well inside an integer column.
 */
export const policies = pgTable(
  'policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyNumber: text('policy_number').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<PolicyType>().notNull(),
    status: text('status').$type<PolicyStatus>().notNull(),
    country: text('country').notNull(),
    optionId: text('option_id').notNull(),
    coverageCents: integer('coverage_cents').notNull(),
    /** Before any discount. */
    premiumCents: integer('premium_cents').notNull(),
    /** What the holder owes when an offer applied; null without one. */
    discountedPremiumCents: integer('discounted_premium_cents'),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }),
    seasonYear: integer('season_year')
      .notNull()
      .references(() => seasons.year),
    paymentPlan: text('payment_plan').$type<PaymentPlan>().notNull(),
    paymentChannel: text('payment_channel').$type<PaymentChannel>().notNull(),
    bankTransferReference: text('bank_transfer_reference'),
    politicallyExposed: boolean('politically_exposed').notNull(),
    charged: jsonb('charged').$type<Record<CrimeFlag, boolean>>().notNull(),
    useOfProceeds: jsonb('use_of_proceeds').$type<SelectableEntry[]>().notNull(),
    termsOfUse: jsonb('terms_of_use').$type<SelectableEntry[]>().notNull(),
    /** Made once per confirm screen by the web; a repeat returns this policy instead of a second one. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The state machine's amounts (issue 7), kept on the row that the payment and payout
     * transactions lock: the sum of `payments`, of paid `payouts`, and what a cancellation owes back.
     */
    paidCents: integer('paid_cents').notNull().default(0),
    paidOutCents: integer('paid_out_cents').notNull().default(0),
    refundDueCents: integer('refund_due_cents').notNull().default(0),
    /** When the completing payment turned it into a contract (type ACTUAL). */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** The contract PDF in the blob store (owner = the holder); null until it is generated. */
    contractFileId: uuid('contract_file_id').references(() => files.id),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  },
  (t) => [
    // Also the index of a holder's policies (its leading column): a second one on owner_id alone
    // only cost every write (decision 066).
    unique('policies_owner_idempotency_key').on(t.ownerId, t.idempotencyKey),
    // The daily jobs look up the policies waiting for a payment or for the season to start. Partial,
    // so a policy moving between the statuses of a watched policy (a storm moving 100,000 of them at
    // once) does not write it (decision 066); the yearly expiry reads the table once a day.
    index('policies_status_idx')
      .on(t.status, t.seasonYear)
      .where(sql`${t.status} IN ('PAYMENT_PENDING', 'ISSUED')`),
    unique('policies_bank_transfer_reference').on(t.bankTransferReference),
    // The admins' portfolio groups every policy by these and sums the rest (decision 072): with all
    // of them in one index, PostgreSQL reads the index alone instead of the wide rows.
    // The trigger engine's selection (decision 140): the policies of an island and season under an
    // option, issued at or before the storm's qualifying sample, whatever their status. Partial:
    // provisional and canceled policies, never issued, are never paid and stay out of it.
    index('policies_cover_idx')
      .on(t.country, t.seasonYear, t.optionId, t.issuedAt)
      .where(sql`${t.issuedAt} IS NOT NULL`),
    index('policies_portfolio_idx').on(t.country, t.optionId, t.status, t.seasonYear, t.coverageCents, t.premiumCents, t.discountedPremiumCents, t.paidCents),
    // The money's invariants, held by the database too (issue 19 item 5): whatever code or script
    // writes a policy, it never holds more than is payable or pays out more than its coverage.
    check('policies_type', oneOf(t.type, POLICY_TYPES)),
    check('policies_status', oneOf(t.status, POLICY_STATUSES)),
    check('policies_amounts_positive', sql`${t.coverageCents} > 0 and ${t.premiumCents} > 0 and (${t.discountedPremiumCents} is null or ${t.discountedPremiumCents} > 0)`),
    check('policies_paid_within_payable', sql`${t.paidCents} >= 0 and ${t.paidCents} <= coalesce(${t.discountedPremiumCents}, ${t.premiumCents})`),
    check('policies_paid_out_within_coverage', sql`${t.paidOutCents} >= 0 and ${t.paidOutCents} <= ${t.coverageCents}`),
    check('policies_refund_within_paid', sql`${t.refundDueCents} >= 0 and ${t.refundDueCents} <= ${t.paidCents}`),
  ],
);

/**
 * What each holder holds per country and season, cancelled policies left out: the count and the
 * cover the purchase checks against the limits per holder, on the row it locks for that. Kept by
 * triggers on `policies` (migration holder_limits): every insert, change of status, cover or
 * owner, and delete moves it, whichever code or script wrote the policy.
 */
export const holderTotals = pgTable(
  'holder_totals',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    seasonYear: integer('season_year').notNull(),
    policies: integer('policies').notNull(),
    coverageCents: bigint('coverage_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.country, t.seasonYear] })],
);

/**
 * The rates a policy was sold at, written with it: a later change of the country's pricing never
 * alters a policy (its premium is stored in `policies`; these say how it was made).
 */
export const policySaleRates = pgTable('policy_sale_rates', {
  policyId: uuid('policy_id')
    .primaryKey()
    .references(() => policies.id),
  /** The season whose pricing was used (the policy's own, or the latest earlier one it carried over from). */
  pricingSeasonYear: integer('pricing_season_year').notNull(),
  rolPct: numeric('rol_pct', { precision: 5, scale: 2 }).notNull(),
  platformChargePct: numeric('platform_charge_pct', { precision: 5, scale: 2 }).notNull(),
  insuranceProviderChargePct: numeric('insurance_provider_charge_pct', { precision: 5, scale: 2 }).notNull(),
  currencyCode: text('currency_code').notNull(),
});

export const policyBeneficiaries = pgTable('policy_beneficiaries', {
  policyId: uuid('policy_id')
    .primaryKey()
    .references(() => policies.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  mobileNo: text('mobile_no').notNull(),
  addressLine1: text('address_line1').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
});

export const policyInstalments = pgTable(
  'policy_instalments',
  {
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.number] })],
);

/**
 * The last policy sequence handed out per country and season. Incremented with
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` by the purchase transaction's last statement
 * (modules/purchase/policy-numbers.ts): the row lock serialises instances on PostgreSQL, and a
 * rolled-back purchase gives its number back.
 */
export const policyNumberCounters = pgTable(
  'policy_number_counters',
  {
    country: text('country').notNull(),
    seasonYear: integer('season_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.seasonYear] })],
);

/**
 * The transaction log (the spec's timelines, getTxnList): one entry per KYC submission, purchase,
 * payment, ... `txnSetId` groups the entries of one record (a policy's number). Payloads carry
 * what happened, never document contents or codes.
 */
export const transactionLog = pgTable(
  'transaction_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    performedBy: uuid('performed_by').references(() => users.id),
    type: text('type').notNull(),
    action: text('action').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    txnSetId: text('txn_set_id'),
    location: text('location'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The order entries were written in: entries of one change share its time (a payment and the
     * contract it issues), and a random id would order those at random (decision 066).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  // getTxnList reads newest first (created_at, then the order written) within an owner, a performer
  // or the whole log, so each of those has an index in that order; a policy's timeline narrows by
  // txn_set_id. The system (jobs, the trigger engine) performs most entries: no performer, so they
  // stay out of the performer's index.
  (t) => [
    index('transaction_log_owner_idx').on(t.ownerId, t.createdAt, t.seq),
    index('transaction_log_performer_idx').on(t.performedBy, t.createdAt, t.seq).where(sql`${t.performedBy} IS NOT NULL`),
    index('transaction_log_created_idx').on(t.createdAt, t.seq),
    index('transaction_log_set_idx').on(t.txnSetId),
  ],
);
