import { isDomainError, subject, WIND_PERIODS, type WindPeriod } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import { userInputError } from '../../graphql/errors';
import { money, MoneyRef } from '../../graphql/money';
import { policies } from '../../db/schema';
import { forbidden, requireUser } from '../identity/guards';
import { explorerLink, publicOrigin } from '../ledger';
import { lifecycleDeps } from '../policies/deps';
import { isUuid } from '../policies/lifecycle';
import { TXN_LOCATIONS } from '../policies/transaction-log';
import { recordPayoutWire } from '../payouts/service';
import { listStorms, stormEvaluationViews, stormPayouts, type StormEvaluationView, type StormPayoutRow, type StormSummary } from './admin-view';
import { policyAnalytics, policyWind, type AnalyticsEvent, type AnalyticsRow, type PolicyAnalytics } from './analytics-view';

/** Issue 10: the admin's storms and payouts, the wire, and the holder's Tropical Cyclone Tracker. */

const POLICY_NOT_FOUND = 'This policy was not found.'; // ours

const StormEvaluationRef = builder.objectRef<StormEvaluationView>('StormEvaluation').implement({
  description: "The contract's verdict for a storm over an island in a season's cover term.",
  fields: (t) => ({
    country: t.exposeString('country'),
    countryName: t.exposeString('countryName'),
    seasonYear: t.exposeInt('seasonYear'),
    c1: t.exposeString('c1', { nullable: true, description: 'Highest class within 25 km: TS, C1..C5' }),
    c2: t.exposeString('c2', { nullable: true, description: 'Highest class within 100 km' }),
    payouts: t.field({ type: [StormOptionPercentRef], resolve: (view) => view.payouts }),
  }),
});

const StormOptionPercentRef = builder.objectRef<{ option: string; percent: number }>('StormOptionPercent').implement({
  fields: (t) => ({ option: t.exposeString('option'), percent: t.exposeInt('percent') }),
});

const StormSummaryRef = builder.objectRef<StormSummary>('StormSummary').implement({
  fields: (t) => ({
    id: t.exposeString('id', { description: 'HURDAT2 id, e.g. AL092004' }),
    name: t.exposeString('name'),
    year: t.exposeInt('year'),
    pointCount: t.exposeInt('pointCount'),
    version: t.exposeInt('version', { description: 'How many imports changed it (1: as first stored)' }),
    firstPointAt: t.exposeString('firstPointAt'),
    lastPointAt: t.exposeString('lastPointAt'),
    updatedAt: t.exposeString('updatedAt'),
    payoutCount: t.exposeInt('payoutCount'),
    paidCount: t.exposeInt('paidCount'),
    payoutTotal: t.field({ type: MoneyRef, resolve: (row) => money(row.payoutCents) }),
    evaluations: t.field({ type: [StormEvaluationRef], resolve: (row, _args, ctx) => stormEvaluationViews(ctx.db, row.id) }),
  }),
});

const StormPayoutRef = builder.objectRef<StormPayoutRow>('StormPayout').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    policyId: t.exposeString('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    holderName: t.exposeString('holderName'),
    country: t.exposeString('country'),
    optionId: t.exposeString('optionId'),
    percent: t.exposeInt('percent'),
    amount: t.field({ type: MoneyRef, resolve: (row) => money(row.amountCents) }),
    status: t.exposeString('status', { description: 'PENDING or PAID' }),
    createdAt: t.exposeString('createdAt'),
    paidAt: t.exposeString('paidAt', { nullable: true }),
    wireReference: t.exposeString('wireReference', { nullable: true }),
    acknowledged: t.exposeBoolean('acknowledged'),
  }),
});

const AnalyticsEventRef = builder.objectRef<AnalyticsEvent>('AnalyticsEvent').implement({
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Eligible For Payout, Tropical Cyclone Occurred, Weather System Nearby' }),
    date: t.exposeString('date', { description: 'YYYY-MM-DD in America/Port_of_Spain' }),
    kind: t.exposeString('kind'),
    colour: t.exposeString('colour', { description: 'green, red or orange' }),
    stormId: t.exposeString('stormId'),
    name: t.exposeString('name'),
    windKt: t.exposeInt('windKt', { nullable: true }),
    category: t.exposeString('category'),
    closestKm: t.exposeInt('closestKm'),
  }),
});

const AnalyticsRowRef = builder.objectRef<AnalyticsRow>('AnalyticsRow').implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    cycloneDate: t.exposeString('cycloneDate', { description: 'ISO 8601 UTC of the observation' }),
    windspeed: t.exposeInt('windspeedKt', { nullable: true, description: 'knots' }),
    category: t.exposeString('category'),
    title: t.exposeString('title'),
    stormId: t.exposeString('stormId'),
    name: t.exposeString('name'),
    blockchainTxnId: t.exposeString('blockchainTxnId', { nullable: true }),
    blockchainTxnUrl: t.string({
      nullable: true,
      resolve: (row, _args, ctx) => (row.blockchainHash ? explorerLink(publicOrigin(ctx.config.publicUrl, ctx.request), row.blockchainHash) : null),
    }),
  }),
});

const WindBucketRef = builder.objectRef<{ start: string; maxKt: number | null; minKt: number | null }>('WindBucket').implement({
  fields: (t) => ({ start: t.exposeString('start'), maxKt: t.exposeInt('maxKt', { nullable: true }), minKt: t.exposeInt('minKt', { nullable: true }) }),
});

const PolicyAnalyticsRef = builder.objectRef<PolicyAnalytics>('PolicyAnalytics').implement({
  description: "The Tropical Cyclone Tracker of one policy's island for a month (spec part 2: getPolicyAnalytics).",
  fields: (t) => ({
    policyId: t.exposeString('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    country: t.exposeString('country'),
    month: t.exposeInt('month'),
    year: t.exposeInt('year'),
    events: t.field({ type: [AnalyticsEventRef], resolve: (view) => view.events }),
    rows: t.field({ type: [AnalyticsRowRef], resolve: (view) => view.rows }),
  }),
});

async function readablePolicy(ctx: Parameters<typeof requireUser>[0], policyId: string) {
  requireUser(ctx);
  const [row] = isUuid(policyId) ? await ctx.db.select().from(policies).where(eq(policies.id, policyId)) : [];
  // Someone else's policy answers like a missing one.
  if (!row || !ctx.ability.can('read', subject('Policy', { ownerId: row.ownerId }))) throw userInputError(POLICY_NOT_FOUND, 'NOT_FOUND');
  return row;
}

builder.queryFields((t) => ({
  storms: t.field({
    type: [StormSummaryRef],
    description: 'Admin: stored storms, latest track first, with their payouts counted.',
    resolve: (_root, _args, ctx) => {
      requireUser(ctx);
      if (!ctx.ability.can('read', 'PayoutWire')) throw forbidden();
      return listStorms(ctx.db);
    },
  }),
  stormPayouts: t.field({
    type: [StormPayoutRef],
    description: "Admin: one storm's payouts, by policy number.",
    args: { stormId: t.arg.string({ required: true }) },
    resolve: (_root, { stormId }, ctx) => {
      requireUser(ctx);
      if (!ctx.ability.can('read', 'PayoutWire')) throw forbidden();
      return stormPayouts(ctx.db, stormId);
    },
  }),
  getPolicyAnalytics: t.field({
    type: PolicyAnalyticsRef,
    description: 'The holder (or an admin): calendar events and table of the policy island for a month (1-12) of a year.',
    args: { policyId: t.arg.string({ required: true }), month: t.arg.int({ required: true }), year: t.arg.int({ required: true }) },
    resolve: async (_root, { policyId, month, year }, ctx) => {
      const policy = await readablePolicy(ctx, policyId);
      if (!Number.isInteger(month) || month < 1 || month > 12) throw userInputError('The month must be between 1 and 12.');
      if (!Number.isInteger(year) || year < 1950 || year > 9998) throw userInputError('The year must be between 1950 and 9998.');
      return policyAnalytics(ctx.db, policy, year, month);
    },
  }),
  getPolicyWind: t.field({
    type: [WindBucketRef],
    description: "The holder (or an admin): the tracker's wind chart, max and min wind of systems within 300 km, per day, week, month or year (default week) over the years given.",
    args: {
      policyId: t.arg.string({ required: true }),
      period: t.arg.string({ required: false }),
      fromYear: t.arg.int({ required: true }),
      toYear: t.arg.int({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const policy = await readablePolicy(ctx, args.policyId);
      const period = (args.period ?? 'week') as WindPeriod;
      if (!WIND_PERIODS.includes(period)) throw userInputError('The period must be day, week, month or year.');
      if (args.fromYear < 1950 || args.toYear > 9998 || args.fromYear > args.toYear) throw userInputError('The years must run forward from 1950.');
      try {
        return await policyWind(ctx.db, policy, period, args.fromYear, args.toYear);
      } catch (error) {
        if (isDomainError(error)) throw userInputError(error.message);
        throw error;
      }
    },
  }),
}));

builder.mutationFields((t) => ({
  recordPayoutWire: t.field({
    type: StormPayoutRef,
    description: 'Admin: the wire transfer of a pending payout was sent: payout PAID, policy PAYOUT_CONFIRMATION.',
    args: { payoutId: t.arg.string({ required: true }), wireReference: t.arg.string({ required: true }) },
    resolve: async (_root, { payoutId, wireReference }, ctx) => {
      const user = requireUser(ctx);
      if (!ctx.ability.can('create', 'PayoutWire')) throw forbidden();
      const paid = await recordPayoutWire(lifecycleDeps(ctx.request.server, ctx.request.log), { payoutId, wireReference }, { performedBy: user.id, location: TXN_LOCATIONS.backOffice, at: ctx.clock() });
      const rows = await stormPayouts(ctx.db, paid.stormRef ?? '');
      const row = rows.find((candidate) => candidate.id === paid.id);
      if (!row) throw userInputError('This payout was not found');
      return row;
    },
  }),
}));
