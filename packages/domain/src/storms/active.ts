import { COUNTRIES, type CountryCode } from '../countries';
import { formatMonthDayTime } from '../date-format';
import { instantMs, type InstantInput } from '../local-time';
import { CYCLONE_CLASS_LABELS, type OptionId } from '../options';
import { STORM_STATUS_LABELS, wholeKnots } from './analytics';
import { triggeringClass } from './classes';
import type { StormEvaluation } from './contract';
import type { StormStatus } from './hurdat2';
import { MAX_TERM_PERCENT } from './term';

/**
 * What a holder sees while a storm is active (issue 22 item 4, decision 173): where the storm is
 * now, what it is, how far it is from the policy's island, and what it has earned the policy so
 * far. The server reads the rows; every rule and sentence is here.
 */

/**
 * A storm is active while its track is still an advisory feed's (no best track has replaced it:
 * `track_source` is set) and its latest fix is at most this old. The centres publish a fix every
 * six hours; four missed fixes mean the feed has stopped (the storm dissipated, or the centre
 * stopped advising on it).
 */
export const ACTIVE_STORM_HOURS = 24;

/** An active storm is shown on a policy while its latest fix is this close to the island... */
export const ACTIVE_STORM_NEAR_METRES = 1_000_000;
// ...or once it has come within 300 km (NEARBY_METRES, the alert's distance), or earned the policy a payout.

export interface ActiveStormRow {
  /** The feed whose track the storm carries; null once a best track replaced it. */
  trackSource: string | null;
  lastPointAt: InstantInput;
}

/** Whether a stored storm is active at `now` (decision 173). A fix dated after now counts as fresh. */
export function isActiveStorm(storm: ActiveStormRow, now: InstantInput): boolean {
  if (storm.trackSource === null) return false;
  return instantMs(now) - instantMs(storm.lastPointAt) <= ACTIVE_STORM_HOURS * 3_600_000;
}

/** The earliest latest-fix time that still counts as active at `now`. */
export function activeSince(now: InstantInput): Date {
  return new Date(instantMs(now) - ACTIVE_STORM_HOURS * 3_600_000);
}

/**
 * A status and wind in words, with the contract's classes: "Hurricane, category 3",
 * "Tropical storm", "Tropical depression". A hurricane whose wind is unknown is just "Hurricane".
 */
export function stormClassWords(status: StormStatus, windKt: number | null): string {
  const label = STORM_STATUS_LABELS[status];
  const sentenceCase = label.charAt(0) + label.slice(1).toLowerCase();
  const cycloneClass = triggeringClass(status, windKt);
  if (status === 'HU' && cycloneClass !== null && cycloneClass !== 'TS') return `${sentenceCase}, ${CYCLONE_CLASS_LABELS[cycloneClass].toLowerCase()}`;
  return sentenceCase;
}

/** A fix's position: "13.1°N 60.2°W". */
export function positionWords(lat: number, lon: number): string {
  const part = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(1)}°${value < 0 ? negative : positive}`;
  return `${part(lat, 'N', 'S')} ${part(lon, 'E', 'W')}`;
}

/** How far a fix is from the island: "180 km from Grenada", "over Grenada". */
export function distanceWords(metres: number, country: CountryCode): string {
  const island = COUNTRIES[country].name;
  if (metres === 0) return `over ${island}`;
  return `${Math.max(1, Math.round(metres / 1000)).toLocaleString('en-US')} km from ${island}`;
}

/** HURDAT2 and the b-decks write names in capitals: IVAN reads as Ivan. */
function displayName(name: string): string {
  return name === 'UNNAMED' ? 'An unnamed system' : name.charAt(0) + name.slice(1).toLowerCase();
}

/** The panel's line about the latest fix: "At Sep 7, 2:00 PM AST, Ivan (hurricane, category 3, 105 knots) was 180 km from Grenada, at 12.0°N 61.5°W." */
export function latestFixSentence(input: { name: string; status: StormStatus; windKt: number | null; lat: number; lon: number; time: InstantInput; distanceMetres: number; country: CountryCode }): string {
  const wind = wholeKnots(input.windKt);
  const what = `${stormClassWords(input.status, input.windKt).toLowerCase()}${wind === null ? '' : `, ${wind} knots`}`;
  return `At ${formatMonthDayTime(input.time)} AST, ${displayName(input.name)} (${what}) was ${distanceWords(input.distanceMetres, input.country)}, at ${positionWords(input.lat, input.lon)}.`;
}

/**
 * What one source's track gives a policy: its option's percent under the contract, when the
 * qualifying moment is at or after the policy was issued (product decisions, "Who a storm pays");
 * 0 otherwise.
 */
export function sourceFigure(evaluation: Pick<StormEvaluation, 'payouts' | 'qualifyingTimes'>, option: OptionId, issuedAt: InstantInput | null): number {
  const percent = evaluation.payouts[option];
  const qualifying = evaluation.qualifyingTimes[option];
  if (percent <= 0 || qualifying === null || issuedAt === null) return 0;
  return instantMs(qualifying) >= instantMs(issuedAt) ? percent : 0;
}

export type ActivePayoutState = 'PAID' | 'PREPARING' | 'AWAITING_SOURCES' | 'NONE';

export interface ActivePayout {
  state: ActivePayoutState;
  /** Percent of the coverage: paid or being prepared, or the estimate while sources are awaited; 0 for NONE. */
  percent: number;
  /** Sources whose track pays the policy, and how many must (PAYOUT_SOURCES_REQUIRED, default 1). */
  sourcesAgreeing: number;
  sourcesRequired: number;
  sentence: string;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** "awaiting a second source", "awaiting 2 more sources". */
function awaiting(agreeing: number, required: number): string {
  const missing = required - agreeing;
  if (missing === 1 && ORDINALS[agreeing]) return `awaiting a ${ORDINALS[agreeing]} source`;
  return `awaiting ${missing} more sources`;
}

/**
 * What the storm has earned the policy so far (decision 173). A payout that exists is either paid
 * or being prepared (its percent is the storm's payouts summed, top-ups included). Without one,
 * when the required number of sources pay the policy, the payout is being prepared (the engine
 * creates it in the evaluation that stored the fix, so this lasts no longer than that) at the M-th
 * highest figure, capped at what the term has left; when some sources pay it but fewer than
 * required, the holder sees the estimate: the lowest of their figures (the M-th highest of all the
 * sources' figures can be no more while only these agree), "awaiting a second source". Otherwise
 * nothing is earned yet.
 */
export function activeStormPayout(input: {
  payouts: readonly { percent: number; status: 'PENDING' | 'PAID' }[];
  sourceFigures: readonly number[];
  sourcesRequired: number;
  /** Percent of the coverage the policy's payouts of the term already took (all storms). */
  termPercentPaid: number;
}): ActivePayout {
  const required = Math.max(1, Math.floor(input.sourcesRequired));
  const paying = input.sourceFigures.filter((figure) => figure > 0).sort((a, b) => b - a);
  const base = { sourcesAgreeing: paying.length, sourcesRequired: required };
  if (input.payouts.length > 0) {
    const percent = input.payouts.reduce((sum, payout) => sum + payout.percent, 0);
    if (input.payouts.every((payout) => payout.status === 'PAID')) {
      return { ...base, state: 'PAID', percent, sentence: `Payout of ${percent}% of your coverage paid` };
    }
    return { ...base, state: 'PREPARING', percent, sentence: `Payout being prepared: ${percent}% of your coverage` };
  }
  const remaining = Math.max(0, MAX_TERM_PERCENT - input.termPercentPaid);
  if (paying.length > 0 && remaining === 0) {
    return { ...base, state: 'NONE', percent: 0, sentence: 'No further payout: this term has already paid out your full coverage' };
  }
  if (paying.length >= required) {
    const percent = Math.min(paying[required - 1]!, remaining);
    return { ...base, state: 'PREPARING', percent, sentence: `Payout being prepared: ${percent}% of your coverage` };
  }
  if (paying.length > 0) {
    const percent = Math.min(paying[paying.length - 1]!, remaining);
    return { ...base, state: 'AWAITING_SOURCES', percent, sentence: `Estimated payout ${percent}%: ${awaiting(paying.length, required)}` };
  }
  return { ...base, state: 'NONE', percent: 0, sentence: 'No payout so far: the storm has not met the terms of your policy' };
}
