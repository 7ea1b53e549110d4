import {
  alertApproach,
  coverTermBounds,
  evaluateStorm,
  IN_FORCE_STATUSES,
  LEDGER_ACCOUNTS,
  MAX_TERM_PERCENT,
  OPTION_IDS,
  STORM_TRIGGER_FROM_STATUSES,
  STORM_TRIGGER_TARGET,
  TXN_TYPES,
  type AlertApproach,
  type CountryCode,
  type Storm,
  type StormEvaluation,
} from '@fhp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seasons, stormEvaluations } from '../../db/schema';
import type { Ledger, NewLedgerEntry } from '../ledger';
import { ACTIONS } from '../policies/lifecycle';
import { TXN_LOCATIONS } from '../policies/transaction-log';

/**
 * The trigger engine (issue 10 item 4): one storm against every in-force policy of an island
 * whose cover term holds the qualifying time, in a few set-based statements (decision 060). The
 * contract is the domain's (`evaluateStorm` over the season's cover term); SQL only applies its
 * percentages to the rows. Idempotent: a payout is keyed by (policy, storm) and a conflict does
 * nothing. The caller holds the import lock, so two evaluations never interleave.
 */

export interface CreatedPayout {
  payoutId: string;
  policyId: string;
  ownerId: string;
  policyNumber: string;
  /** Percent of the coverage this payout pays (after the 100%-per-term cap). */
  percent: number;
  /** What the contract gives for the storm under the policy's option now. */
  contractPercent: number;
  /** What the storm had already given the policy before this payout (a top-up when above 0). */
  priorContractPercent: number;
  amountCents: number;
  stormId: string;
  stormName: string;
  country: CountryCode;
}

/** One alert per holder per storm: the island it came closest to among the holder's, and the policies there. */
export interface StormAlert {
  ownerId: string;
  policyNumbers: string[];
  stormId: string;
  stormName: string;
  country: CountryCode;
  closestMetres: number;
  closestAt: string;
  categoryLabel: string;
  windKt: number | null;
}

export interface EvaluationResult {
  payouts: CreatedPayout[];
  alerts: StormAlert[];
  /** The (storm, island, season) verdicts that pay anyone under some option. */
  triggers: { stormId: string; country: CountryCode; seasonYear: number; evaluation: StormEvaluation }[];
}

type SeasonRow = typeof seasons.$inferSelect;
/** What both drivers' `execute` answer (node-postgres and PGlite both carry `rows`). */
type QueryRows<T> = { rows: T[] };

/** The seasons whose cover term overlaps the storm's track. */
async function seasonsOverlapping(tx: Db, storm: Storm): Promise<SeasonRow[]> {
  const firstMs = Date.parse(storm.points[0]!.time);
  const lastMs = Date.parse(storm.points[storm.points.length - 1]!.time);
  const rows = await tx.select().from(seasons);
  return rows.filter((season) => {
    const { fromMs, toMs } = coverTermBounds(season);
    return fromMs <= lastMs && firstMs < toMs;
  });
}

const sqlList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const IN_FORCE_SQL = sqlList(IN_FORCE_STATUSES);
/** Statuses the machine lets a storm trigger from: the policy is watched, or already handling a payout. */
const TRIGGERABLE_SQL = sqlList(STORM_TRIGGER_FROM_STATUSES);

/**
 * Payouts for one storm, island and season: INSERT ... SELECT over the in-force policies of the
 * options that pay. A policy is paid what the contract gives for the storm now less what the storm
 * already gave it (the whole % the first time; the difference when an advisory update raised the
 * class, decision 061), capped at what remains of 100% of the coverage in the term (every payout
 * of the policy counts: a policy is one term). `percent` records what is paid, `contract_percent`
 * the contract's level, unique per (policy, storm), so each level pays once. Policies move by the
 * machine's STORM_TRIGGERED step (to PAYOUT_INTIMATION from monitoring or either payout status),
 * with one transaction-log entry per payout.
 */
async function insertPayouts(tx: Db, storm: Storm, country: CountryCode, season: SeasonRow, evaluation: StormEvaluation, at: Date): Promise<CreatedPayout[]> {
  const paying = OPTION_IDS.filter((option) => evaluation.payouts[option] > 0);
  if (paying.length === 0) return [];
  const percents = sql.join(
    paying.map((option) => sql`(${option}::text, ${evaluation.payouts[option]}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    WITH candidates AS (
      SELECT p.id, p.owner_id, p.policy_number, p.status, p.coverage_cents, pct.percent AS contract_percent,
             COALESCE(o.storm_percent, 0) AS prior_percent,
             COALESCE(o.created_cents, 0) AS created_cents,
             COALESCE(o.created_percent, 0) AS created_percent
      FROM policies p
      JOIN (VALUES ${percents}) AS pct(option_id, percent) ON pct.option_id = p.option_id
      -- One pass over the earlier payouts (a correlated sum per policy re-reads the table each time).
      LEFT JOIN (
        SELECT policy_id, sum(amount_cents) AS created_cents, sum(percent) AS created_percent,
               max(contract_percent) FILTER (WHERE storm_ref = ${storm.id}) AS storm_percent
        FROM payouts GROUP BY policy_id
      ) o ON o.policy_id = p.id
      WHERE p.country = ${country} AND p.season_year = ${season.year} AND p.status IN (${TRIGGERABLE_SQL})
      FOR UPDATE OF p
    ),
    sized AS (
      SELECT c.*, LEAST(c.contract_percent - c.prior_percent, ${MAX_TERM_PERCENT} - c.created_percent) AS paid_percent
      FROM candidates c WHERE c.contract_percent > c.prior_percent
    ),
    inserted AS (
      INSERT INTO payouts (policy_id, storm_ref, percent, contract_percent, amount_cents, status, created_at)
      SELECT s.id, ${storm.id}, s.paid_percent, s.contract_percent,
             LEAST((s.coverage_cents::bigint * s.paid_percent + 50) / 100, s.coverage_cents - s.created_cents)::int, 'PENDING', ${at}
      FROM sized s WHERE s.paid_percent > 0 AND s.coverage_cents > s.created_cents
      ON CONFLICT (policy_id, storm_ref, contract_percent) DO NOTHING
      RETURNING id, policy_id, percent, contract_percent, amount_cents
    ),
    moved AS (
      UPDATE policies p SET status = ${STORM_TRIGGER_TARGET}, status_changed_at = ${at}
      FROM inserted i WHERE p.id = i.policy_id AND p.status <> ${STORM_TRIGGER_TARGET}
      RETURNING p.id
    ),
    logged AS (
      INSERT INTO transaction_log (owner_id, performed_by, type, action, payload, txn_set_id, location, created_at)
      SELECT c.owner_id, NULL, ${TXN_TYPES.POLICY_PURCHASE_FLOW}, ${ACTIONS.STORM_TRIGGERED},
             jsonb_build_object('policyNumber', c.policy_number, 'event', 'STORM_TRIGGERED', 'from', c.status, 'to', ${STORM_TRIGGER_TARGET}::text,
                                'payoutId', i.id, 'stormRef', ${storm.id}::text, 'percent', i.percent, 'contractPercent', i.contract_percent,
                                'priorContractPercent', c.prior_percent, 'amountCents', i.amount_cents),
             c.policy_number, ${TXN_LOCATIONS.system}, ${at}
      FROM inserted i JOIN candidates c ON c.id = i.policy_id
      RETURNING 1
    )
    SELECT i.id AS payout_id, i.policy_id, c.owner_id, c.policy_number, i.percent, i.contract_percent, c.prior_percent, i.amount_cents
    FROM inserted i JOIN candidates c ON c.id = i.policy_id
    ORDER BY c.policy_number
  `)) as unknown as QueryRows<{
    payout_id: string;
    policy_id: string;
    owner_id: string;
    policy_number: string;
    percent: number;
    contract_percent: number;
    prior_percent: number;
    amount_cents: number;
  }>;
  return result.rows.map((row) => ({
    payoutId: row.payout_id,
    policyId: row.policy_id,
    ownerId: row.owner_id,
    policyNumber: row.policy_number,
    percent: Number(row.percent),
    contractPercent: Number(row.contract_percent),
    priorContractPercent: Number(row.prior_percent),
    amountCents: Number(row.amount_cents),
    stormId: storm.id,
    stormName: storm.name,
    country,
  }));
}

interface PendingAlert {
  country: CountryCode;
  seasonYear: number;
  approach: AlertApproach;
}

/**
 * Storm alerts (issue 10 item 6): when a tropical system came within 300 km of an island inside a
 * season's cover term, every holder of an in-force policy there is alerted once per storm, however
 * many policies they hold (the primary key (storm, holder)), about the island it came closest to
 * among theirs; set-based like the payouts.
 */
async function insertAlerts(tx: Db, storm: Storm, pending: readonly PendingAlert[], at: Date): Promise<StormAlert[]> {
  if (pending.length === 0) return [];
  const approaches = sql.join(
    pending.map(
      (alert, index) =>
        sql`(${index}::int, ${alert.country}::text, ${alert.seasonYear}::int, ${Math.round(alert.approach.distanceMetres)}::int, ${new Date(alert.approach.time)}::timestamptz)`,
    ),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    WITH approach AS (
      SELECT * FROM (VALUES ${approaches}) AS v(idx, country, season_year, metres, closest_at)
    ),
    holders AS (
      SELECT DISTINCT ON (p.owner_id) p.owner_id, a.idx, a.country, a.metres, a.closest_at
      FROM policies p JOIN approach a ON a.country = p.country AND a.season_year = p.season_year
      WHERE p.status IN (${IN_FORCE_SQL})
      ORDER BY p.owner_id, a.metres, a.idx
    ),
    alerted AS (
      INSERT INTO storm_alerts (storm_id, owner_id, country, closest_metres, closest_at, created_at)
      SELECT ${storm.id}, h.owner_id, h.country, h.metres, h.closest_at, ${at} FROM holders h
      ON CONFLICT (storm_id, owner_id) DO NOTHING
      RETURNING owner_id
    )
    SELECT h.owner_id, h.idx, array_agg(p.policy_number ORDER BY p.policy_number) AS policy_numbers
    FROM alerted al
    JOIN holders h ON h.owner_id = al.owner_id
    JOIN approach a ON a.idx = h.idx
    JOIN policies p ON p.owner_id = h.owner_id AND p.country = a.country AND p.season_year = a.season_year AND p.status IN (${IN_FORCE_SQL})
    GROUP BY h.owner_id, h.idx
    ORDER BY h.owner_id
  `)) as unknown as QueryRows<{ owner_id: string; idx: number; policy_numbers: string[] }>;
  return result.rows.map((row) => {
    const { country, approach } = pending[Number(row.idx)]!;
    return {
      ownerId: row.owner_id,
      policyNumbers: row.policy_numbers,
      stormId: storm.id,
      stormName: storm.name,
      country,
      closestMetres: Math.round(approach.distanceMetres),
      closestAt: approach.time,
      categoryLabel: approach.categoryLabel,
      windKt: approach.windKt,
    };
  });
}

/** The TRIGGER_EVENT entry of a storm over an island and season, then one PAYOUT_CREATED per payout. */
function ledgerEntries(
  ledger: Ledger,
  trigger: { stormId: string; name: string; country: CountryCode; seasonYear: number; version: number; evaluation: StormEvaluation } | null,
  created: readonly CreatedPayout[],
  at: Date,
): NewLedgerEntry[] {
  const entries: NewLedgerEntry[] = [];
  if (trigger) {
    entries.push({
      kind: 'TRIGGER_EVENT',
      txnId: `${trigger.stormId}-${trigger.country}-${trigger.seasonYear}`,
      from: LEDGER_ACCOUNTS.cover,
      to: LEDGER_ACCOUNTS.cover,
      valueCents: null,
      data: {
        storm: trigger.stormId,
        name: trigger.name,
        country: trigger.country,
        season: trigger.seasonYear,
        version: trigger.version,
        c1: trigger.evaluation.c1 ?? 'none',
        c2: trigger.evaluation.c2 ?? 'none',
        ...Object.fromEntries(OPTION_IDS.map((option) => [`option${option}`, trigger.evaluation.payouts[option]])),
      },
      at,
    });
  }
  for (const payout of created) {
    entries.push({
      kind: 'PAYOUT_CREATED',
      txnId: payout.payoutId,
      from: LEDGER_ACCOUNTS.payouts,
      to: ledger.accountOf(payout.ownerId),
      valueCents: payout.amountCents,
      data: { policyNumber: payout.policyNumber, storm: payout.stormId, percent: payout.percent, contractPercent: payout.contractPercent },
      at,
    });
  }
  return entries;
}

/** Whether a stored verdict says something else than the new one (an advisory update changed the classes or the %). */
function verdictChanged(previous: typeof stormEvaluations.$inferSelect, evaluation: StormEvaluation): boolean {
  return previous.c1 !== evaluation.c1 || previous.c2 !== evaluation.c2 || OPTION_IDS.some((option) => (previous.payouts[option] ?? 0) !== evaluation.payouts[option]);
}

/**
 * Evaluates one stored storm (its whole current track) against both islands and every season its
 * track overlaps, inside the caller's transaction. A TRIGGER_EVENT goes on the ledger the first
 * time the storm pays anyone over an island and season, and again when an update changes that
 * verdict. Ledger entries are appended last.
 */
export async function evaluateStoredStorm(
  tx: Db,
  ledger: Ledger,
  storm: Storm,
  version: number,
  countries: readonly CountryCode[],
  at: Date,
): Promise<EvaluationResult> {
  const result: EvaluationResult = { payouts: [], alerts: [], triggers: [] };
  const entries: NewLedgerEntry[] = [];
  const pendingTriggers: { country: CountryCode; seasonYear: number; index: number }[] = [];
  const pendingAlerts: PendingAlert[] = [];
  for (const season of await seasonsOverlapping(tx, storm)) {
    const term = coverTermBounds(season);
    for (const country of countries) {
      const evaluation = evaluateStorm(storm, country, term);
      const where = and(eq(stormEvaluations.stormId, storm.id), eq(stormEvaluations.country, country), eq(stormEvaluations.seasonYear, season.year));
      const [previous] = await tx.select().from(stormEvaluations).where(where).for('update');
      const values = {
        version,
        c1: evaluation.c1,
        c2: evaluation.c2,
        payouts: evaluation.payouts,
        qualifyingTimes: evaluation.qualifyingTimes,
        evaluatedAt: at,
      };
      if (previous) await tx.update(stormEvaluations).set(values).where(where);
      else await tx.insert(stormEvaluations).values({ stormId: storm.id, country, seasonYear: season.year, ...values });

      const pays = OPTION_IDS.some((option) => evaluation.payouts[option] > 0);
      const created = await insertPayouts(tx, storm, country, season, evaluation, at);
      const newTrigger = pays && (!previous?.ledgerSequence || verdictChanged(previous, evaluation));
      if (newTrigger) {
        pendingTriggers.push({ country, seasonYear: season.year, index: entries.length });
        result.triggers.push({ stormId: storm.id, country, seasonYear: season.year, evaluation });
      }
      entries.push(...ledgerEntries(ledger, newTrigger ? { stormId: storm.id, name: storm.name, country, seasonYear: season.year, version, evaluation } : null, created, at));
      result.payouts.push(...created);
      const approach = alertApproach(storm, country, term);
      if (approach) pendingAlerts.push({ country, seasonYear: season.year, approach });
    }
  }
  result.alerts.push(...(await insertAlerts(tx, storm, pendingAlerts, at)));
  const appended = await ledger.appendMany(tx, entries);
  for (const trigger of pendingTriggers) {
    await tx
      .update(stormEvaluations)
      .set({ ledgerSequence: appended[trigger.index]!.sequence })
      .where(and(eq(stormEvaluations.stormId, storm.id), eq(stormEvaluations.country, trigger.country), eq(stormEvaluations.seasonYear, trigger.seasonYear)));
  }
  return result;
}
