import {
  alertApproach,
  coverTermBounds,
  evaluateStorm,
  IN_FORCE_STATUSES,
  evaluationLeaves,
  evaluationLeavesData,
  LEDGER_ACCOUNTS,
  OPTION_IDS,
  payoutCreatedRecord,
  coveredInTerm,
  stormTriggeredStatus,
  trackPaysTerm,
  TXN_TYPES,
  type AlertApproach,
  type CountryCode,
  type Storm,
  stormPayoutFor,
  type OptionId,
  type PolicyStatus,
  type StormEvaluation,
} from '@fhp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client';
import { seasons, stormEvaluations } from '../../db/schema';
import { evaluationTxnId, type Ledger, type NewLedgerEntry, sha256Hex, TXN_LOCATIONS } from '../audit';
import { ACTIONS } from '../lifecycle';

/**
 * The trigger engine (issue 10 item 4): one storm against every policy of an island that was
 * covered when the storm came (issued by the qualifying sample, whose cover term holds it, whatever
 * its status now: decision 140), in a few set-based statements (decision 060). The
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
  /** The policy's status before the payout, and after it (EXPIRED stays EXPIRED). */
  fromStatus: PolicyStatus;
  toStatus: PolicyStatus;
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

export type SeasonRow = typeof seasons.$inferSelect;
/** What both drivers' `execute` answer (node-postgres and PGlite both carry `rows`). */
type QueryRows<T> = { rows: T[] };

/** Every season, read once per import: a file of many storms checks each against the same few rows. */
export async function loadSeasons(tx: Db): Promise<SeasonRow[]> {
  return tx.select().from(seasons);
}

/** The seasons whose cover term overlaps the storm's track. */
function seasonsOverlapping(all: readonly SeasonRow[], storm: Storm): SeasonRow[] {
  const firstMs = Date.parse(storm.points[0]!.time);
  const lastMs = Date.parse(storm.points[storm.points.length - 1]!.time);
  return all.filter((season) => {
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

/** A PostgreSQL array literal of plain tokens (uuids, integers): one parameter for a whole column. */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;
/** Lower-case uuids compare as text the way PostgreSQL compares them. */
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Payouts for one storm, island and season, in three statements whatever the number of policies:
 * the policies the storm pays are locked (in policy-number order); what each was already paid in
 * the term is read after the locks are held, so no payout committed meanwhile is missed; the
 * domain's `stormPayoutFor` sizes each payout (the storm's % now less what it already gave, capped
 * at what remains of 100%: decisions 060 and 061); and one statement writes every payout, moves
 * each policy by the machine's STORM_TRIGGERED step (to PAYOUT_INTIMATION, an expired policy
 * staying EXPIRED) and writes one transaction-log entry per payout. The rows go as array
 * parameters, each table's rows in the order of the index they would otherwise scatter (decision
 * 066). Imports hold the import lock and every other payout writer locks its policy first, so the
 * unique (policy, storm, level) key cannot be hit here; if it were, the import fails whole.
 *
 * Who is paid is the domain's `stormPaysPolicy` (decision 140): issued at or before the option's
 * qualifying sample, whatever the status now; the statement selects exactly those (the season's
 * cover term holds the sample: `evaluateStorm` only counts samples inside it), through the index
 * `policies_cover_idx`, and each locked row is checked with the domain's rule again (`coveredInTerm`).
 */
async function insertPayouts(tx: Db, storm: Storm, country: CountryCode, season: SeasonRow, evaluation: StormEvaluation, at: Date): Promise<CreatedPayout[]> {
  const paying = OPTION_IDS.filter((option) => evaluation.payouts[option] > 0 && evaluation.qualifyingTimes[option] !== null);
  // A track published too long after the term's end pays nobody of that term.
  if (paying.length === 0 || !trackPaysTerm(season, at)) return [];
  const issuedBySample = sql.join(
    paying.map((option) => sql`(option_id = ${option} AND issued_at <= ${new Date(evaluation.qualifyingTimes[option]!)})`),
    sql` OR `,
  );
  const locked = (await tx.execute(sql`
    SELECT id, owner_id, policy_number, status, coverage_cents, option_id, issued_at FROM policies
    WHERE country = ${country} AND season_year = ${season.year} AND issued_at IS NOT NULL AND (${issuedBySample})
    ORDER BY policy_number
    FOR UPDATE
  `)) as unknown as QueryRows<{ id: string; owner_id: string; policy_number: string; status: PolicyStatus; coverage_cents: number; option_id: OptionId; issued_at: Date | string }>;
  if (locked.rows.length === 0) return [];
  const earlier = (await tx.execute(sql`
    SELECT pa.policy_id, sum(pa.amount_cents)::bigint AS paid_cents, sum(pa.percent)::int AS paid_percent,
           COALESCE(max(pa.contract_percent) FILTER (WHERE pa.storm_ref = ${storm.id}), 0) AS storm_percent
    FROM payouts pa JOIN policies p ON p.id = pa.policy_id
    WHERE p.country = ${country} AND p.season_year = ${season.year}
    GROUP BY pa.policy_id
  `)) as unknown as QueryRows<{ policy_id: string; paid_cents: string | number; paid_percent: number; storm_percent: number }>;
  const paidSoFar = new Map(earlier.rows.map((row) => [row.policy_id, row]));

  // Each table's rows are written in the order of the index they would otherwise scatter, so it
  // grows at its end instead of at random places (decision 066): the log by policy number (its
  // timeline index), the payouts by policy id (their unique key), each with time-ordered ids drawn
  // in that order; the answer stays in policy-number order.
  const created: CreatedPayout[] = [];
  // Each payout's log entry id, drawn in policy-number order (the log's order).
  const logIds = new Map<CreatedPayout, string>();
  const covered = coveredInTerm(season, at);
  for (const policy of locked.rows) {
    const toStatus = stormTriggeredStatus(policy.status);
    if (toStatus === null || !covered(policy.issued_at, evaluation.qualifyingTimes[policy.option_id])) continue;
    const before = paidSoFar.get(policy.id);
    const contractPercent = evaluation.payouts[policy.option_id];
    const priorContractPercent = before ? Number(before.storm_percent) : 0;
    const payout = stormPayoutFor(
      {
        coverageCents: Number(policy.coverage_cents),
        paidOutCents: before ? Number(before.paid_cents) : 0,
        paidPercent: before ? Number(before.paid_percent) : 0,
        stormContractPercent: priorContractPercent,
      },
      contractPercent,
    );
    if (!payout) continue;
    const row: CreatedPayout = {
      payoutId: '',
      policyId: policy.id,
      ownerId: policy.owner_id,
      policyNumber: policy.policy_number,
      percent: payout.percent,
      contractPercent,
      priorContractPercent,
      amountCents: payout.amountCents,
      stormId: storm.id,
      stormName: storm.name,
      country,
      fromStatus: policy.status,
      toStatus,
    };
    created.push(row);
    logIds.set(row, uuidv7());
  }
  if (created.length === 0) return [];
  const written = [...created].sort((a, b) => byKey(a.policyId, b.policyId));
  for (const payout of written) payout.payoutId = uuidv7();
  const column = <T>(rows: readonly T[], value: (row: T) => string | number) => arrayLiteral(rows.map(value));
  await tx.execute(sql`
    WITH r AS MATERIALIZED (
      SELECT * FROM unnest(${column(written, (p) => p.payoutId)}::uuid[], ${column(written, (p) => p.policyId)}::uuid[], ${column(written, (p) => p.percent)}::int[],
                           ${column(written, (p) => p.contractPercent)}::int[], ${column(written, (p) => p.priorContractPercent)}::int[], ${column(written, (p) => p.amountCents)}::int[],
                           ${column(written, (p) => p.toStatus)}::text[], ${column(written, (p) => logIds.get(p)!)}::uuid[])
        AS r(id, policy_id, percent, contract_percent, prior_percent, amount_cents, to_status, log_id)
    ),
    inserted AS (
      INSERT INTO payouts (id, policy_id, storm_ref, percent, contract_percent, amount_cents, status, created_at)
      SELECT r.id, r.policy_id, ${storm.id}, r.percent, r.contract_percent, r.amount_cents, 'PENDING', ${at} FROM r ORDER BY r.id
    ),
    moved AS (
      UPDATE policies p SET status = r.to_status, status_changed_at = ${at}
      FROM r WHERE p.id = r.policy_id AND p.status <> r.to_status
    )
    -- The policies as this statement started: their status before the move is the entry's "from".
    INSERT INTO transaction_log (id, owner_id, performed_by, type, action, payload, txn_set_id, location, created_at)
    SELECT r.log_id, p.owner_id, NULL, ${TXN_TYPES.POLICY_PURCHASE_FLOW}, ${ACTIONS.STORM_TRIGGERED},
           jsonb_build_object('policyNumber', p.policy_number, 'event', 'STORM_TRIGGERED', 'from', p.status, 'to', r.to_status,
                              'payoutId', r.id, 'stormRef', ${storm.id}::text, 'percent', r.percent, 'contractPercent', r.contract_percent,
                              'priorContractPercent', r.prior_percent, 'amountCents', r.amount_cents),
           p.policy_number, ${TXN_LOCATIONS.system}, ${at}
    FROM r JOIN policies p ON p.id = r.policy_id
    ORDER BY r.log_id
  `);
  return created;
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
        sql`(${index}::int, ${alert.country}::text, ${alert.seasonYear}::int, ${Math.round(alert.approach.distanceMetres)}::int, ${new Date(alert.approach.time)}::timestamptz, ${alert.approach.categoryLabel}::text, ${alert.approach.windKt}::int)`,
    ),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    WITH approach AS (
      SELECT * FROM (VALUES ${approaches}) AS v(idx, country, season_year, metres, closest_at, category_label, wind_kt)
    ),
    -- One pass over the in-force policies: each holder's policies per approach, with their numbers.
    per_holder AS (
      SELECT p.owner_id, a.idx, min(a.country) AS country, min(a.metres) AS metres, min(a.closest_at) AS closest_at,
             array_agg(p.policy_number ORDER BY p.policy_number) AS policy_numbers
      FROM policies p JOIN approach a ON a.country = p.country AND a.season_year = p.season_year
      WHERE p.status IN (${IN_FORCE_SQL})
      GROUP BY p.owner_id, a.idx
    ),
    holders AS (
      SELECT DISTINCT ON (owner_id) * FROM per_holder ORDER BY owner_id, metres, idx
    ),
    -- The row holds what the alert says: its email and text are written from it after the commit (decision 091).
    alerted AS (
      INSERT INTO storm_alerts (storm_id, owner_id, country, closest_metres, closest_at, created_at, category_label, wind_kt, policy_numbers)
      SELECT ${storm.id}, h.owner_id, h.country, h.metres, h.closest_at, ${at}, a.category_label, a.wind_kt, h.policy_numbers
      FROM holders h JOIN approach a ON a.idx = h.idx
      ON CONFLICT (storm_id, owner_id) DO NOTHING
      RETURNING owner_id
    )
    SELECT h.owner_id, h.idx, h.policy_numbers
    FROM alerted al JOIN holders h ON h.owner_id = al.owner_id
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

type Trigger = { stormId: string; name: string; country: CountryCode; seasonYear: number; version: number; evaluation: StormEvaluation };

/**
 * The one entry of a storm's evaluation over an island and season (decision 174): the verdict
 * (classes and the percent of each option) and, when it created payouts, the Merkle root of their
 * records (`evaluationLeaves`), their number and the first and last payout id, which say which
 * payouts it holds. A payout is proved by its path to this entry; it has no entry of its own.
 */
function evaluationEntry(trigger: Trigger, created: readonly CreatedPayout[], at: Date): NewLedgerEntry {
  const leaves = evaluationLeaves(
    sha256Hex,
    created.map((payout) => ({
      payoutId: payout.payoutId,
      record: payoutCreatedRecord({
        payoutId: payout.payoutId,
        policyNumber: payout.policyNumber,
        stormRef: payout.stormId,
        percent: payout.percent,
        contractPercent: payout.contractPercent,
        amountCents: payout.amountCents,
      }),
    })),
  );
  return {
    kind: 'TRIGGER_EVENT',
    txnId: evaluationTxnId(trigger.stormId, trigger.country, trigger.seasonYear),
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
      ...(leaves ? evaluationLeavesData(leaves) : {}),
    },
    at,
  };
}

/** Whether a stored verdict says something else than the new one (an advisory update changed the classes or the %). */
function verdictChanged(previous: typeof stormEvaluations.$inferSelect, evaluation: StormEvaluation): boolean {
  return previous.c1 !== evaluation.c1 || previous.c2 !== evaluation.c2 || OPTION_IDS.some((option) => (previous.payouts[option] ?? 0) !== evaluation.payouts[option]);
}

/**
 * Where a feed's evaluation becomes what is paid (decision 149, `feeds/agreement.ts`): it keeps the
 * source's own verdict and answers the verdict the sources agree on. Without it (a best track) the
 * track's own verdict is paid.
 */
export type AgreementStep = (tx: Db, country: CountryCode, seasonYear: number, own: StormEvaluation) => Promise<StormEvaluation>;

/**
 * Evaluates one stored storm (its whole current track) against both islands and every season its
 * track overlaps, inside the caller's transaction. An evaluation's one TRIGGER_EVENT goes on the
 * ledger the first time the storm pays anyone over an island and season, again when an update
 * changes that verdict, and whenever the evaluation created payouts (their Merkle root: decision
 * 174). Ledger entries are appended last.
 */
export async function evaluateStoredStorm(
  tx: Db,
  ledger: Ledger,
  storm: Storm,
  version: number,
  countries: readonly CountryCode[],
  at: Date,
  allSeasons: readonly SeasonRow[],
  agree?: AgreementStep,
): Promise<EvaluationResult> {
  const result: EvaluationResult = { payouts: [], alerts: [], triggers: [] };
  const entries: NewLedgerEntry[] = [];
  const pendingTriggers: { country: CountryCode; seasonYear: number; index: number }[] = [];
  const pendingAlerts: PendingAlert[] = [];
  for (const season of seasonsOverlapping(allSeasons, storm)) {
    const term = coverTermBounds(season);
    for (const country of countries) {
      const own = evaluateStorm(storm, country, term);
      const evaluation = agree ? await agree(tx, country, season.year, own) : own;
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
      if (newTrigger) result.triggers.push({ stormId: storm.id, country, seasonYear: season.year, evaluation });
      if (newTrigger || created.length > 0) {
        pendingTriggers.push({ country, seasonYear: season.year, index: entries.length });
        entries.push(evaluationEntry({ stormId: storm.id, name: storm.name, country, seasonYear: season.year, version, evaluation }, created, at));
      }
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
