import { designStormExposure, historicalExposure, EXPOSED_STATUSES, loadPrecomputedBacktest, type CountryCode, type CoverageInForce, type ExposureScenario, type HistoricalExposure, type OptionId } from '@fhp/domain';
import { count, sql, sum } from 'drizzle-orm';
import { builder, type GraphQLContext } from '../../graphql/builder';
import type { Db } from '../../db/client';
import { policies } from '../../db/schema';
import { forbidden, requireUser } from '../identity/guards';

/* The portfolio (issue 11 item 6): totals by country, option and status, and exposure (decision 054). */

interface PortfolioGroup {
  country: string;
  optionId: string;
  status: string;
  policies: number;
  coverageCents: number;
  premiumCents: number;
  collectedCents: number;
}

interface Portfolio {
  groups: PortfolioGroup[];
  designStorms: ExposureScenario[];
  historicalStorms: HistoricalExposure[];
}

/** One grouped pass over the policies; premium is what the holder owes (after any discount). */
async function portfolioGroups(db: Db): Promise<PortfolioGroup[]> {
  const rows = await db
    .select({
      country: policies.country,
      optionId: policies.optionId,
      status: policies.status,
      policies: count(),
      coverageCents: sum(policies.coverageCents),
      premiumCents: sum(sql<number>`coalesce(${policies.discountedPremiumCents}, ${policies.premiumCents})`),
      collectedCents: sum(policies.paidCents),
    })
    .from(policies)
    .groupBy(policies.country, policies.optionId, policies.status)
    .orderBy(policies.country, policies.optionId, policies.status);
  return rows.map((r) => ({ ...r, coverageCents: Number(r.coverageCents ?? 0), premiumCents: Number(r.premiumCents ?? 0), collectedCents: Number(r.collectedCents ?? 0) }));
}

async function portfolio(ctx: GraphQLContext): Promise<Portfolio> {
  const groups = await portfolioGroups(ctx.db);
  const inForce: CoverageInForce[] = groups
    .filter((g) => (EXPOSED_STATUSES as readonly string[]).includes(g.status))
    .map((g) => ({ country: g.country as CountryCode, optionId: g.optionId as OptionId, coverageCents: g.coverageCents }));
  return { groups, designStorms: designStormExposure(inForce), historicalStorms: historicalExposure(inForce, await loadPrecomputedBacktest()).slice(0, 20) };
}

const GroupRef = builder.objectRef<PortfolioGroup>('PortfolioGroup').implement({
  fields: (t) => ({
    country: t.exposeString('country'),
    optionId: t.exposeString('optionId'),
    status: t.exposeString('status'),
    policies: t.exposeInt('policies'),
    coverageCents: t.exposeFloat('coverageCents'),
    premiumCents: t.exposeFloat('premiumCents'),
    collectedCents: t.exposeFloat('collectedCents'),
    dueCents: t.float({ description: 'Premium not yet collected (0 for canceled and expired policies).', resolve: (g) => (g.status === 'CANCELED' || g.status === 'EXPIRED' ? 0 : Math.max(0, g.premiumCents - g.collectedCents)) }),
  }),
});
const ScenarioRef = builder.objectRef<ExposureScenario>('ExposureScenario').implement({
  fields: (t) => ({ country: t.exposeString('country'), label: t.exposeString('label'), payoutCents: t.exposeFloat('payoutCents') }),
});
const HistoricalRef = builder.objectRef<HistoricalExposure>('HistoricalExposure').implement({
  fields: (t) => ({
    country: t.exposeString('country'),
    stormId: t.exposeString('stormId'),
    name: t.exposeString('name'),
    date: t.exposeString('date'),
    payoutCents: t.exposeFloat('payoutCents'),
  }),
});
const PortfolioRef = builder.objectRef<Portfolio>('Portfolio').implement({
  fields: (t) => ({
    groups: t.field({ type: [GroupRef], resolve: (p) => p.groups }),
    designStorms: t.field({ type: [ScenarioRef], resolve: (p) => p.designStorms }),
    historicalStorms: t.field({ type: [HistoricalRef], description: 'The 20 costliest shipped storms on today’s in-force policies.', resolve: (p) => p.historicalStorms }),
  }),
});

builder.queryFields((t) => ({
  portfolio: t.field({
    type: PortfolioRef,
    description: 'Admin: policies, coverage and premium by country, option and status; what storms would cost today.',
    resolve: (_root, _args, ctx) => {
      requireUser(ctx);
      if (!ctx.ability.can('read', 'Portfolio')) throw forbidden();
      return portfolio(ctx);
    },
  }),
}));
