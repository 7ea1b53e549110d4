import { z } from 'zod';
import { isCountryCode, type CountryCode } from '../countries';
import { OPTION_IDS, type CycloneClass, type OptionId } from '../options';
import { classRank } from './classes';
import type { OptionPercents, OptionTimes } from './contract';

/**
 * Sources that must agree (issue 22 item 3, decision 149): an insurer may require M of its feed
 * sources to each compute a payout before a policy is paid; the percent paid is the M-th highest of
 * their figures (two of two: the lower). A source that has not published the storm counts as
 * paying nothing, so with fewer than M verdicts nothing is paid. An admin may pay the difference up
 * to the highest figure, with a reason: what was approved then stands beside the M-th figure.
 */

/** One source's verdict of a storm over an island and a season's cover term. */
export interface SourceVerdict {
  source: string;
  c1: CycloneClass | null;
  c2: CycloneClass | null;
  payouts: OptionPercents;
  qualifyingTimes: OptionTimes;
}

export interface AgreedVerdict {
  c1: CycloneClass | null;
  c2: CycloneClass | null;
  payouts: OptionPercents;
  qualifyingTimes: OptionTimes;
}

const mthHighest = (values: readonly number[], m: number) => [...values].sort((a, b) => b - a)[m - 1] ?? 0;

/** The M-th highest class (null below every class): the class M sources each saw. */
function mthClass(classes: readonly (CycloneClass | null)[], m: number): CycloneClass | null {
  return [...classes].sort((a, b) => classRank(b) - classRank(a))[m - 1] ?? null;
}

/** The later of two instants (ISO strings compare in time order). */
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * What is paid for a storm over an island and season when `required` sources must agree, with
 * `approved` the figures an admin approved (or null). Per option: the M-th highest figure, or the
 * approved one when higher. The moment it qualified is the latest of the counted sources' (a policy
 * must have been covered when each of them saw the storm qualify): with an approval above the M-th
 * figure, that of the highest source.
 */
export function agreedVerdict(verdicts: readonly SourceVerdict[], required: number, approved: OptionPercents | null = null): AgreedVerdict {
  const m = Math.max(1, Math.floor(required));
  const payouts = {} as OptionPercents;
  const qualifyingTimes = {} as OptionTimes;
  for (const option of OPTION_IDS) {
    // Highest figure first; among equal figures the earlier qualifying time.
    const ranked = [...verdicts].sort(
      (a, b) => b.payouts[option] - a.payouts[option] || (a.qualifyingTimes[option] ?? '9').localeCompare(b.qualifyingTimes[option] ?? '9'),
    );
    const agreed = mthHighest(
      verdicts.map((verdict) => verdict.payouts[option]),
      m,
    );
    const approvedPercent = Math.min(approved?.[option] ?? 0, ranked[0]?.payouts[option] ?? 0);
    if (approvedPercent > agreed) {
      payouts[option] = approvedPercent;
      qualifyingTimes[option] = ranked[0]!.qualifyingTimes[option];
    } else if (agreed > 0) {
      payouts[option] = agreed;
      qualifyingTimes[option] = ranked.slice(0, m).reduce<string | null>((time, verdict) => later(time, verdict.qualifyingTimes[option]), null);
    } else {
      payouts[option] = 0;
      qualifyingTimes[option] = null;
    }
  }
  return {
    c1: mthClass(
      verdicts.map((verdict) => verdict.c1),
      m,
    ),
    c2: mthClass(
      verdicts.map((verdict) => verdict.c2),
      m,
    ),
    payouts,
    qualifyingTimes,
  };
}

/** The highest figure any source gives, per option (what paying the difference pays up to). */
export function highestFigures(verdicts: readonly SourceVerdict[]): OptionPercents {
  return Object.fromEntries(OPTION_IDS.map((option) => [option, Math.max(0, ...verdicts.map((verdict) => verdict.payouts[option]))])) as OptionPercents;
}

/** The options where some source gives more than is paid: the difference an admin may pay. */
export function sourceDifference(verdicts: readonly SourceVerdict[], paid: OptionPercents): Partial<Record<OptionId, number>> {
  const highest = highestFigures(verdicts);
  const difference: Partial<Record<OptionId, number>> = {};
  for (const option of OPTION_IDS) if (highest[option] > paid[option]) difference[option] = highest[option] - paid[option];
  return difference;
}

/** Whether the sources give different figures, or fewer of them than required pay what one does. */
export function sourcesDiffer(verdicts: readonly SourceVerdict[], paid: OptionPercents): boolean {
  return OPTION_IDS.some((option) => verdicts.some((verdict) => verdict.payouts[option] !== paid[option]));
}

export const SOURCE_DIFFERENCE_MESSAGES = {
  reasonRequired: 'Write why the difference is paid (at least 10 characters).',
  reasonTooLong: 'The reason can be at most 1000 characters.',
  storm: 'This storm was not found.',
  season: 'The season must be a year between 1950 and 9998.',
  country: 'Choose Dominica or Grenada.',
  noDifference: 'The sources agree on this storm over this island: there is no difference to pay.',
} as const;

/** The admin's "pay the difference": which storm, island and season, and why (kept in the log). */
export const payDifferenceSchema = z.object({
  stormId: z
    .string({ error: SOURCE_DIFFERENCE_MESSAGES.storm })
    .trim()
    .toUpperCase()
    .regex(/^(AL|EP|CP)\d{6}$/, SOURCE_DIFFERENCE_MESSAGES.storm),
  country: z
    .string({ error: SOURCE_DIFFERENCE_MESSAGES.country })
    .refine(isCountryCode, SOURCE_DIFFERENCE_MESSAGES.country)
    .transform((value) => value as CountryCode),
  seasonYear: z.number({ error: SOURCE_DIFFERENCE_MESSAGES.season }).int(SOURCE_DIFFERENCE_MESSAGES.season).min(1950, SOURCE_DIFFERENCE_MESSAGES.season).max(9998, SOURCE_DIFFERENCE_MESSAGES.season),
  reason: z
    .string({ error: SOURCE_DIFFERENCE_MESSAGES.reasonRequired })
    .trim()
    .min(10, SOURCE_DIFFERENCE_MESSAGES.reasonRequired)
    .max(1000, SOURCE_DIFFERENCE_MESSAGES.reasonTooLong),
});
export type PayDifferenceInput = z.infer<typeof payDifferenceSchema>;
