import type { CountryCode } from './countries';
import { OPTION_IDS, PAYOUT_TABLE, type OptionId } from './options';
import { IN_FORCE_STATUSES, type PolicyStatus } from './policy/status';
import type { PrecomputedBacktest } from './storms/backtest';

/**
 * The exposure's policies: those in force (policy/status.ts) and the issued ones whose cover has
 * not started yet, which a storm of this season will find in force.
 */
export const EXPOSED_STATUSES: readonly PolicyStatus[] = ['ISSUED', ...IN_FORCE_STATUSES];

/**
 * What the company stands to pay (issue 11 item 6): in-force coverage by country and option, run
 * through the contract's payout table for two design storms and through every historical storm of
 * the shipped back-test. Pure: the server sums the coverage, this applies the contract.
 */

/** In-force coverage of one country and option, in cents. */
export interface CoverageInForce {
  country: CountryCode;
  optionId: OptionId;
  coverageCents: number;
}

export interface ExposureScenario {
  country: CountryCode;
  label: string;
  payoutCents: number;
}

export interface HistoricalExposure {
  country: CountryCode;
  stormId: string;
  name: string;
  date: string;
  payoutCents: number;
}

/** The two design storms of the issue: a Category 5 through box 1, a Category 4 through box 2 only. */
export const DESIGN_STORMS = [
  { label: 'Category 5 through box 1', percent: (option: OptionId) => PAYOUT_TABLE[option].C5 },
  { label: 'Category 4 through box 2', percent: (option: OptionId) => PAYOUT_TABLE[option].C4 },
] as const;

function payout(coverageCents: number, percent: number): number {
  // Half-up to the cent, as every amount (product decisions "Money").
  return Math.round((coverageCents * percent) / 100);
}

export function designStormExposure(coverage: readonly CoverageInForce[]): ExposureScenario[] {
  const countries = [...new Set(coverage.map((c) => c.country))].sort();
  return countries.flatMap((country) =>
    DESIGN_STORMS.map((storm) => ({
      country,
      label: storm.label,
      payoutCents: coverage.filter((c) => c.country === country).reduce((sum, c) => sum + payout(c.coverageCents, storm.percent(c.optionId)), 0),
    })),
  );
}

/** Each historical storm that paid any option, priced on today's portfolio; costliest first. */
export function historicalExposure(coverage: readonly CoverageInForce[], backtest: PrecomputedBacktest): HistoricalExposure[] {
  const byStorm = new Map<string, HistoricalExposure>();
  for (const [country, test] of Object.entries(backtest.countries) as [CountryCode, PrecomputedBacktest['countries'][CountryCode]][]) {
    for (const optionId of OPTION_IDS) {
      const inForce = coverage.filter((c) => c.country === country && c.optionId === optionId).reduce((sum, c) => sum + c.coverageCents, 0);
      for (const paid of test.options[optionId]?.payouts ?? []) {
        const key = `${country}:${paid.stormId}`;
        const entry = byStorm.get(key) ?? { country, stormId: paid.stormId, name: paid.name, date: paid.date, payoutCents: 0 };
        entry.payoutCents += payout(inForce, paid.percent);
        byStorm.set(key, entry);
      }
    }
  }
  return [...byStorm.values()].sort((a, b) => b.payoutCents - a.payoutCents || a.date.localeCompare(b.date));
}
