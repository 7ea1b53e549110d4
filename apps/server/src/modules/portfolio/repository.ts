import { EXPOSURE_PERCENTS, IN_FORCE_STATUSES, type PolicyStatus } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** One group of the book: a country, option, status and season, with its sums. */
export interface PortfolioGroupRow {
  country: string;
  optionId: string;
  status: PolicyStatus;
  seasonYear: number;
  policies: number;
  coverageCents: number;
  premiumCents: number;
  collectedCents: number;
  /** Coverage not yet taken by payouts (every payout of the policy counts, as the trigger engine caps). */
  remainingCents: number;
  /** Percent to the sum of each policy's capped payout at that percent; only for statuses a storm could pay. */
  payoutAt: Record<string, number>;
}

type QueryRows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: QueryRows<T>): T[] => (Array.isArray(result) ? result : result.rows);

const EXPOSABLE_SQL = sql.join(
  ['ISSUED', ...IN_FORCE_STATUSES].map((status) => sql`${status}`),
  sql`, `,
);

/**
 * One pass over the policies, grouped by country, option, status and season (decision 072). For the
 * statuses a storm could pay, each policy's payout at every percent of the table is capped at what
 * its payouts have left (`LEAST(full, remaining)`, half-up to the cent as the trigger engine rounds)
 * and summed: a group's sums then price any storm without a second pass.
 */
export async function portfolioGroups(db: Db): Promise<PortfolioGroupRow[]> {
  const capped = EXPOSURE_PERCENTS.map(
    (pct) =>
      sql`COALESCE(SUM(LEAST((p.coverage_cents::bigint * ${sql.raw(String(pct))} + 50) / 100, GREATEST(p.coverage_cents - COALESCE(o.created_cents, 0), 0)))
            FILTER (WHERE p.status IN (${EXPOSABLE_SQL})), 0)::bigint AS ${sql.raw(`p${pct}`)}`,
  );
  const result = (await db.execute(sql`
    SELECT p.country, p.option_id, p.status, p.season_year,
           COUNT(*)::int AS policies,
           SUM(p.coverage_cents)::bigint AS coverage_cents,
           SUM(COALESCE(p.discounted_premium_cents, p.premium_cents))::bigint AS premium_cents,
           SUM(p.paid_cents)::bigint AS collected_cents,
           SUM(GREATEST(p.coverage_cents - COALESCE(o.created_cents, 0), 0))::bigint AS remaining_cents,
           ${sql.join(capped, sql`, `)}
    FROM policies p
    -- Payouts are few: summed once per policy, then joined (a correlated sum would re-read them per row).
    LEFT JOIN (SELECT policy_id, SUM(amount_cents) AS created_cents FROM payouts GROUP BY policy_id) o ON o.policy_id = p.id
    GROUP BY p.country, p.option_id, p.status, p.season_year
    ORDER BY p.country, p.option_id, p.status, p.season_year
  `)) as unknown as QueryRows<Record<string, string | number>>;
  return rowsOf(result).map((r) => ({
    country: String(r.country),
    optionId: String(r.option_id),
    status: String(r.status) as PolicyStatus,
    seasonYear: Number(r.season_year),
    policies: Number(r.policies),
    coverageCents: Number(r.coverage_cents),
    premiumCents: Number(r.premium_cents),
    collectedCents: Number(r.collected_cents),
    remainingCents: Number(r.remaining_cents),
    payoutAt: Object.fromEntries(EXPOSURE_PERCENTS.map((pct) => [String(pct), Number(r[`p${pct}`])])),
  }));
}
