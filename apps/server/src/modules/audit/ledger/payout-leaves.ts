import { evaluationLeavesOf, holdsPayout, parseLedgerPayload, payoutCreatedRecord, type EvaluationLeaves, type LedgerPayload, type PayoutLeaf } from '@fhp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerEntries } from '../../../db/schema';
import type { LedgerEntryRow } from './append';

/**
 * Where a payout's leaf is (decision 174): the payouts a storm evaluation created are the leaves of
 * the Merkle tree its one TRIGGER_EVENT entry holds the root of. The entry names its storm, island
 * and season, its timestamp is the evaluation's instant (the payouts' `created_at`) and it names its
 * first and last payout id: those four pick its payouts out of the table with no column of their
 * own, so the engine writes nothing more per payout than the payout itself.
 */

/** The evaluation's entry's txnId: its storm over an island in a season. */
export const evaluationTxnId = (stormRef: string, country: string, seasonYear: number) => `${stormRef}-${country}-${seasonYear}`;

/** A payout row with what its record and its evaluation are rebuilt from. */
export interface PayoutLeafRow {
  id: string;
  policy_number: string;
  country: string;
  season_year: number;
  storm_ref: string | null;
  percent: number;
  contract_percent: number;
  amount_cents: number;
  created_at: Date | string;
}

/** The record a payout's leaf is the hash of, rebuilt from its row. */
export function payoutLeafOf(row: PayoutLeafRow): PayoutLeaf {
  return {
    payoutId: row.id,
    record: payoutCreatedRecord({
      payoutId: row.id,
      policyNumber: row.policy_number,
      stormRef: row.storm_ref,
      percent: row.percent,
      contractPercent: row.contract_percent,
      amountCents: row.amount_cents,
    }),
  };
}

export const isoInstant = (value: Date | string) => new Date(value).toISOString();

/** The columns of a payout's leaf, with its policy's number, island and season. */
const LEAF_COLUMNS = sql`pa.id, p.policy_number, p.country, p.season_year, pa.storm_ref, pa.percent, pa.contract_percent, pa.amount_cents, pa.created_at`;

type Rows<T> = { rows: T[] };

export async function findPayoutLeafRow(db: Db, payoutId: string): Promise<PayoutLeafRow | undefined> {
  const result = (await db.execute(sql`SELECT ${LEAF_COLUMNS} FROM payouts pa JOIN policies p ON p.id = pa.policy_id WHERE pa.id = ${payoutId}::uuid`)) as unknown as Rows<PayoutLeafRow>;
  return result.rows[0];
}

/** An evaluation's entry with what it says about its payouts. */
export interface EvaluationEntry {
  entry: LedgerEntryRow;
  payload: LedgerPayload;
  leaves: EvaluationLeaves;
}

export function evaluationEntryOf(entry: LedgerEntryRow): EvaluationEntry | null {
  let payload: LedgerPayload;
  try {
    payload = parseLedgerPayload(entry.payload) as LedgerPayload;
  } catch {
    return null;
  }
  const leaves = evaluationLeavesOf(payload);
  return leaves ? { entry, payload, leaves } : null;
}

/** Whether an evaluation's entry holds this payout: the same storm, island, season and instant, its id in the entry's range. */
export function entryHoldsPayout(evaluation: Pick<EvaluationEntry, 'payload' | 'leaves'>, row: PayoutLeafRow): boolean {
  const data = evaluation.payload.data as Record<string, unknown>;
  return (
    data.storm === row.storm_ref &&
    data.country === row.country &&
    data.season === row.season_year &&
    evaluation.payload.timestamp === isoInstant(row.created_at) &&
    holdsPayout(evaluation.leaves, row.id)
  );
}

/** The entry of the evaluation that created the payout, or undefined when no entry holds it. */
export async function findPayoutEvaluation(db: Db, row: PayoutLeafRow): Promise<EvaluationEntry | undefined> {
  if (row.storm_ref === null) return undefined;
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.txnId, evaluationTxnId(row.storm_ref, row.country, row.season_year)), eq(ledgerEntries.kind, 'TRIGGER_EVENT')))
    .orderBy(asc(ledgerEntries.sequence));
  for (const entry of entries) {
    const evaluation = evaluationEntryOf(entry);
    if (evaluation && entryHoldsPayout(evaluation, row)) return evaluation;
  }
  return undefined;
}

/**
 * The payouts an evaluation's entry holds, as the table has them now, in leaf order. Read through
 * the storm's index (storm, created_at); a row moved out of the range, the storm, the island or
 * the instant is missing here, and the root then differs.
 */
export async function loadEvaluationPayouts(db: Db, evaluation: Pick<EvaluationEntry, 'payload' | 'leaves'>): Promise<PayoutLeafRow[]> {
  const data = evaluation.payload.data as Record<string, unknown>;
  const result = (await db.execute(sql`
    SELECT ${LEAF_COLUMNS} FROM payouts pa JOIN policies p ON p.id = pa.policy_id
    WHERE pa.storm_ref = ${String(data.storm)} AND pa.created_at = ${evaluation.payload.timestamp}::timestamptz
      AND p.country = ${String(data.country)} AND p.season_year = ${Number(data.season)}
      AND pa.id BETWEEN ${evaluation.leaves.firstPayout}::uuid AND ${evaluation.leaves.lastPayout}::uuid
    ORDER BY pa.id`)) as unknown as Rows<PayoutLeafRow>;
  return result.rows;
}

/**
 * The entry that proves each payout, by payout id: its evaluation's, or (created before decision
 * 174) its own PAYOUT_CREATED. For the few payouts a page shows; a payout no entry holds is absent.
 */
export async function payoutEntryHashes(db: Db, payoutIds: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const payoutId of payoutIds) {
    const row = await findPayoutLeafRow(db, payoutId);
    if (!row) continue;
    const evaluation = await findPayoutEvaluation(db, row);
    if (evaluation) {
      found.set(payoutId, evaluation.entry.hash);
      continue;
    }
    const [own] = await db
      .select({ hash: ledgerEntries.hash })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.txnId, payoutId), eq(ledgerEntries.kind, 'PAYOUT_CREATED')))
      .limit(1);
    if (own) found.set(payoutId, own.hash);
  }
  return found;
}
