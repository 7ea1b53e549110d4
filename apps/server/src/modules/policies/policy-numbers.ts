import { bankTransferReference, formatPolicyNumber, type CountryCode } from '@fhp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies, policyNumberCounters, transactionLog } from '../../db/schema';

/**
 * Policy numbers without gaps (decision 082). The per-country, per-season counter row is locked
 * from the statement that increments it until the purchase commits; every purchase of that
 * country and season waits for it. So the number is taken by the purchase's last statement, which
 * also writes it into the policy and its log entry: the row stays locked for that one round trip
 * and the commit, however long the rest of the purchase took.
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

/** Rows of a raw statement: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

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

/** The counter's value now, read without a lock: where the candidates of `drawPolicyNumber` start. */
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
 * Draws the next number for a policy stored under `pendingNumber(policyId)` and writes it: call it
 * as the last statement of the transaction that stored the policy, with a recent `readNumberBase`.
 */
export async function drawPolicyNumber(
  tx: Db,
  policy: { id: string; country: CountryCode; seasonYear: number; bankTransfer: boolean },
  base: number,
): Promise<NumberedPolicy> {
  const { id, country, seasonYear, bankTransfer } = policy;
  const candidates = Array.from({ length: CANDIDATES }, (_, i) => {
    const next = numbered(country, seasonYear, base + 1 + i, bankTransfer);
    return [next.policyNumber, next.bankTransferReference];
  });

  const drawn = rowsOf<{ seq: number; number: string | null }>(
    await tx.execute(sql`with n as (
        insert into ${policyNumberCounters} (country, season_year, last_sequence) values (${country}, ${seasonYear}, 1)
        on conflict (country, season_year) do update set last_sequence = ${policyNumberCounters.lastSequence} + 1
        returning last_sequence as seq
      ), picked as (
        select n.seq, (${JSON.stringify(candidates)}::jsonb -> (n.seq - ${base}::int - 1)) as candidate from n
      ), p as (
        update ${policies} set policy_number = picked.candidate ->> 0, bank_transfer_reference = picked.candidate ->> 1
        from picked where ${policies.id} = ${id} and picked.candidate is not null
        returning policy_number
      ), l as (
        update ${transactionLog} set txn_set_id = p.policy_number, payload = jsonb_set(${transactionLog.payload}, '{policyNumber}', to_jsonb(p.policy_number))
        from p where ${transactionLog.txnSetId} = ${pendingNumber(id)}
      )
      select picked.seq, p.policy_number as number from picked left join p on true`),
  )[0];
  if (!drawn) throw new Error('No policy number was drawn');
  const exact = numbered(country, seasonYear, Number(drawn.seq), bankTransfer);
  if (drawn.number === exact.policyNumber) return exact;
  // More purchases committed between the read and the draw than there were candidates.
  await tx.execute(writeNumber(id, exact));
  return exact;
}
