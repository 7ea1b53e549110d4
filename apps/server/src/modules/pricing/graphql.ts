import { builder } from '../../graphql/builder';
import { MoneyRef } from '../../graphql/money';
import type { DiscountView, QuoteOptionView, QuoteView, TriggeringParamView } from './quote-view';
import { purchaseWindowOpenAt } from './purchase-window';
import type { SeasonRow } from './repository';
import { checkOffer, currentSeason, quote, type OfferCheck } from './service';

// Inputs are plain strings and floats on purpose: the domain's zod schemas give the customer
// the spec's messages, where GraphQL's own coercion errors would not.
const QuoteInputRef = builder.inputType('QuoteInput', {
  fields: (t) => ({ country: t.string(), coverage: t.float({ description: 'EC$, e.g. 25000' }) }),
});
const CheckOfferInputRef = builder.inputType('CheckOfferInput', {
  fields: (t) => ({ countryName: t.string({ description: 'gd or dm' }) }),
});

const TriggeringParamRef = builder.objectRef<TriggeringParamView>('TriggeringParam').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    params: t.exposeStringList('params'),
    coveragePct: t.exposeFloat('coveragePct'),
    coverage: t.expose('coverage', { type: MoneyRef }),
  }),
});

const DiscountRef = builder.objectRef<DiscountView>('Discount').implement({
  fields: (t) => ({
    percent: t.exposeFloat('percent'),
    amount: t.expose('amount', { type: MoneyRef }),
    premium: t.expose('premium', { type: MoneyRef, description: 'The discounted premium.' }),
  }),
});

// Every field is an exposed property of the memoised view: graphql-jit reads them inline.
const QuoteOptionRef = builder.objectRef<QuoteOptionView>('QuoteOption').implement({
  fields: (t) => ({
    id: t.exposeString('id', { description: 'T, 1, 2, 3, 4 or 5' }),
    label: t.exposeString('label'),
    rolPct: t.exposeFloat('rolPct'),
    premium: t.expose('premium', { type: MoneyRef, description: 'Before any discount.' }),
    coverage: t.expose('coverage', { type: MoneyRef }),
    discount: t.expose('discount', { type: DiscountRef, nullable: true }),
    triggeringParams: t.expose('triggeringParams', { type: [TriggeringParamRef] }),
  }),
});

const QuoteRef = builder.objectRef<QuoteView>('Quote').implement({
  fields: (t) => ({
    country: t.exposeString('country'),
    countryName: t.exposeString('countryName'),
    coverage: t.expose('coverage', { type: MoneyRef }),
    options: t.expose('options', { type: [QuoteOptionRef] }),
  }),
});

const OfferCheckRef = builder.objectRef<OfferCheck>('OfferCheck').implement({
  fields: (t) => ({
    applicable: t.exposeBoolean('applicable'),
    message: t.exposeString('message', { nullable: true }),
    logo: t.exposeString('logo', { nullable: true }),
    canPurchase: t.exposeBoolean('canPurchase'),
    discountPercent: t.exposeFloat('discountPercent'),
  }),
});

export const SeasonRef = builder.objectRef<SeasonRow>('Season').implement({
  fields: (t) => ({
    year: t.exposeInt('year'),
    coverStart: t.exposeString('coverStart'),
    coverEnd: t.exposeString('coverEnd'),
    paymentDeadline: t.exposeString('paymentDeadline'),
    // Not the stored flag alone: also closed past the payment deadline, as PurchasePolicy decides.
    purchaseWindowOpen: t.boolean({ resolve: (season, _args, { clock }) => purchaseWindowOpenAt(season, clock()) }),
    nextSeasonYear: t.exposeInt('nextSeasonYear'),
  }),
});

builder.queryFields((t) => ({
  quote: t.field({
    type: QuoteRef,
    args: { input: t.arg({ type: QuoteInputRef, required: true }) },
    resolve: (_root, { input }, { offers, clock, request }) => quote({ offers, pricing: request.server.pricingConfig }, input, clock()),
  }),
  CheckOfferIsApplicable: t.field({
    type: OfferCheckRef,
    args: { input: t.arg({ type: CheckOfferInputRef, required: true }) },
    resolve: (_root, { input }, { offers, clock }) => checkOffer(offers, input, clock()),
  }),
  currentSeason: t.field({ type: SeasonRef, resolve: (_root, _args, { db }) => currentSeason(db) }),
}));
