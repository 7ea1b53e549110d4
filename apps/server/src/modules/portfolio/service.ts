import {
  designStormExposure,
  exposureScope,
  historicalExposure,
  loadPrecomputedBacktest,
  localIsoDate,
  type CountryCode,
  type ExposureBase,
  type ExposureScenario,
  type HistoricalExposure,
  type IsoDate,
  type OptionId,
} from '@fhp/domain';
import type { Db } from '../../db/client';
import { listSeasons } from '../pricing';
import { portfolioGroups, type PortfolioGroupRow } from './repository';

export interface Portfolio {
  asOf: IsoDate;
  groups: PortfolioGroupRow[];
  bases: ExposureBase[];
  designStorms: ExposureScenario[];
  historical: HistoricalExposure[];
}

/** Groups to exposure bases by today's scope of each group's season; groups out of scope are left out. */
function basesOf(groups: readonly PortfolioGroupRow[], seasons: ReadonlyMap<number, { coverStart: IsoDate; coverEnd: IsoDate }>, today: IsoDate): ExposureBase[] {
  const bases = new Map<string, ExposureBase & { payoutAt: Record<string, number> }>();
  for (const g of groups) {
    const season = seasons.get(g.seasonYear);
    const scope = season ? exposureScope(g.status, season, today) : null;
    if (scope === null) continue;
    const key = `${scope}:${g.country}:${g.optionId}`;
    const base = bases.get(key) ?? { scope, country: g.country as CountryCode, optionId: g.optionId as OptionId, policies: 0, coverageCents: 0, remainingCents: 0, payoutAt: {} };
    base.policies += g.policies;
    base.coverageCents += g.coverageCents;
    base.remainingCents += g.remainingCents;
    for (const [pct, cents] of Object.entries(g.payoutAt)) base.payoutAt[pct] = (base.payoutAt[pct] ?? 0) + cents;
    bases.set(key, base);
  }
  return [...bases.values()];
}

/** The whole portfolio as of `now`: one grouped pass over the policies, then the contract (domain). */
export async function loadPortfolio(db: Db, now: Date): Promise<Portfolio> {
  const [groups, seasons, backtest] = await Promise.all([portfolioGroups(db), listSeasons(db), loadPrecomputedBacktest()]);
  const asOf = localIsoDate(now);
  const bases = basesOf(groups, new Map(seasons.map((s) => [s.year, s])), asOf);
  return { asOf, groups, bases, designStorms: designStormExposure(bases), historical: historicalExposure(bases, backtest) };
}

