import { COUNTRY_CODES, historicalPage, type CountryCode, type ExposureBase, type ExposureScenario, type HistoricalExposure } from '@fhp/domain';
import { builder } from '../../graphql/builder';
import { userInputError } from '../../graphql/errors';
import { forbidden, requireUser } from '../identity';
import type { PortfolioGroupRow } from './repository';
import { loadPortfolio, type Portfolio } from './service';

/* The portfolio (issue 11 item 6): totals by country, option and status, and exposure (decisions 054, 072). */

const dueOf = (g: PortfolioGroupRow) => (g.status === 'CANCELED' || g.status === 'EXPIRED' ? 0 : Math.max(0, g.premiumCents - g.collectedCents));

const GroupRef = builder.objectRef<PortfolioGroupRow>('PortfolioGroup').implement({
  fields: (t) => ({
    country: t.exposeString('country'),
    optionId: t.exposeString('optionId'),
    status: t.exposeString('status'),
    seasonYear: t.exposeInt('seasonYear'),
    policies: t.exposeInt('policies'),
    coverageCents: t.exposeFloat('coverageCents'),
    premiumCents: t.exposeFloat('premiumCents'),
    collectedCents: t.exposeFloat('collectedCents'),
    dueCents: t.float({ description: 'Premium not yet collected (0 for canceled and expired policies).', resolve: dueOf }),
  }),
});
const ScopeEnum = builder.enumType('ExposureScope', {
  values: {
    IN_FORCE: { description: 'Cover runs today: what a storm today would trigger.' },
    NOT_STARTED: { description: 'Issued for a season whose cover starts later: exposed from that day, not today.' },
  } as const,
});
const BaseRef = builder.objectRef<ExposureBase>('ExposureBasis').implement({
  fields: (t) => ({
    scope: t.field({ type: ScopeEnum, resolve: (b) => b.scope }),
    country: t.exposeString('country'),
    optionId: t.exposeString('optionId'),
    policies: t.exposeInt('policies'),
    coverageCents: t.exposeFloat('coverageCents'),
    remainingCents: t.exposeFloat('remainingCents', { description: 'Coverage the term’s payouts have not used yet (the 100% cap).' }),
  }),
});
const ScenarioRef = builder.objectRef<ExposureScenario>('ExposureScenario').implement({
  fields: (t) => ({
    scope: t.field({ type: ScopeEnum, resolve: (s) => s.scope }),
    country: t.exposeString('country'),
    label: t.exposeString('label'),
    payoutCents: t.exposeFloat('payoutCents'),
  }),
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
const HistoricalPageRef = builder.objectRef<{ totalCount: number; items: HistoricalExposure[] }>('HistoricalExposurePage').implement({
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount'),
    items: t.field({ type: [HistoricalRef], resolve: (p) => p.items }),
  }),
});

const MAX_PAGE = 100;

const PortfolioRef = builder.objectRef<Portfolio>('Portfolio').implement({
  fields: (t) => ({
    asOf: t.exposeString('asOf', { description: 'The day (America/Port_of_Spain) the scopes are judged on.' }),
    groups: t.field({ type: [GroupRef], resolve: (p) => p.groups }),
    exposureBasis: t.field({ type: [BaseRef], description: 'The policies each scope prices, by country and option.', resolve: (p) => p.bases }),
    designStorms: t.field({
      type: [ScenarioRef],
      description: 'The two design storms per island: scope IN_FORCE for today, NOT_STARTED for policies whose cover starts later.',
      resolve: (p) => p.designStorms,
    }),
    historicalStorms: t.field({
      type: HistoricalPageRef,
      description: 'Every shipped storm that paid any option, priced on the policies in force today; costliest first.',
      args: {
        search: t.arg.string({ required: false, description: 'Words of the name, a year, or a storm id.' }),
        country: t.arg.string({ required: false }),
        offset: t.arg.int({ required: false }),
        limit: t.arg.int({ required: false }),
      },
      resolve: (p, args) => {
        const country = args.country ?? null;
        if (country !== null && !(COUNTRY_CODES as readonly string[]).includes(country)) throw userInputError('Choose an island: gd or dm');
        const offset = args.offset ?? 0;
        const limit = args.limit ?? 20;
        if (offset < 0 || limit < 1 || limit > MAX_PAGE) throw userInputError(`Ask for 1 to ${MAX_PAGE} storms from offset 0 or more`);
        if ((args.search ?? '').length > 100) throw userInputError('Search with at most 100 characters');
        return historicalPage(p.historical, { search: args.search ?? '', country: country as CountryCode | null, offset, limit });
      },
    }),
  }),
});

builder.queryFields((t) => ({
  portfolio: t.field({
    type: PortfolioRef,
    description: 'Admin: policies, coverage and premium by country, option, status and season; what storms would cost.',
    resolve: (_root, _args, ctx) => {
      requireUser(ctx);
      if (!ctx.ability.can('read', 'Portfolio')) throw forbidden();
      return loadPortfolio(ctx.db, ctx.clock());
    },
  }),
}));

