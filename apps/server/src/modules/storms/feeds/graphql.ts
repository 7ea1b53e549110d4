import { isDomainError, payDifferenceSchema } from '@fhp/domain';
import { builder } from '../../../graphql/builder';
import { parseInput, userInputError } from '../../../graphql/errors';
import { money, MoneyRef } from '../../../graphql/money';
import { forbidden, requireUser } from '../../identity';
import { lifecycleDeps } from '../../lifecycle';
import { payStormSourceDifference } from './agreement';
import { feedStatuses, sourceDifferences, type FeedStatusView, type OptionFigure, type SourceDifferenceView, type SourceFigures } from './sources-view';

/** Issue 22 item 3 (decision 149): the admin sees where the feed sources differ and which fell silent, and may pay a difference with a reason. */

const OptionFigureRef = builder.objectRef<OptionFigure>('SourceOptionPercent').implement({
  fields: (t) => ({ option: t.exposeString('option'), percent: t.exposeInt('percent') }),
});

const SourceFiguresRef = builder.objectRef<SourceFigures>('StormSourceFigures').implement({
  description: "One feed source's verdict of a storm over an island and season.",
  fields: (t) => ({
    source: t.exposeString('source'),
    c1: t.exposeString('c1', { nullable: true, description: 'Highest class within 25 km on this source’s track' }),
    c2: t.exposeString('c2', { nullable: true, description: 'Highest class within 100 km' }),
    payouts: t.field({ type: [OptionFigureRef], resolve: (row) => row.payouts }),
    evaluatedAt: t.exposeString('evaluatedAt'),
  }),
});

const ApprovalRef = builder.objectRef<NonNullable<SourceDifferenceView['approval']>>('StormDifferenceApproval').implement({
  fields: (t) => ({ reason: t.exposeString('reason'), approvedBy: t.exposeString('approvedBy'), approvedAt: t.exposeString('approvedAt') }),
});

const SourceDifferenceRef = builder.objectRef<SourceDifferenceView>('StormSourceDifference').implement({
  description: 'A storm over an island and season where the feed sources give different figures.',
  fields: (t) => ({
    stormId: t.exposeString('stormId'),
    name: t.exposeString('name'),
    country: t.exposeString('country'),
    countryName: t.exposeString('countryName'),
    seasonYear: t.exposeInt('seasonYear'),
    sourcesRequired: t.exposeInt('sourcesRequired', { description: 'PAYOUT_SOURCES_REQUIRED: the M-th highest figure is paid' }),
    paid: t.field({ type: [OptionFigureRef], description: 'What is paid per option now', resolve: (row) => row.paid }),
    sources: t.field({ type: [SourceFiguresRef], resolve: (row) => row.sources }),
    payable: t.exposeBoolean('payable', { description: 'Some source gives more than is paid' }),
    approval: t.field({ type: ApprovalRef, nullable: true, resolve: (row) => row.approval }),
  }),
});

const FeedStatusRef = builder.objectRef<FeedStatusView>('StormFeedStatus').implement({
  fields: (t) => ({
    source: t.exposeString('source'),
    url: t.exposeString('url'),
    answeredAt: t.exposeString('answeredAt', { nullable: true }),
    changedAt: t.exposeString('changedAt', { nullable: true }),
    failures: t.exposeInt('failures'),
    lastError: t.exposeString('lastError', { nullable: true }),
    silent: t.exposeBoolean('silent', { description: 'No answer for an hour while a storm is active' }),
  }),
});

const PaidDifferenceRef = builder.objectRef<{ message: string; payoutCount: number; amountCents: number }>('PaidSourceDifference').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    payoutCount: t.exposeInt('payoutCount'),
    total: t.field({ type: MoneyRef, resolve: (row) => money(row.amountCents) }),
  }),
});

builder.queryFields((t) => ({
  stormSourceDifferences: t.field({
    type: [SourceDifferenceRef],
    description: 'Admin: storms where the feed sources differ, with each source’s figure per option and what is paid.',
    resolve: (_root, _args, ctx) => {
      requireUser(ctx);
      if (!ctx.ability.can('read', 'PayoutWire')) throw forbidden();
      return sourceDifferences(ctx.db, ctx.config.stormFeeds.sourcesRequired);
    },
  }),
  stormFeeds: t.field({
    type: [FeedStatusRef],
    description: 'Admin: the polled feed sources, their last answer and failures, and which fell silent.',
    resolve: (_root, _args, ctx) => {
      requireUser(ctx);
      if (!ctx.ability.can('read', 'PayoutWire')) throw forbidden();
      return feedStatuses(ctx.db, ctx.clock());
    },
  }),
}));

builder.mutationFields((t) => ({
  payStormSourceDifference: t.field({
    type: PaidDifferenceRef,
    description: 'Admin: pay the difference between the sources of a storm over an island and season (up to the highest source’s figures), with a written reason.',
    args: { stormId: t.arg.string({ required: true }), country: t.arg.string({ required: true }), seasonYear: t.arg.int({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const user = requireUser(ctx);
      if (!ctx.ability.can('create', 'PayoutWire')) throw forbidden();
      const input = parseInput(payDifferenceSchema, args);
      try {
        const paid = await payStormSourceDifference(lifecycleDeps(ctx.request.server, ctx.request.log), input, { performedBy: user.id, required: ctx.config.stormFeeds.sourcesRequired });
        const amountCents = paid.payouts.reduce((sum, payout) => sum + payout.amountCents, 0);
        const count = paid.payouts.length;
        return { message: `The difference is paid: ${count} payout${count === 1 ? '' : 's'} topped up.`, payoutCount: count, amountCents };
      } catch (error) {
        if (isDomainError(error)) throw userInputError(error.message, error.code === 'NOT_FOUND' ? 'NOT_FOUND' : undefined);
        throw error;
      }
    },
  }),
}));
