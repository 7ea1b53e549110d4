import type { CountryCode } from '../countries';
import { BOX_TYPE_BY_CLASS, OPTION_IDS, PAYOUT_TABLE, type CycloneClass, type OptionId } from '../options';
import { higherClass, triggeringClass } from './classes';
import { islandDistanceMetres } from './geometry';
import type { Storm } from './hurdat2';
import { forEachSample } from './track';

/**
 * The parametric contract (product decisions, "The parametric contract"; spec part 1 sections 1
 * and 9). For one storm and one island:
 *   c1 = the highest class among samples within box 1 (25 km of the outline),
 *   c2 = the highest class among samples within box 2 (100 km),
 *   payout % of an option = max(table[option][c1], table[option][c2] when c2 is Cat 4 or 5).
 * The table is `PAYOUT_TABLE` and "Cat 4 or 5" is `BOX_TYPE_BY_CLASS` (options.ts), the same
 * source the quote shows customers.
 */

/** Box 1: distance to the outline <= 25 km. */
export const BOX_1_METRES = 25_000;
/** Box 2: distance to the outline <= 100 km (box 1 lies inside it). */
export const BOX_2_METRES = 100_000;

export type OptionPercents = Record<OptionId, number>;
export type OptionTimes = Record<OptionId, string | null>;

export interface StormEvaluation {
  stormId: string;
  name: string;
  country: CountryCode;
  /** Highest class in box 1, null when no tropical storm or hurricane sample came within 25 km. */
  c1: CycloneClass | null;
  /** Highest class in box 2, null when none came within 100 km. */
  c2: CycloneClass | null;
  /** Whole percent of coverage, per option. */
  payouts: OptionPercents;
  /**
   * Per option, the UTC instant of the first sample that gives the storm's payout (the moment the
   * storm qualified), null when the option pays nothing. The cover-term check uses it.
   */
  qualifyingTimes: OptionTimes;
  /** The closest any triggering sample came to the outline, metres; null when none came within box 2. */
  closestTriggeringMetres: number | null;
}

/** What one option pays for the classes a storm reached in the two boxes. */
export function payoutPercent(option: OptionId, c1: CycloneClass | null, c2: CycloneClass | null): number {
  const fromBox1 = c1 === null ? 0 : PAYOUT_TABLE[option][c1];
  const fromBox2 = c2 !== null && BOX_TYPE_BY_CLASS[c2] === 'BOX_1_AND_2' ? PAYOUT_TABLE[option][c2] : 0;
  return Math.max(fromBox1, fromBox2);
}

/** Whether a sample of this class at this distance counts under an option: what it alone would pay. */
export function samplePayoutPercent(option: OptionId, cycloneClass: CycloneClass, distanceMetres: number): number {
  if (distanceMetres <= BOX_1_METRES) return payoutPercent(option, cycloneClass, cycloneClass);
  if (distanceMetres <= BOX_2_METRES) return payoutPercent(option, null, cycloneClass);
  return 0;
}

function perOption<T>(value: (option: OptionId) => T): Record<OptionId, T> {
  return Object.fromEntries(OPTION_IDS.map((option) => [option, value(option)])) as Record<OptionId, T>;
}

export interface EvaluateOptions {
  /**
   * Only samples at or after `fromMs` and before `toMs` count (epoch ms), e.g. a season's cover
   * term (`coverTermBounds`), so a storm straddling the term's edge is judged on its part inside.
   */
  fromMs?: number;
  toMs?: number;
}

/**
 * Evaluates one storm against one island. Because the table grows with the class in every option,
 * the payout equals the largest amount any single sample pays, so the qualifying time of an option
 * is simply the first sample that pays that much.
 */
export function evaluateStorm(storm: Storm, country: CountryCode, window: EvaluateOptions = {}): StormEvaluation {
  const fromMs = window.fromMs ?? -Infinity;
  const toMs = window.toMs ?? Infinity;
  let c1: CycloneClass | null = null;
  let c2: CycloneClass | null = null;
  let closest = Infinity;
  const payouts = perOption(() => 0);
  const qualifyingMs = perOption<number | null>(() => null);

  forEachSample(storm, (sample) => {
    if (sample.timeMs < fromMs || sample.timeMs >= toMs) return;
    const cycloneClass = triggeringClass(sample.status, sample.windKt);
    if (cycloneClass === null) return;
    const distance = islandDistanceMetres(country, sample.lat, sample.lon, BOX_2_METRES);
    if (distance > BOX_2_METRES) return;
    closest = Math.min(closest, distance);
    c2 = higherClass(c2, cycloneClass);
    if (distance <= BOX_1_METRES) c1 = higherClass(c1, cycloneClass);
    for (const option of OPTION_IDS) {
      const pays = samplePayoutPercent(option, cycloneClass, distance);
      if (pays > payouts[option]) {
        payouts[option] = pays;
        qualifyingMs[option] = sample.timeMs;
      }
    }
  });

  return {
    stormId: storm.id,
    name: storm.name,
    country,
    c1,
    c2,
    payouts,
    qualifyingTimes: perOption((option) => {
      const ms = qualifyingMs[option];
      return ms === null ? null : new Date(ms).toISOString();
    }),
    closestTriggeringMetres: Number.isFinite(closest) ? closest : null,
  };
}
