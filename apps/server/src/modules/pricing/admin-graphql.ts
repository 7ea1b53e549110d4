import { holderLimitsInputSchema, offerInputSchema, seasonInputSchema } from '@fhp/domain';
import { builder, type GraphQLContext } from '../../graphql/builder';
import { parseInput } from '../../graphql/errors';
import { money, MoneyRef } from '../../graphql/money';
import { forbidden, requireUser } from '../identity';
import { listAllSeasons, listHolderLimits, listOffers, saveHolderLimits, saveOffer, saveSeason, type AdminOfferView, type HolderLimitsView } from './admin';
import { SeasonRef } from './graphql';

/* Offers and seasons for administrators (issue 11 item 4; decision 052). */

function requireConfigurator(ctx: GraphQLContext, action: 'read' | 'update'): void {
  requireUser(ctx);
  if (!ctx.ability.can(action, 'Configuration')) throw forbidden();
}

const AdminOfferRef = builder.objectRef<AdminOfferView>('AdminOffer').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    country: t.exposeString('country'),
    discountPercent: t.exposeString('discountPercent', { description: 'As stored, e.g. "5.00".' }),
    validFrom: t.exposeString('fromDate', { description: 'First day, YYYY-MM-DD in America/Port_of_Spain.' }),
    validTo: t.exposeString('toDate', { nullable: true, description: 'Last day, or null when open-ended.' }),
    message: t.exposeString('message', { nullable: true }),
    logo: t.exposeString('logo', { nullable: true }),
    canPurchase: t.exposeBoolean('canPurchase'),
    active: t.exposeBoolean('active'),
  }),
});

// Plain strings and booleans: the domain schema gives the admin's sentences, GraphQL coercion would not.
const OfferInputRef = builder.inputType('OfferInput', {
  fields: (t) => ({
    id: t.string({ required: false, description: 'Absent: a new offer.' }),
    country: t.string(),
    discountPercent: t.string(),
    validFrom: t.string(),
    validTo: t.string({ required: false }),
    message: t.string({ required: false }),
    logo: t.string({ required: false }),
    canPurchase: t.boolean(),
    active: t.boolean(),
  }),
});

const SeasonInputRef = builder.inputType('SeasonInput', {
  fields: (t) => ({
    year: t.int(),
    coverStart: t.string(),
    coverEnd: t.string(),
    paymentDeadline: t.string(),
    purchaseWindowOpen: t.boolean(),
    nextSeasonYear: t.int(),
  }),
});

const HolderLimitsRef = builder.objectRef<HolderLimitsView>('HolderLimits').implement({
  description: 'The limits per holder of a country and season: the most policies, and cover in all, one holder may hold there (cancelled policies do not count).',
  fields: (t) => ({
    country: t.exposeString('country'),
    seasonYear: t.exposeInt('seasonYear'),
    maxPolicies: t.exposeInt('maxPolicies'),
    maxCoverage: t.field({ type: MoneyRef, resolve: (limits) => money(limits.maxCoverageCents) }),
  }),
});

const HolderLimitsInputRef = builder.inputType('HolderLimitsInput', {
  fields: (t) => ({
    country: t.string(),
    seasonYear: t.int(),
    maxPolicies: t.int(),
    maxCoverage: t.string({ description: 'EC$, e.g. "540,000"' }),
  }),
});

builder.queryFields((t) => ({
  adminHolderLimits: t.field({
    type: [HolderLimitsRef],
    description: 'Admin: the limits per holder of every country and season with a pricing of its own, newest season first.',
    resolve: (_root, _args, ctx) => {
      requireConfigurator(ctx, 'read');
      return listHolderLimits(ctx.request.server);
    },
  }),
  adminOffers: t.field({
    type: [AdminOfferRef],
    description: 'Admin: every offer, active or not, by country and newest first.',
    resolve: (_root, _args, ctx) => {
      requireConfigurator(ctx, 'read');
      return listOffers(ctx.request.server);
    },
  }),
  adminSeasons: t.field({
    type: [SeasonRef],
    description: 'Admin: every season, newest first.',
    resolve: (_root, _args, ctx) => {
      requireConfigurator(ctx, 'read');
      return listAllSeasons(ctx.request.server);
    },
  }),
}));

builder.mutationFields((t) => ({
  saveHolderLimits: t.field({
    type: HolderLimitsRef,
    description: 'Admin: sets the limits per holder of a country and season; purchases from then on are held to them.',
    args: { input: t.arg({ type: HolderLimitsInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => {
      requireConfigurator(ctx, 'update');
      return saveHolderLimits(ctx.request.server, parseInput(holderLimitsInputSchema, input));
    },
  }),
  saveOffer: t.field({
    type: AdminOfferRef,
    description: 'Admin: create (no id) or edit an offer; the next quote uses it.',
    args: { input: t.arg({ type: OfferInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => {
      requireConfigurator(ctx, 'update');
      return saveOffer(ctx.request.server, parseInput(offerInputSchema, input), requireUser(ctx).id);
    },
  }),
  saveSeason: t.field({
    type: SeasonRef,
    description: 'Admin: create or edit the season of a year; its cover may not overlap another season’s.',
    args: { input: t.arg({ type: SeasonInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => {
      requireConfigurator(ctx, 'update');
      return saveSeason(ctx.request.server, parseInput(seasonInputSchema, input), requireUser(ctx).id);
    },
  }),
}));
