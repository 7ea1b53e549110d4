import type { CountryCode } from '../countries';
import { localIsoDate } from '../local-time';
import { OPTION_IDS, type CycloneClass, type OptionId } from '../options';
import type { IsoDate } from '../season';
import { evaluateStorm } from './contract';
import type { Storm } from './hurdat2';
import { cappedTermPercent, coverTermYear } from './term';

/**
 * The back-test: what each option would have paid on an island over the recorded storms, season by
 * season, with the same contract and the same 100%-per-term cap a policy has. The options step can
 * show it; `backtest.json` holds it precomputed from the shipped 1950-2023 records.
 */

/** The 74 seasons of the shipped records: cover terms June 1950 - May 1951 up to June 2023 - May 2024. */
export const BACKTEST_SEASONS = Object.freeze({ first: 1950, last: 2023 });

export interface BacktestPayout {
  stormId: string;
  name: string;
  /** UTC instant the storm qualified under this option. */
  time: string;
  /** Local day of that instant, YYYY-MM-DD. */
  date: IsoDate;
  /** Year of the cover term it falls in. */
  season: number;
  c1: CycloneClass | null;
  c2: CycloneClass | null;
  /** What the contract gives for the storm. */
  percent: number;
  /** What the term's cap lets through (less than `percent` only after earlier payouts in the same term). */
  paidPercent: number;
}

export interface BacktestOption {
  option: OptionId;
  payouts: BacktestPayout[];
  /** Sum of `paidPercent` over all seasons (can exceed 100: one cap per season). */
  totalPercent: number;
  /** Seasons with at least one payout. */
  seasonsPaid: number;
}

export interface Backtest {
  country: CountryCode;
  firstSeason: number;
  lastSeason: number;
  seasonCount: number;
  options: Record<OptionId, BacktestOption>;
}

export function backtest(storms: readonly Storm[], country: CountryCode, seasons: { first: number; last: number } = BACKTEST_SEASONS): Backtest {
  const evaluations = storms.map((storm) => evaluateStorm(storm, country));
  const options = Object.fromEntries(
    OPTION_IDS.map((option): [OptionId, BacktestOption] => {
      const qualifying = evaluations
        .filter((evaluation) => evaluation.payouts[option] > 0)
        .map((evaluation) => {
          const time = evaluation.qualifyingTimes[option]!;
          return { evaluation, time, season: coverTermYear(time) };
        })
        .filter(({ season }) => season >= seasons.first && season <= seasons.last)
        .sort((a, b) => a.time.localeCompare(b.time) || a.evaluation.stormId.localeCompare(b.evaluation.stormId));
      const paidBySeason = new Map<number, number[]>();
      const payouts = qualifying.map(({ evaluation, time, season }): BacktestPayout => {
        const earlier = paidBySeason.get(season) ?? [];
        const paidPercent = cappedTermPercent(earlier, evaluation.payouts[option]);
        paidBySeason.set(season, [...earlier, paidPercent]);
        return {
          stormId: evaluation.stormId,
          name: evaluation.name,
          time,
          date: localIsoDate(time),
          season,
          c1: evaluation.c1,
          c2: evaluation.c2,
          percent: evaluation.payouts[option],
          paidPercent,
        };
      });
      return [
        option,
        {
          option,
          payouts,
          totalPercent: payouts.reduce((sum, payout) => sum + payout.paidPercent, 0),
          seasonsPaid: [...paidBySeason.values()].filter((paid) => paid.some((percent) => percent > 0)).length,
        },
      ];
    }),
  ) as Record<OptionId, BacktestOption>;
  return { country, firstSeason: seasons.first, lastSeason: seasons.last, seasonCount: seasons.last - seasons.first + 1, options };
}

/** The precomputed back-test of both islands over the shipped records (scripts/storms/generate-backtest.ts). */
export interface PrecomputedBacktest {
  source: string;
  countries: Record<CountryCode, Backtest>;
}

/**
 * Loads `backtest.json` on demand: bundlers put it in its own chunk, so pages that never show the
 * back-test never download it.
 */
export async function loadPrecomputedBacktest(): Promise<PrecomputedBacktest> {
  const module = await import('./backtest.json');
  return module.default as unknown as PrecomputedBacktest;
}
