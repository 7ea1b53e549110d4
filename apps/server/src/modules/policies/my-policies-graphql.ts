import { myPayoutsInputSchema, myPoliciesInputSchema, myPolicyDetailInputSchema, MY_POLICIES_MESSAGES, pageInfo, subject } from '@fhp/domain';
import { z } from 'zod';
import { builder, type GraphQLContext } from '../../graphql/builder';
import { parseInput, userInputError } from '../../graphql/errors';
import { MoneyRef } from '../../graphql/money';
import { forbidden, requireUser } from '../identity/guards';
import { EXPLORER_PATH } from '../ledger';
import { PolicyPaymentViewRef } from '../payments/graphql';
import { acknowledgePayouts, PAYOUT_MESSAGES } from '../payouts/service';
import { lifecycleDeps } from './deps';
import { findMyPolicyDetail, listMyPayouts, listMyPolicies, type MyPayoutView, type MyPolicyCard, type MyPolicyDetail } from './my-policies';
import { TXN_LOCATIONS } from './transaction-log';
import { pageRef } from '../../graphql/page';

/**
 * The holder's policies (issue 9, spec part 2 sections 2 and 7): getMyPolicies, getMyPolicyDetail,
 * getMyPayouts, acknowledgePayout. "My" means the caller's own, for every role that may own policies: an
 * administrator's own list is theirs too, never everyone's.
 */

export const MY_POLICY_CODES = { NOT_FOUND: 'NOT_FOUND' } as const;
export const PAYOUT_ACKNOWLEDGED_MESSAGE = 'Payment receipt confirmed';

/** The caller, when their role may own policies (purchaser, teller, administrators, owner). */
function requirePolicyOwner(ctx: GraphQLContext) {
  const user = requireUser(ctx);
  if (!ctx.ability.can('read', subject('Policy', { ownerId: user.id }))) throw forbidden();
  return user;
}

const PolicyCardRef = builder.objectRef<MyPolicyCard>('MyPolicyCard').implement({
  description: 'A policy in one of its holder\'s lists.',
  fields: (t) => ({
    policyId: t.exposeString('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    type: t.exposeString('type', { description: 'ACTUAL or PROVISIONAL' }),
    status: t.exposeString('status'),
    productDefination: t.exposeString('optionId', { description: "The option's code: T, 1..5 (the spec's spelling)." }),
    optionTitle: t.exposeString('optionTitle'),
    countryToBeInsured: t.exposeString('countryToBeInsured'),
    countryName: t.exposeString('countryName'),
    seasonYear: t.exposeInt('seasonYear'),
    coverage: t.expose('coverage', { type: MoneyRef }),
    premium: t.expose('premium', { type: MoneyRef }),
    discountedPremium: t.expose('discountedPremium', { type: MoneyRef, nullable: true }),
    purchasedAt: t.string({ description: 'ISO 8601 UTC', resolve: (card) => card.purchasedAt.toISOString() }),
    createdAt: t.string({ description: 'ISO 8601 UTC', resolve: (card) => card.createdAt.toISOString() }),
  }),
});

const MyPolicyListRef = pageRef('MyPolicyList', PolicyCardRef);

const BeneficiaryRef = builder.objectRef<NonNullable<MyPolicyDetail['beneficiary']>>('PolicyBeneficiary').implement({
  fields: (t) => ({
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    mobileNo: t.exposeString('mobileNo'),
    addressLine1: t.exposeString('addressLine1'),
    city: t.exposeString('city'),
    country: t.exposeString('country'),
  }),
});

const UseOfProceedsRef = builder.objectRef<MyPolicyDetail['useOfProceeds'][number]>('UseOfProceedsEntry').implement({
  fields: (t) => ({ value: t.exposeString('value'), selected: t.exposeBoolean('selected') }),
});

const MyPayoutRef = builder.objectRef<MyPayoutView>('MyPayout').implement({
  description: 'A payout of the policy (spec part 2 section 3: id, policyId, amount, status, acknowledeged).',
  fields: (t) => ({
    id: t.exposeString('id'),
    policyId: t.exposeString('policyId'),
    percent: t.exposeInt('percent'),
    amount: t.expose('amount', { type: MoneyRef }),
    status: t.exposeString('status', { description: 'PENDING or PAID' }),
    stormRef: t.exposeString('stormRef', { nullable: true }),
    createdOn: t.exposeString('createdOn', { description: 'The day the trigger created it, YYYY-MM-DD in America/Port_of_Spain' }),
    paidOn: t.exposeString('paidOn', { nullable: true, description: 'The wire date, YYYY-MM-DD in America/Port_of_Spain' }),
    acknowledged: t.exposeBoolean('acknowledged'),
  }),
});

const MyPolicyDetailRef = builder.objectRef<MyPolicyDetail>('MyPolicyDetail').implement({
  description: 'One policy of the caller with everything its detail page shows.',
  fields: (t) => ({
    policy: t.field({ type: PolicyCardRef, resolve: (detail) => detail }),
    benificiaryDetail: t.field({ type: BeneficiaryRef, nullable: true, description: "The spec's spelling.", resolve: (detail) => detail.beneficiary }),
    useOfProceeds: t.field({ type: [UseOfProceedsRef], resolve: (detail) => detail.useOfProceeds }),
    payments: t.field({ type: PolicyPaymentViewRef, description: 'Payments, what is still owed and the schedule.', resolve: (detail) => detail.payments }),
    payouts: t.field({ type: [MyPayoutRef], resolve: (detail) => detail.payouts }),
    blockchainTxnHash: t.string({ nullable: true, resolve: (detail) => detail.ledgerHash }),
    blockchainTxnURL: t.string({
      nullable: true,
      description: "The explorer page of the proof-ledger entry that issued the contract (actual policies only).",
      resolve: (detail) => (detail.ledgerHash ? `${EXPLORER_PATH}/${detail.ledgerHash}` : null),
    }),
    canCancel: t.boolean({
      description: 'A cancellation may be requested: provisional, awaiting payment, no request waiting.',
      resolve: (detail) => detail.type === 'PROVISIONAL' && detail.status === 'PAYMENT_PENDING' && !detail.payments.cancellationPending,
    }),
    cancellationPending: t.boolean({ resolve: (detail) => detail.payments.cancellationPending }),
  }),
});

const MyPoliciesInputRef = builder.inputType('MyPoliciesInput', {
  fields: (t) => ({
    // Strings and optional numbers on purpose: the domain schema words the refusals.
    list: t.string({ required: true, description: 'ACTUAL (type ACTUAL, not EXPIRED), PROVISIONAL (PAYMENT_PENDING) or ARCHIVED (EXPIRED, CANCELED)' }),
    policyNumber: t.string({ required: false, description: 'Only numbers containing this (case-insensitive).' }),
    skip: t.int({ required: false, description: 'Default 0.' }),
    limit: t.int({ required: false, description: 'Default 10, at most 50.' }),
  }),
});

const MyPayoutPageRef = pageRef('MyPayoutPage', MyPayoutRef);

const PolicyIdEqualsRef = builder.inputType('PolicyIdEquals', {
  fields: (t) => ({ equals: t.string({ required: true, description: "The policy's id or its number." }) }),
});

const MyPayoutsWhereRef = builder.inputType('MyPayoutsWhere', {
  fields: (t) => ({ policyId: t.field({ type: PolicyIdEqualsRef, required: false }) }),
});

const MyPayoutsInputRef = builder.inputType('MyPayoutsInput', {
  fields: (t) => ({
    where: t.field({ type: MyPayoutsWhereRef, required: false }),
    skip: t.int({ required: false, description: 'Default 0.' }),
    limit: t.int({ required: false, description: 'Default 10, at most 50.' }),
  }),
});

const notFound = () => userInputError(MY_POLICIES_MESSAGES.notFound, MY_POLICY_CODES.NOT_FOUND);

builder.queryFields((t) => ({
  getMyPolicies: t.field({
    type: MyPolicyListRef,
    description: "Signed in: one page of the caller's own policies in one list, newest purchase first.",
    args: { input: t.arg({ type: MyPoliciesInputRef, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const user = requirePolicyOwner(ctx);
      const query = parseInput(myPoliciesInputSchema, input);
      const page = await listMyPolicies(ctx.db, user.id, query);
      return { data: page.cards, ...pageInfo(query.skip, query.limit, page.totalCount) };
    },
  }),
  getMyPayouts: t.field({
    type: MyPayoutPageRef,
    description: "Signed in: one page of the payouts of the caller's own policies, newest first, optionally of one policy (its id or number). Another holder's policy has none.",
    args: { input: t.arg({ type: MyPayoutsInputRef, required: false }) },
    resolve: async (_root, { input }, ctx) => {
      const user = requirePolicyOwner(ctx);
      const query = parseInput(myPayoutsInputSchema, input ?? {});
      const page = await listMyPayouts(ctx.db, user.id, { policyRef: query.where?.policyId?.equals, skip: query.skip, limit: query.limit });
      return { data: page.payouts, ...pageInfo(query.skip, query.limit, page.totalCount) };
    },
  }),
  getMyPolicyDetail: t.field({
    type: MyPolicyDetailRef,
    description: "Signed in: one of the caller's own policies by number; list (ACTUAL, PROVISIONAL, ARCHIVED) is the page's, and a policy outside it is not found. Another holder's number is not found.",
    args: { policyNumber: t.arg.string({ required: true }), list: t.arg.string({ required: false }) },
    resolve: async (_root, args, ctx) => {
      const user = requirePolicyOwner(ctx);
      const parsed = myPolicyDetailInputSchema.safeParse(args);
      if (!parsed.success) throw notFound();
      const detail = await findMyPolicyDetail(ctx.db, user.id, parsed.data.policyNumber, parsed.data.list, ctx.clock());
      if (!detail) throw notFound();
      return detail;
    },
  }),
}));

const AcknowledgeResultRef = builder.objectRef<{ message: string; payoutIds: string[] }>('AcknowledgePayoutResult').implement({
  fields: (t) => ({ message: t.exposeString('message'), payoutIds: t.exposeStringList('payoutIds') }),
});

const payoutIdsSchema = z
  .array(z.string(), { error: PAYOUT_MESSAGES.unknownPayout })
  .min(1, PAYOUT_MESSAGES.unknownPayout)
  .max(20, PAYOUT_MESSAGES.unknownPayout)
  .transform((ids) => [...new Set(ids)]);

builder.mutationFields((t) => ({
  acknowledgePayout: t.field({
    type: AcknowledgeResultRef,
    description: "The holder confirms receiving paid payouts of their own policies: all or none. Someone else's payout is not found.",
    args: { payoutIds: t.arg.stringList({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const user = requireUser(ctx);
      if (!ctx.ability.can('update', subject('Payout', { ownerId: user.id }))) throw forbidden();
      const payoutIds = parseInput(payoutIdsSchema, args.payoutIds);
      const deps = lifecycleDeps(ctx.request.server, ctx.request.log);
      const actor = { performedBy: user.id, location: TXN_LOCATIONS.portal, at: ctx.clock() };
      try {
        // One transaction for the list, its locks taken in a fixed order (payouts/service.ts).
        await acknowledgePayouts(deps, { payoutIds, holderId: user.id }, actor);
      } catch (error) {
        if (error instanceof Error && error.message === PAYOUT_MESSAGES.unknownPayout) throw userInputError(error.message, MY_POLICY_CODES.NOT_FOUND);
        throw error;
      }
      return { message: PAYOUT_ACKNOWLEDGED_MESSAGE, payoutIds };
    },
  }),
}));
