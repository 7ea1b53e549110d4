import {
  categoryLabel,
  coverTermBounds,
  evaluateStorm,
  IN_FORCE_STATUSES,
  LEDGER_ACCOUNTS,
  nearbySamples,
  OPTION_IDS,
  POLICY_TRANSITIONS,
  TXN_TYPES,
  type CountryCode,
  type Storm,
  type StormEvaluation,
  wholeKnots,
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

/** The storm trigger's move, from the domain's transition table (EVENT_MONITORING -> PAYOUT_INTIMATION). */
const [TRIGGER_FROM, TRIGGER_TO] = (() => {
  const [from, targets] = Object.entries(POLICY_TRANSITIONS.STORM_TRIGGERED)[0]!;
  return [from, targets![0]!] as const;
})();

export interface CreatedPayout {
  payoutId: string;
  policyId: string;
  ownerId: string;
  policyNumber: string;
  percent: number;
  amountCents: number;
  stormId: string;
  stormName: string;
  country: CountryCode;
}

export interface StormAlert {
  policyId: string;
  ownerId: string;
  policyNumber: string;
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

const IN_FORCE_SQL = sql.join(
  IN_FORCE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Payouts for one storm, island and season: INSERT ... SELECT over the in-force policies of the
 * options that pay, capped at what remains of the coverage (every payout of the policy counts: a
 * policy is one term), policies moved by the machine's STORM_TRIGGERED step when they are in its
 * from-status (a policy already handling a payout keeps its status and gets the payout record, as
 * the domain's table says), and one transaction-log entry per payout.
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
      SELECT p.id, p.owner_id, p.policy_number, p.status, pct.percent,
             (p.coverage_cents::bigint * pct.percent + 50) / 100 AS full_cents,
             p.coverage_cents - COALESCE(o.created_cents, 0) AS remaining_cents
      FROM policies p
      JOIN (VALUES ${percents}) AS pct(option_id, percent) ON pct.option_id = p.option_id
      -- One pass over the earlier payouts (a correlated sum per policy re-reads the table each time).
      LEFT JOIN (SELECT policy_id, sum(amount_cents) AS created_cents FROM payouts GROUP BY policy_id) o ON o.policy_id = p.id
      WHERE p.country = ${country} AND p.season_year = ${season.year} AND p.status IN (${IN_FORCE_SQL})
      FOR UPDATE OF p
    ),
    inserted AS (
      INSERT INTO payouts (policy_id, storm_ref, percent, amount_cents, status, created_at)
      SELECT c.id, ${storm.id}, c.percent, LEAST(c.full_cents, c.remaining_cents)::int, 'PENDING', ${at}
      FROM candidates c WHERE c.remaining_cents > 0
      ON CONFLICT (policy_id, storm_ref) DO NOTHING
      RETURNING id, policy_id, percent, amount_cents
    ),
    moved AS (
      UPDATE policies p SET status = ${TRIGGER_TO}, status_changed_at = ${at}
      FROM inserted i WHERE p.id = i.policy_id AND p.status = ${TRIGGER_FROM}
      RETURNING p.id
    ),
    logged AS (
      INSERT INTO transaction_log (owner_id, performed_by, type, action, payload, txn_set_id, location, created_at)
      SELECT c.owner_id, NULL, ${TXN_TYPES.POLICY_PURCHASE_FLOW}, ${ACTIONS.STORM_TRIGGERED},
             jsonb_build_object('policyNumber', c.policy_number, 'event', 'STORM_TRIGGERED', 'from', c.status,
                                'to', CASE WHEN m.id IS NULL THEN c.status ELSE ${TRIGGER_TO}::text END,
                                'payoutId', i.id, 'stormRef', ${storm.id}::text, 'percent', i.percent, 'amountCents', i.amount_cents),
             c.policy_number, ${TXN_LOCATIONS.system}, ${at}
      FROM inserted i JOIN candidates c ON c.id = i.policy_id LEFT JOIN moved m ON m.id = i.policy_id
      RETURNING 1
    )
    SELECT i.id AS payout_id, i.policy_id, c.owner_id, c.policy_number, i.percent, i.amount_cents
    FROM inserted i JOIN candidates c ON c.id = i.policy_id
    ORDER BY c.policy_number
  `)) as unknown as QueryRows<{ payout_id: string; policy_id: string; owner_id: string; policy_number: string; percent: number; amount_cents: number }>;
  return result.rows.map((row) => ({
    payoutId: row.payout_id,
    policyId: row.policy_id,
    ownerId: row.owner_id,
    policyNumber: row.policy_number,
    percent: Number(row.percent),
    amountCents: Number(row.amount_cents),
    stormId: storm.id,
    stormName: storm.name,
    country,
  }));
}

/**
 * Storm alerts (issue 10 item 6): a system within 300 km of the island inside the season's cover
 * term alerts every holder of an in-force policy there once per storm (the primary key of
 * `storm_alerts`), set-based like the payouts.
 */
async function insertAlerts(tx: Db, storm: Storm, country: CountryCode, season: SeasonRow, at: Date): Promise<StormAlert[]> {
  const { fromMs, toMs } = coverTermBounds(season);
  const inTerm = nearbySamples(storm, country).filter((sample) => sample.timeMs >= fromMs && sample.timeMs < toMs);
  if (inTerm.length === 0) return [];
  const closest = inTerm.reduce((best, sample) => (sample.distanceMetres < best.distanceMetres ? sample : best));
  const closestAt = new Date(closest.timeMs);
  const metres = Math.round(closest.distanceMetres);
  const result = (await tx.execute(sql`
    WITH alerted AS (
      INSERT INTO storm_alerts (storm_id, policy_id, closest_metres, closest_at, created_at)
      SELECT ${storm.id}, p.id, ${metres}, ${closestAt}, ${at}
      FROM policies p
      WHERE p.country = ${country} AND p.season_year = ${season.year} AND p.status IN (${IN_FORCE_SQL})
      ON CONFLICT (storm_id, policy_id) DO NOTHING
      RETURNING policy_id
    )
    SELECT a.policy_id, p.owner_id, p.policy_number FROM alerted a JOIN policies p ON p.id = a.policy_id ORDER BY p.policy_number
  `)) as unknown as QueryRows<{ policy_id: string; owner_id: string; policy_number: string }>;
  return result.rows.map((row) => ({
    policyId: row.policy_id,
    ownerId: row.owner_id,
    policyNumber: row.policy_number,
    stormId: storm.id,
    stormName: storm.name,
    country,
    closestMetres: metres,
    closestAt: closestAt.toISOString(),
    categoryLabel: categoryLabel(closest),
    windKt: wholeKnots(closest.windKt),
  }));
}

/** The TRIGGER_EVENT entry of a storm over an island and season, then one PAYOUT_CREATED per payout. */
function ledgerEntries(ledger: Ledger, trigger: { stormId: string; name: string; country: CountryCode; seasonYear: number; evaluation: StormEvaluation } | null, created: readonly CreatedPayout[], at: Date): NewLedgerEntry[] {
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
      data: { policyNumber: payout.policyNumber, storm: payout.stormId, percent: payout.percent },
      at,
    });
  }
  return entries;
}

/**
 * Evaluates one stored storm (its whole current track) against both islands and every season its
 * track overlaps, inside the caller's transaction. Ledger entries are appended last.
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
  for (const season of await seasonsOverlapping(tx, storm)) {
    for (const country of countries) {
      const evaluation = evaluateStorm(storm, country, coverTermBounds(season));
      const [previous] = await tx
        .select()
        .from(stormEvaluations)
        .where(and(eq(stormEvaluations.stormId, storm.id), eq(stormEvaluations.country, country), eq(stormEvaluations.seasonYear, season.year)))
        .for('update');
      const values = {
        version,
        c1: evaluation.c1,
        c2: evaluation.c2,
        payouts: evaluation.payouts,
        qualifyingTimes: evaluation.qualifyingTimes,
        evaluatedAt: at,
      };
      if (previous) await tx.update(stormEvaluations).set(values).where(and(eq(stormEvaluations.stormId, storm.id), eq(stormEvaluations.country, country), eq(stormEvaluations.seasonYear, season.year)));
      else await tx.insert(stormEvaluations).values({ stormId: storm.id, country, seasonYear: season.year, ...values });

      const pays = OPTION_IDS.some((option) => evaluation.payouts[option] > 0);
      const created = await insertPayouts(tx, storm, country, season, evaluation, at);
      const newTrigger = pays && !previous?.ledgerSequence;
      if (newTrigger) {
        pendingTriggers.push({ country, seasonYear: season.year, index: entries.length });
        result.triggers.push({ stormId: storm.id, country, seasonYear: season.year, evaluation });
      }
      entries.push(...ledgerEntries(ledger, newTrigger ? { stormId: storm.id, name: storm.name, country, seasonYear: season.year, evaluation } : null, created, at));
      result.payouts.push(...created);
      result.alerts.push(...(await insertAlerts(tx, storm, country, season, at)));
    }
  }
  const appended = await ledger.appendMany(tx, entries);
  for (const trigger of pendingTriggers) {
    await tx
      .update(stormEvaluations)
      .set({ ledgerSequence: appended[trigger.index]!.sequence })
      .where(and(eq(stormEvaluations.stormId, storm.id), eq(stormEvaluations.country, trigger.country), eq(stormEvaluations.seasonYear, trigger.seasonYear)));
  }
  return result;
}
