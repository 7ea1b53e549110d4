/**
 * A digest of everything a request could have written, for "a refusal writes nothing" (the
 * property tests over GraphQL and REST): one md5 per table over its rows, order-free; files by
 * their metadata. Left out on purpose: counters that refusals write too (per-client limits,
 * password attempts, a code's wrong tries) and what workers change on their own (the delivery
 * queue, job runs, ledger blocks).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** Tables a request can write. */
const WATCHED = [
  'users',
  'customer_profiles',
  'kyc_documents',
  'policies',
  'policy_instalments',
  'policy_beneficiaries',
  'policy_sale_rates',
  'policy_number_counters',
  'holder_totals',
  'holder_limits',
  'payments',
  'payouts',
  'cancellation_requests',
  'instalment_reminders',
  'transaction_log',
  'ledger_entries',
  'ledger_head',
  'bank_accounts',
  'content',
  'faqs',
  'products',
  'seasons',
  'offers',
  'country_pricing',
  'option_rates',
  'charge_tiers',
  'roles',
  'storms',
  'storm_evaluations',
  'storm_alerts',
] as const;

/** One digest per table (its rows, order-free), files by their metadata; one statement. */
const SNAPSHOT = sql.raw(
  `select ${[
    ...WATCHED.map((table) => `(select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) from ${table} t) as "${table}"`),
    `(select md5(coalesce(string_agg(md5(concat_ws('|', id, owner_id, purpose, attached_at)), '' order by md5(concat_ws('|', id, owner_id, purpose, attached_at))), '')) from files) as "files"`,
    `(select count(*) from one_time_codes)::text as "one_time_codes"`,
  ].join(',\n')}`,
);

/** Table name -> digest of its rows (one statement). */
export async function storedDigest(db: Db): Promise<Record<string, string>> {
  return ((await db.execute(SNAPSHOT)) as unknown as { rows: Record<string, string>[] }).rows[0]!;
}
