import { bankTransferReference, formatPolicyNumber, type CountryCode } from '@fhp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies, policyNumberCounters, transactionLog } from '../../db/schema';

/**
 * Policy numbers without gaps (decision 082). The per-country, per-season counter row is locked
 * from the statement that increments it until the purchase commits; every purchase of that
 * country and season waits for it. So the number is taken by the statement that stores the policy,
 * its rows and its log entry (the purchase's only write): the row stays locked for the rest of
 * that statement and the commit, however long the purchase's reads took.
 *
 * The number (and the bank-transfer reference, whose check digit is the domain's) is formatted
 * here, before the counter is known: the statement carries those of the next CANDIDATES sequences
 * after the counter's value read beforehand (`readNumberBase`, without a lock), and keeps the one
 * it drew. Only when more purchases than that committed in between does a second statement write
 * the exact one.
 */
const CANDIDATES = 64;

/** What a policy is stored with until its number is drawn: unique, and never a policy number. */
export function pendingNumber(policyId: string): string {
  return `pending-${policyId}`;
}

export interface NumberedPolicy {
  policyNumber: string;
  bankTransferReference: string | null;
}

type DrawnPolicy = { id: string; country: CountryCode; seasonYear: number; bankTransfer: boolean };

function numbered(country: CountryCode, seasonYear: number, sequence: number, bankTransfer: boolean): NumberedPolicy {
  const policyNumber = formatPolicyNumber({ country, seasonYear, sequence });
  return { policyNumber, bankTransferReference: bankTransfer ? bankTransferReference(policyNumber) : null };
}

/** Writes the number into the policy and into the log entries filed under its pending number. */
function writeNumber(policyId: string, number: NumberedPolicy) {
  return sql`with p as (
      update ${policies} set policy_number = ${number.policyNumber}, bank_transfer_reference = ${number.bankTransferReference}
      where ${policies.id} = ${policyId} returning policy_number
    )
    update ${transactionLog} set txn_set_id = p.policy_number, payload = jsonb_set(${transactionLog.payload}, '{policyNumber}', to_jsonb(p.policy_number))
    from p where ${transactionLog.txnSetId} = ${pendingNumber(policyId)}`;
}

/** The counter's value now, read without a lock: where the candidates of `policyNumberDraw` start. */
export async function readNumberBase(db: Db, country: CountryCode, seasonYear: number): Promise<number> {
  const [current] = await db
    .select({ last: policyNumberCounters.lastSequence })
    .from(policyNumberCounters)
    .where(and(eq(policyNumberCounters.country, country), eq(policyNumberCounters.seasonYear, seasonYear)));
  return current?.last ?? 0;
}

/**
 * `readNumberBase` of every season of a country at once (one row per season), for a caller that
 * learns the season from reads made at the same time: the purchase reads it with them instead of
 * waiting for a connection a second time.
 */
export async function readNumberBases(db: Db, country: CountryCode): Promise<(seasonYear: number) => number> {
  const rows = await db
    .select({ seasonYear: policyNumberCounters.seasonYear, last: policyNumberCounters.lastSequence })
    .from(policyNumberCounters)
    .where(eq(policyNumberCounters.country, country));
  return (seasonYear) => rows.find((row) => row.seasonYear === seasonYear)?.last ?? 0;
}

/**
 * The draw of the next number, as parts of the statement that stores the policy (the transaction's
 * last statement, with a recent `readNumberBase`): `ctes` increment the counter and pick the
 * candidate; `number` and `reference` are the values to store, the policy's pending number when
 * no candidate fits (see `settleNumber`).
 */
export function policyNumberDraw(tx: Db, policy: DrawnPolicy, base: number) {
  const { id, country, seasonYear, bankTransfer } = policy;
  const candidates = Array.from({ length: CANDIDATES }, (_, i) => {
    const next = numbered(country, seasonYear, base + 1 + i, bankTransfer);
    return [next.policyNumber, next.bankTransferReference];
  });
  const counter = tx.$with('number_counter', { seq: sql<number>`seq`.as('seq') }).as(
    sql`insert into ${policyNumberCounters} (country, season_year, last_sequence) values (${country}, ${seasonYear}, 1)
      on conflict (country, season_year) do update set last_sequence = ${policyNumberCounters.lastSequence} + 1
      returning last_sequence as seq`,
  );
  // No candidate (null) below the base too: a counter never goes back, but a negative index would
  // count from the array's end.
  const picked = tx.$with('number_picked', { candidate: sql<unknown>`candidate`.as('candidate') }).as(
    sql`select case when seq > ${base}::int then ${JSON.stringify(candidates)}::jsonb -> (seq - ${base}::int - 1) end as candidate from ${counter}`,
  );
  return {
    ctes: [counter, picked] as const,
    number: sql<string>`coalesce((select candidate ->> 0 from ${picked}), ${pendingNumber(id)})`,
    reference: sql<string | null>`(select candidate ->> 1 from ${picked})`,
  };
}

/**
 * After the statement of `policyNumberDraw`: the number it stored, or, when it stored the pending
 * one (more purchases committed between the read and the draw than there were candidates), the
 * exact one, written by a second statement: the counter row is still locked by this transaction,
 * so its value is the sequence drawn.
 */
export async function settleNumber(tx: Db, policy: DrawnPolicy, stored: NumberedPolicy): Promise<NumberedPolicy> {
  if (stored.policyNumber !== pendingNumber(policy.id)) return stored;
  const exact = numbered(policy.country, policy.seasonYear, await readNumberBase(tx, policy.country, policy.seasonYear), policy.bankTransfer);
  await tx.execute(writeNumber(policy.id, exact));
  return exact;
}
