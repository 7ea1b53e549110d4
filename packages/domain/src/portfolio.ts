import type { CountryCode } from './countries';
import { percentOfCoverageCents } from './money';
import { OPTION_IDS, PAYOUT_TABLE, type OptionId } from './options';
import { IN_FORCE_STATUSES, type PolicyStatus } from './policy/status';
import type { IsoDate, Season } from './season';
import type { PrecomputedBacktest } from './storms/backtest';
import { termPayoutCents } from './storms/term';

/**
 * What the company stands to pay (issue 11 item 6; decisions 054 and 072): the policies whose
 * cover runs today, run through the contract's payout table for two design storms and for every
 * historical storm of the shipped back-test, each policy's payout capped at what its term has not
 * paid out yet (the 100% cap). Policies issued for a season whose cover has not started are priced
 * apart and labelled so; policies whose cover has ended are left out. Pure: the server sums, this
 * applies the contract.
 */

/** Every percent the payout table can give (TS 10 through C5 100); storms pay nothing else. */
export const EXPOSURE_PERCENTS: readonly number[] = [...new Set(OPTION_IDS.flatMap((o) => Object.values(PAYOUT_TABLE[o])))].filter((p) => p > 0).sort((a, b) => a - b);

/** Where a policy stands on a day: its cover runs, has not started, or neither (ended, unpaid, canceled). */
export type ExposureScope = 'IN_FORCE' | 'NOT_STARTED';

/** The statuses whose cover a storm would find in force once their term has started. */
const EXPOSABLE: readonly PolicyStatus[] = ['ISSUED', ...IN_FORCE_STATUSES];

/**
 * In force today: a status the trigger engine pays, and a cover term that includes `today`. Not
 * started: issued (or already in force) for a term that starts after `today`. Anything else,
 * including a policy still in force after its term ended (the expiry job has not run yet), is out.
 */
export function exposureScope(status: PolicyStatus, season: Pick<Season, 'coverStart' | 'coverEnd'>, today: IsoDate): ExposureScope | null {
  if (!EXPOSABLE.includes(status)) return null;
  if (today < season.coverStart) return 'NOT_STARTED';
  if (today > season.coverEnd) return null;
  return (IN_FORCE_STATUSES as readonly PolicyStatus[]).includes(status) ? 'IN_FORCE' : null;
}

/**
 * The book of one country and option in one scope: its coverage, what its terms have not paid out
 * yet, and for each percent of `EXPOSURE_PERCENTS` what a storm of that percent would pay, summed
 * policy by policy with each one's cap (`termPayoutCents`): summing coverage first would pay a
 * policy that has already had its 100%.
 */
export interface ExposureBase {
  scope: ExposureScope;
  country: CountryCode;
  optionId: OptionId;
  policies: number;
  coverageCents: number;
  remainingCents: number;
  /** Percent (as a string key, e.g. "50") to the capped payout in cents. */
  payoutAt: Readonly<Record<string, number>>;
}

/** The same sums from single policies: the reference the server's grouped query is tested against. */
export function exposureBases(
  policies: readonly { scope: ExposureScope; country: CountryCode; optionId: OptionId; coverageCents: number; paidOutCents: number }[],
): ExposureBase[] {
  const bases = new Map<string, { scope: ExposureScope; country: CountryCode; optionId: OptionId; policies: number; coverageCents: number; remainingCents: number; payoutAt: Record<string, number> }>();
  for (const p of policies) {
    const key = `${p.scope}:${p.country}:${p.optionId}`;
    const base = bases.get(key) ?? { scope: p.scope, country: p.country, optionId: p.optionId, policies: 0, coverageCents: 0, remainingCents: 0, payoutAt: Object.fromEntries(EXPOSURE_PERCENTS.map((pct) => [String(pct), 0])) };
    base.policies += 1;
    base.coverageCents += p.coverageCents;
    base.remainingCents += Math.max(0, p.coverageCents - p.paidOutCents);
    for (const pct of EXPOSURE_PERCENTS) base.payoutAt[String(pct)] = (base.payoutAt[String(pct)] ?? 0) + termPayoutCents(p.coverageCents, p.paidOutCents, pct);
    bases.set(key, base);
  }
  return [...bases.values()];
}

export interface ExposureScenario {
  scope: ExposureScope;
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

function payoutOf(base: ExposureBase, percent: number): number {
  if (percent <= 0) return 0;
  const known = base.payoutAt[String(percent)];
  // A percent the table cannot give (an edited table): the cap applied to the sums is an upper bound.
  return known ?? Math.min(percentOfCoverageCents(base.coverageCents, percent), base.remainingCents);
}

/** Per scope and country, what each design storm would pay; countries and scopes with no policy are absent. */
export function designStormExposure(bases: readonly ExposureBase[]): ExposureScenario[] {
  const keys = [...new Set(bases.map((b) => `${b.scope}:${b.country}`))].sort();
  return keys.flatMap((key) => {
    const [scope, country] = key.split(':') as [ExposureScope, CountryCode];
    const mine = bases.filter((b) => b.scope === scope && b.country === country);
    return DESIGN_STORMS.map((storm) => ({ scope, country, label: storm.label, payoutCents: mine.reduce((sum, b) => sum + payoutOf(b, storm.percent(b.optionId)), 0) }));
  });
}

/**
 * Every historical storm that paid any option on either island in the back-test, priced on the
 * book in force today (scope IN_FORCE only); costliest first, then oldest first.
 */
export function historicalExposure(bases: readonly ExposureBase[], backtest: PrecomputedBacktest): HistoricalExposure[] {
  const byStorm = new Map<string, HistoricalExposure>();
  for (const [country, test] of Object.entries(backtest.countries) as [CountryCode, PrecomputedBacktest['countries'][CountryCode]][]) {
    for (const optionId of OPTION_IDS) {
      const base = bases.find((b) => b.scope === 'IN_FORCE' && b.country === country && b.optionId === optionId);
      for (const paid of test.options[optionId]?.payouts ?? []) {
        const key = `${country}:${paid.stormId}`;
        const entry = byStorm.get(key) ?? { country, stormId: paid.stormId, name: paid.name, date: paid.date, payoutCents: 0 };
        entry.payoutCents += base ? payoutOf(base, paid.percent) : 0;
        byStorm.set(key, entry);
      }
    }
  }
  return [...byStorm.values()].sort((a, b) => b.payoutCents - a.payoutCents || a.date.localeCompare(b.date) || a.country.localeCompare(b.country));
}

/** A page of the historical storms, narrowed by a name or year typed by the admin and by island. */
export function historicalPage(
  all: readonly HistoricalExposure[],
  { search = '', country = null, offset = 0, limit = 20 }: { search?: string; country?: CountryCode | null; offset?: number; limit?: number },
): { totalCount: number; items: HistoricalExposure[] } {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matching = all.filter((s) => (country === null || s.country === country) && words.every((w) => s.name.toLowerCase().includes(w) || s.date.startsWith(w) || s.stormId.toLowerCase() === w));
  return { totalCount: matching.length, items: matching.slice(offset, offset + limit) };
}
