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


/** A policy's payout at `pct` percent: the domain's percentOfCoverageCents written in SQL for a set-based read (32-bit: see below; repository.test.ts holds the two equal). */
const fullAt = (pct: number) => sql`(p.coverage_cents / 100 * ${sql.raw(String(pct))} + (p.coverage_cents % 100 * ${sql.raw(String(pct))} + 50) / 100)`;
const sumAs = (expr: ReturnType<typeof sql>, name: string) => sql`SUM(${expr}) AS ${sql.raw(name)}`;

/**
 * What `n` policies whose coverages sum to `sumCents` and all end in `rem` cents pay at `pct`, each
 * rounded half-up: with c = 100q + rem, (c * pct + 50) div 100 = q * pct + (rem * pct + 50) div 100,
 * so the sum is pct * (sumCents - n * rem) / 100 + n * ((rem * pct + 50) div 100), exactly.
 */
export function payoutOfSum(n: number, sumCents: number, rem: number, pct: number): number {
  return (pct * (sumCents - n * rem)) / 100 + n * Math.floor((rem * pct + 50) / 100);
}

/**
 * The book in two reads (decision 072). First one pass over every policy, grouped by country,
 * option, status, season and the cents of the coverage (almost always 0): a count and a few sums per
 * group, from which `payoutOfSum` gives what each percent of the table would pay before any cap,
 * exactly as each policy rounds, without an expression per percent and row. Every column it reads
 * is in `policies_portfolio_idx`, so PostgreSQL may answer it from the index alone. Then only the
 * policies that have payouts (few): what their payouts already used, and how much the cap takes off
 * each percent. The difference is each group's capped exposure, exact to the cent, without joining
 * a million rows to the payouts. The statuses a storm could not pay are left out later, by scope.
 */
export async function portfolioGroups(db: Db): Promise<PortfolioGroupRow[]> {
  const remaining = sql`GREATEST(p.coverage_cents - o.created_cents, 0)`;
  // Both reads at once: on PostgreSQL they run on two connections of the pool.
  const [partsResult, cappedResult] = await Promise.all([
    db.execute(sql`
      SELECT p.country, p.option_id, p.status, p.season_year, p.coverage_cents % 100 AS rem,
             COUNT(*)::int AS policies,
             SUM(p.coverage_cents) AS coverage_cents,
             SUM(COALESCE(p.discounted_premium_cents, p.premium_cents)) AS premium_cents,
             SUM(p.paid_cents) AS collected_cents
      FROM policies p
      GROUP BY p.country, p.option_id, p.status, p.season_year, rem
    `),
    db.execute(sql`
      SELECT p.country, p.option_id, p.status, p.season_year,
             SUM(LEAST(o.created_cents, p.coverage_cents)) AS used_cents,
             ${sql.join(EXPOSURE_PERCENTS.map((pct) => sumAs(sql`${fullAt(pct)} - LEAST(${fullAt(pct)}, ${remaining})`, `p${pct}`)), sql`, `)}
      FROM (SELECT policy_id, SUM(amount_cents) AS created_cents FROM payouts GROUP BY policy_id) o
      -- Each policy with payouts by its primary key. As a plain join the planner scanned all the
      -- policies to hash them (150 ms at a million, competing with the pass above for the cores);
      -- OFFSET 0 keeps the lookup a subquery run per payout policy (few).
      CROSS JOIN LATERAL (
        SELECT country, option_id, status, season_year, coverage_cents FROM policies WHERE id = o.policy_id OFFSET 0
      ) p
      GROUP BY p.country, p.option_id, p.status, p.season_year
    `),
  ]);
  const parts = rowsOf(partsResult as unknown as QueryRows<Record<string, string | number>>);
  const capped = rowsOf(cappedResult as unknown as QueryRows<Record<string, string | number>>);
  const keyOf = (r: Record<string, string | number>) => `${r.country}|${r.option_id}|${r.status}|${r.season_year}`;
  const totals = new Map<string, Omit<PortfolioGroupRow, 'remainingCents'>>();
  for (const r of parts) {
    const key = keyOf(r);
    const t = totals.get(key) ?? {
      country: String(r.country),
      optionId: String(r.option_id),
      status: String(r.status) as PolicyStatus,
      seasonYear: Number(r.season_year),
      policies: 0,
      coverageCents: 0,
      premiumCents: 0,
      collectedCents: 0,
      payoutAt: {},
    };
    const n = Number(r.policies);
    const sum = Number(r.coverage_cents);
    t.policies += n;
    t.coverageCents += sum;
    t.premiumCents += Number(r.premium_cents);
    t.collectedCents += Number(r.collected_cents);
    for (const pct of EXPOSURE_PERCENTS) t.payoutAt[String(pct)] = (t.payoutAt[String(pct)] ?? 0) + payoutOfSum(n, sum, Number(r.rem), pct);
    totals.set(key, t);
  }
  const cuts = new Map(capped.map((r) => [keyOf(r), r]));
  const ordered = [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return ordered.map(([key, t]) => {
    const cut = cuts.get(key);
    return {
      ...t,
      remainingCents: t.coverageCents - Number(cut?.used_cents ?? 0),
      payoutAt: Object.fromEntries(EXPOSURE_PERCENTS.map((pct) => [String(pct), (t.payoutAt[String(pct)] ?? 0) - Number(cut?.[`p${pct}`] ?? 0)])),
    };
  });
}
