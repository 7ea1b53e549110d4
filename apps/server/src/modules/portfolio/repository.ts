import { EXPOSURE_PERCENTS, type PolicyStatus } from '@fhp/domain';
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
  /** Percent to the sum of each policy's capped payout at that percent (meaningful for the statuses a storm could pay). */
  payoutAt: Record<string, number>;
}

type QueryRows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: QueryRows<T>): T[] => (Array.isArray(result) ? result : result.rows);


/**
 * A policy's payout at `pct` percent, half-up to the cent as the trigger engine rounds, in 32-bit
 * arithmetic: with c = 100q + r, (c * pct + 50) div 100 = q * pct + (r * pct + 50) div 100. Summing
 * 32-bit integers accumulates in 64 bits; a 64-bit product would be summed as numeric, several times
 * slower over a million rows.
 */
const fullAt = (pct: number) => sql`(p.coverage_cents / 100 * ${sql.raw(String(pct))} + (p.coverage_cents % 100 * ${sql.raw(String(pct))} + 50) / 100)`;
const sumAs = (expr: ReturnType<typeof sql>, name: string) => sql`SUM(${expr}) AS ${sql.raw(name)}`;

/**
 * The book in two reads (decision 072). First one pass over every policy, grouped by country,
 * option, status and season, with what each percent of the table would pay before any cap (half-up
 * to the cent, as the trigger engine rounds), for every group: the statuses a storm could not pay
 * are left out afterwards by their scope. Every column it reads is in `policies_portfolio_idx`, so
 * PostgreSQL may answer it from the index alone. Then only the policies that have payouts (few):
 * what their payouts already used, and how much the cap takes off each percent. The difference is
 * each group's capped exposure, exact to the cent, without joining a million rows to the payouts.
 */
export async function portfolioGroups(db: Db): Promise<PortfolioGroupRow[]> {
  const totals = rowsOf(
    (await db.execute(sql`
      SELECT p.country, p.option_id, p.status, p.season_year,
             COUNT(*)::int AS policies,
             SUM(p.coverage_cents) AS coverage_cents,
             SUM(COALESCE(p.discounted_premium_cents, p.premium_cents)) AS premium_cents,
             SUM(p.paid_cents) AS collected_cents,
             ${sql.join(EXPOSURE_PERCENTS.map((pct) => sumAs(fullAt(pct), `p${pct}`)), sql`, `)}
      FROM policies p
      GROUP BY p.country, p.option_id, p.status, p.season_year
      ORDER BY p.country, p.option_id, p.status, p.season_year
    `)) as unknown as QueryRows<Record<string, string | number>>,
  );
  const remaining = sql`GREATEST(p.coverage_cents - o.created_cents, 0)`;
  const capped = rowsOf(
    (await db.execute(sql`
      SELECT p.country, p.option_id, p.status, p.season_year,
             SUM(LEAST(o.created_cents, p.coverage_cents)) AS used_cents,
             ${sql.join(EXPOSURE_PERCENTS.map((pct) => sumAs(sql`${fullAt(pct)} - LEAST(${fullAt(pct)}, ${remaining})`, `p${pct}`)), sql`, `)}
      FROM (SELECT policy_id, SUM(amount_cents) AS created_cents FROM payouts GROUP BY policy_id) o
      JOIN policies p ON p.id = o.policy_id
      GROUP BY p.country, p.option_id, p.status, p.season_year
    `)) as unknown as QueryRows<Record<string, string | number>>,
  );
  const keyOf = (r: Record<string, string | number>) => `${r.country}|${r.option_id}|${r.status}|${r.season_year}`;
  const cuts = new Map(capped.map((r) => [keyOf(r), r]));
  return totals.map((r) => {
    const cut = cuts.get(keyOf(r));
    const coverageCents = Number(r.coverage_cents);
    return {
      country: String(r.country),
      optionId: String(r.option_id),
      status: String(r.status) as PolicyStatus,
      seasonYear: Number(r.season_year),
      policies: Number(r.policies),
      coverageCents,
      premiumCents: Number(r.premium_cents),
      collectedCents: Number(r.collected_cents),
      remainingCents: coverageCents - Number(cut?.used_cents ?? 0),
      payoutAt: Object.fromEntries(EXPOSURE_PERCENTS.map((pct) => [String(pct), Number(r[`p${pct}`]) - Number(cut?.[`p${pct}`] ?? 0)])),
    };
  });
}
