import { isDomainError, isStormId, subject, WIND_PERIODS, type Storm, type TrackPoint, type WindPeriod } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import { userInputError } from '../../graphql/errors';
import { money, MoneyRef } from '../../graphql/money';
import { policies } from '../../db/schema';
import { explorerLink, payoutProofLink } from '../audit';
import { forbidden, requirePolicyOwner, requireUser } from '../identity';
import { isUuid } from '../lifecycle';
import { listStorms, stormEvaluationViews, type StormEvaluationView, type StormSummary } from './admin-view';
import { policyAnalytics, policyWind, type AnalyticsEvent, type AnalyticsRow, type PolicyAnalytics } from './analytics-view';
import { holderActiveStorms, type ActiveStormNearPolicy } from './active-view';
import { loadStorms } from './repository';
import { policyStormDetail, type DetailNearbyPoint, type DetailOption, type DetailPayout, type PolicyStormDetail } from './storm-detail-view';

/** Issue 10: the admin's storms (their payouts and the wire are modules/payouts') and the holder's Tropical Cyclone Tracker. */

const POLICY_NOT_FOUND = 'This policy was not found.'; // ours
const STORM_NOT_FOUND = 'This storm was not found.'; // ours
/** A HURDAT2 storm id: basin, number, year (AL092004). */

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
    blockchainTxnHash: t.exposeString('blockchainHash', { nullable: true, description: 'The proof-ledger entry: its page is /explorer/<hash>' }),
    blockchainPayoutId: t.exposeString('payoutId', { nullable: true, description: 'The payout the row proves: its proof page is /explorer/payout/<id>, its path to the entry' }),
    blockchainTxnUrl: t.string({
      nullable: true,
      description: "The row's proof: the payout's (its path to its evaluation's entry) or the entry's",
      resolve: (row, _args, ctx) =>
        row.payoutId ? payoutProofLink(ctx.config.publicUrl, row.payoutId) : row.blockchainHash ? explorerLink(ctx.config.publicUrl, row.blockchainHash) : null,
    }),
  }),
});

const WindBucketRef = builder.objectRef<{ start: string; maxKt: number | null; minKt: number | null }>('WindBucket').implement({
  fields: (t) => ({ start: t.exposeString('start'), maxKt: t.exposeInt('maxKt', { nullable: true }), minKt: t.exposeInt('minKt', { nullable: true }) }),
});

const StormTrackPointRef = builder.objectRef<TrackPoint>('StormTrackPoint').implement({
  fields: (t) => ({
    time: t.exposeString('time', { description: 'ISO 8601 UTC' }),
    status: t.exposeString('status', { description: 'HURDAT2 status: TS, HU, TD, EX, ...' }),
    lat: t.exposeFloat('lat'),
    lon: t.exposeFloat('lon'),
    windKt: t.exposeInt('windKt', { nullable: true }),
  }),
});

const StormTrackRef = builder.objectRef<Storm>('StormTrack').implement({
  description: 'A stored storm and its best-track points, for the maps.',
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    year: t.exposeInt('year'),
    points: t.field({ type: [StormTrackPointRef], resolve: (storm) => storm.points }),
  }),
});

const PolicyAnalyticsRef = builder.objectRef<PolicyAnalytics>('PolicyAnalytics').implement({
  description: "The Tropical Cyclone Tracker of one policy's island for a month (spec part 2: getPolicyAnalytics).",
  fields: (t) => ({
    policyId: t.exposeString('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    country: t.exposeString('country'),
    countryName: t.exposeString('countryName'),
    optionId: t.exposeString('optionId'),
    optionLabel: t.exposeString('optionLabel'),
    seasonYear: t.exposeInt('seasonYear'),
    month: t.exposeInt('month'),
    year: t.exposeInt('year'),
    events: t.field({ type: [AnalyticsEventRef], resolve: (view) => view.events }),
    rows: t.field({ type: [AnalyticsRowRef], resolve: (view) => view.rows }),
    tracks: t.field({ type: [StormTrackRef], description: 'Tracks of the storms with an event in the month', resolve: (view) => view.tracks }),
  }),
});

const DetailOptionRef = builder.objectRef<DetailOption>('StormDetailOption').implement({
  fields: (t) => ({
    option: t.exposeString('option'),
    label: t.exposeString('label'),
    percent: t.exposeInt('percent'),
    qualifyingTime: t.exposeString('qualifyingTime', { nullable: true }),
    isPolicyOption: t.exposeBoolean('isPolicyOption'),
  }),
});

const DetailNearbyRef = builder.objectRef<DetailNearbyPoint>('StormDetailNearbyPoint').implement({
  fields: (t) => ({
    time: t.exposeString('time'),
    lat: t.exposeFloat('lat'),
    lon: t.exposeFloat('lon'),
    status: t.exposeString('status'),
    windKt: t.exposeInt('windKt', { nullable: true }),
    category: t.exposeString('category'),
    distanceKm: t.exposeFloat('distanceKm'),
    box: t.exposeString('box', { description: 'BOX_1 (25 km), BOX_2 (100 km) or NEARBY (300 km)' }),
  }),
});

const DetailPayoutRef = builder.objectRef<DetailPayout>('StormDetailPayout').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    percent: t.exposeInt('percent'),
    contractPercent: t.exposeInt('contractPercent'),
    amount: t.field({ type: MoneyRef, resolve: (row) => money(row.amountCents) }),
    status: t.exposeString('status'),
    createdAt: t.exposeString('createdAt'),
    paidAt: t.exposeString('paidAt', { nullable: true }),
    acknowledged: t.exposeBoolean('acknowledged'),
    blockchainTxnHash: t.exposeString('ledgerHash', { nullable: true, description: "The entry of the storm evaluation that created the payout (decision 174)" }),
    blockchainTxnUrl: t.string({
      nullable: true,
      description: "The payout's proof: its path to that entry, then the entry's",
      resolve: (row, _args, ctx) => (row.ledgerHash ? payoutProofLink(ctx.config.publicUrl, row.id) : null),
    }),
  }),
});

const DetailEventRef = builder.objectRef<PolicyStormDetail['events'][number]>('StormDetailEvent').implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    title: t.exposeString('title'),
    colour: t.exposeString('colour'),
    windKt: t.exposeInt('windKt', { nullable: true }),
    category: t.exposeString('category'),
    closestKm: t.exposeInt('closestKm'),
  }),
});

const DetailLedgerRef = builder.objectRef<NonNullable<PolicyStormDetail['ledger']>>('StormDetailLedger').implement({
  fields: (t) => ({
    kind: t.exposeString('kind'),
    txnId: t.exposeString('txnId'),
    hash: t.exposeString('hash'),
    url: t.string({
      description: "A payout's proof (PAYOUT_CREATED: the payout's path to its evaluation's entry), else the entry's page",
      resolve: (entry, _args, ctx) => (entry.kind === 'PAYOUT_CREATED' ? payoutProofLink(ctx.config.publicUrl, entry.txnId) : explorerLink(ctx.config.publicUrl, entry.hash)),
    }),
  }),
});

const PolicyStormDetailRef = builder.objectRef<PolicyStormDetail>('PolicyStormDetail').implement({
  description: "The detail behind a tracker row (AnalyticsAPIDetail): the contract's audit of one storm for one policy.",
  fields: (t) => ({
    policyId: t.exposeString('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    country: t.exposeString('country'),
    countryName: t.exposeString('countryName'),
    optionId: t.exposeString('optionId'),
    optionLabel: t.exposeString('optionLabel'),
    seasonYear: t.exposeInt('seasonYear'),
    coverStart: t.exposeString('coverStart'),
    coverEnd: t.exposeString('coverEnd'),
    storm: t.field({ type: StormTrackRef, resolve: (detail) => detail.storm }),
    c1: t.exposeString('c1', { nullable: true, description: 'Highest class within 25 km over the whole track' }),
    c2: t.exposeString('c2', { nullable: true, description: 'Highest class within 100 km' }),
    closestKm: t.exposeFloat('closestKm', { nullable: true, description: 'Closest a tropical storm or hurricane sample came, km' }),
    options: t.field({ type: [DetailOptionRef], resolve: (detail) => detail.options }),
    qualifyingTime: t.exposeString('qualifyingTime', { nullable: true }),
    inCoverTerm: t.exposeBoolean('inCoverTerm'),
    events: t.field({ type: [DetailEventRef], resolve: (detail) => detail.events }),
    nearby: t.field({ type: [DetailNearbyRef], resolve: (detail) => detail.nearby }),
    payouts: t.field({ type: [DetailPayoutRef], resolve: (detail) => detail.payouts }),
    ledger: t.field({ type: DetailLedgerRef, nullable: true, resolve: (detail) => detail.ledger }),
  }),
});

const ActivePayoutRef = builder.objectRef<ActiveStormNearPolicy['payout']>('ActiveStormPayout').implement({
  description: 'What an active storm has earned the policy so far (decision 173).',
  fields: (t) => ({
    state: t.exposeString('state', { description: 'PAID, PREPARING (a payout exists or enough sources agree), AWAITING_SOURCES (an estimate) or NONE' }),
    percent: t.exposeInt('percent', { description: 'Percent of the coverage: paid, being prepared, or estimated; 0 for NONE' }),
    sourcesAgreeing: t.exposeInt('sourcesAgreeing', { description: "Sources whose track pays the policy" }),
    sourcesRequired: t.exposeInt('sourcesRequired', { description: 'PAYOUT_SOURCES_REQUIRED (1 when not set)' }),
    sentence: t.exposeString('sentence', { description: '"Estimated payout 50%: awaiting a second source", "Payout being prepared: 50% of your coverage"' }),
  }),
});

const ActiveStormRef = builder.objectRef<ActiveStormNearPolicy>('ActiveStormNearPolicy').implement({
  description: "An active storm (decision 173) near one of the caller's policies: its latest fix, class, distance to the island and the payout it has earned so far.",
  fields: (t) => ({
    policyId: t.exposeString('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    country: t.exposeString('country'),
    countryName: t.exposeString('countryName'),
    stormId: t.exposeString('stormId'),
    stormName: t.exposeString('stormName'),
    latest: t.field({ type: StormTrackPointRef, description: 'The latest fix of the storm\'s track', resolve: (row) => row.latest }),
    classWords: t.exposeString('classWords', { description: '"Hurricane, category 3", "Tropical storm"' }),
    position: t.exposeString('position', { description: '"13.1°N 60.2°W"' }),
    distanceKm: t.exposeInt('distanceKm', { description: "The latest fix's distance to the island's outline, km (0 over it)" }),
    distance: t.exposeString('distance', { description: '"180 km from Grenada"' }),
    sentence: t.exposeString('sentence', { description: 'The latest fix in one sentence' }),
    payout: t.field({ type: ActivePayoutRef, resolve: (row) => row.payout }),
  }),
});

/**
 * The policy a tracker operation names, by internal id or by policy number (the addresses carry
 * the number); someone else's policy answers like a missing one.
 */
async function readablePolicy(ctx: Parameters<typeof requireUser>[0], idOrNumber: string) {
  requireUser(ctx);
  const where = isUuid(idOrNumber) ? eq(policies.id, idOrNumber) : POLICY_NUMBER.test(idOrNumber) ? eq(policies.policyNumber, idOrNumber) : null;
  const [row] = where ? await ctx.db.select().from(policies).where(where) : [];
  if (!row || !ctx.ability.can('read', subject('Policy', { ownerId: row.ownerId }))) throw userInputError(POLICY_NOT_FOUND, 'NOT_FOUND');
  return row;
}

/** What a policy number can look like (FHP-GD-2027-000042); anything else is not looked up. */
const POLICY_NUMBER = /^[A-Z0-9-]{1,40}$/;

builder.queryFields((t) => ({
  getMyActiveStorms: t.field({
    type: [ActiveStormRef],
    description:
      "Signed in: the active storms (decision 173) near the caller's own policies, one row per policy and storm, optionally of one policy (its number). Another holder's policy has none.",
    args: { policyNumber: t.arg.string({ required: false }) },
    resolve: (_root, { policyNumber }, ctx) => {
      const user = requirePolicyOwner(ctx);
      if (policyNumber !== null && policyNumber !== undefined && !POLICY_NUMBER.test(policyNumber)) return [];
      return holderActiveStorms(ctx.db, user.id, ctx.clock(), ctx.config.stormFeeds.sourcesRequired, policyNumber ?? undefined);
    },
  }),
  storms: t.field({
    type: [StormSummaryRef],
    description: 'Admin: stored storms, latest track first, with their payouts counted.',
    resolve: (_root, _args, ctx) => {
      requireUser(ctx);
      if (!ctx.ability.can('read', 'PayoutWire')) throw forbidden();
      return listStorms(ctx.db);
    },
  }),
  getPolicyAnalytics: t.field({
    type: PolicyAnalyticsRef,
    description: "The holder (or an admin): calendar events, table and tracks of the policy's island for a month (1-12) of a year. policyId: the policy's id or its number.",
    args: { policyId: t.arg.string({ required: true }), month: t.arg.int({ required: true }), year: t.arg.int({ required: true }) },
    resolve: async (_root, { policyId, month, year }, ctx) => {
      const policy = await readablePolicy(ctx, policyId);
      if (!Number.isInteger(month) || month < 1 || month > 12) throw userInputError('The month must be between 1 and 12.');
      if (!Number.isInteger(year) || year < 1950 || year > 9998) throw userInputError('The year must be between 1950 and 9998.');
      return policyAnalytics(ctx.db, policy, year, month);
    },
  }),
  getPolicyStormDetail: t.field({
    type: PolicyStormDetailRef,
    description: "The holder (or an admin): one storm's audit for one policy (the tracker's detail page). policyId: the policy's id or its number.",
    args: { policyId: t.arg.string({ required: true }), stormId: t.arg.string({ required: true }) },
    resolve: async (_root, { policyId, stormId }, ctx) => {
      const policy = await readablePolicy(ctx, policyId);
      const id = stormId.toUpperCase();
      const detail = isStormId(id) ? await policyStormDetail(ctx.db, policy, id) : null;
      if (!detail) throw userInputError(STORM_NOT_FOUND, 'NOT_FOUND');
      return detail;
    },
  }),
  stormTrack: t.field({
    type: StormTrackRef,
    description: "Admin: a stored storm's track, for the payout screen's map.",
    args: { stormId: t.arg.string({ required: true }) },
    resolve: async (_root, { stormId }, ctx) => {
      requireUser(ctx);
      if (!ctx.ability.can('read', 'PayoutWire')) throw forbidden();
      const id = stormId.toUpperCase();
      const [storm] = isStormId(id) ? await loadStorms(ctx.db, [id]) : [];
      if (!storm) throw userInputError(STORM_NOT_FOUND, 'NOT_FOUND');
      return storm;
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
