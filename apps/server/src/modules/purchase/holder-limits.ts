import { HOLDER_LIMIT_DEFAULTS, holderLimitRefusal, PURCHASE_REFUSAL_CODES, type CountryCode } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { holderLimits, holderTotals } from '../../db/schema';
import { userInputError } from '../../graphql/errors';

/**
 * The limits per holder (product decisions "Limits per holder"; the rule and its sentence are the
 * domain's `holderLimitRefusal`). The purchase's one statement also locks the holder's row of
 * `holder_totals` for the country and season and reads what it holds, as committed by every other
 * purchase (an upsert waits for the row and reads its latest version, not the statement's
 * snapshot), with the limits of the country and season. The purchase refuses before its commit when
 * the new policy goes over, which rolls the statement back; the row stays locked until then, so
 * thirty purchases of one holder at once are judged one after another and stop at the limit.
 */

export interface HolderLimitRead {
  policies: number;
  coverageCents: number;
  maxPolicies: number;
  maxCoverageCents: number;
}

export interface HolderLimitTarget {
  ownerId: string;
  country: CountryCode;
  seasonYear: number;
  /** The season whose stored pricing prices the purchase (its limits apply; the latest earlier one for a season without pricing of its own). */
  pricingSeasonYear: number;
}

/**
 * The parts of the purchase's statement that lock and read the holder's totals and the limits:
 * `ctes` go into its WITH (a data-modifying one must be at the top), `read` is the one row to read back.
 */
export function holderLimitRead(tx: Db, target: HolderLimitTarget) {
  const { ownerId, country, seasonYear, pricingSeasonYear } = target;
  // The no-op update takes the row lock and returns the latest committed totals; a first policy of
  // the holder there starts the row at zero (the policies' trigger counts the new one after).
  const held = tx
    .$with('holder_held', { policies: sql<number>`policies`.as('policies'), coverageCents: sql<number>`coverage_cents`.as('coverage_cents') })
    .as(
      sql`insert into ${holderTotals} as t (owner_id, country, season_year, policies, coverage_cents)
        values (${ownerId}, ${country}, ${seasonYear}, 0, 0)
        on conflict (owner_id, country, season_year) do update set policies = t.policies
        returning t.policies, t.coverage_cents`,
    );
  // Names of their own: the statement reads them beside the policy's columns.
  const read = tx
    .$with('holder_limit', {
      policies: sql<number>`held_policies`.as('held_policies'),
      coverageCents: sql<number>`held_coverage_cents`.as('held_coverage_cents'),
      maxPolicies: sql<number>`max_policies`.as('max_policies'),
      maxCoverageCents: sql<number>`max_coverage_cents`.as('max_coverage_cents'),
    })
    .as(
      // Without limits set for the country and season, the decision's figures.
      sql`select h.policies as held_policies, h.coverage_cents as held_coverage_cents,
          coalesce(l.max_policies, ${HOLDER_LIMIT_DEFAULTS.maxPolicies}::int) as max_policies,
          coalesce(l.max_coverage_cents, ${HOLDER_LIMIT_DEFAULTS.maxCoverageCents}::int) as max_coverage_cents
        from ${held} h left join ${holderLimits} l on l.country = ${country} and l.season_year = ${pricingSeasonYear}`,
    );
  return { ctes: [held, read] as const, read };
}

/** Throws the holder's refusal (the limit, and what they hold) when one more policy of `coverageCents` goes over either limit. */
export function checkHolderLimits(target: HolderLimitTarget, read: HolderLimitRead | undefined, coverageCents: number): void {
  if (!read) throw new Error('The limits per holder were not read with the purchase');
  const refusal = holderLimitRefusal({
    country: target.country,
    seasonYear: target.seasonYear,
    limits: { maxPolicies: Number(read.maxPolicies), maxCoverageCents: Number(read.maxCoverageCents) },
    held: { policies: Number(read.policies), coverageCents: Number(read.coverageCents) },
    coverageCents,
  });
  if (refusal) throw userInputError(refusal, PURCHASE_REFUSAL_CODES.HOLDER_LIMIT_REACHED);
}
