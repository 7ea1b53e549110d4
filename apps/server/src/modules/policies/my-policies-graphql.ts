import { myPoliciesInputSchema, myPolicyDetailInputSchema, MY_POLICIES_MESSAGES, pageInfo } from '@fhp/domain';
import { builder } from '../../graphql/builder';
import { parseInput, userInputError } from '../../graphql/errors';
import { MoneyRef } from '../../graphql/money';
import { pageRef } from '../../graphql/page';
import { EXPLORER_PATH } from '../audit';
import { requirePolicyOwner } from '../identity';
import { PolicyPaymentViewRef } from '../payments';
import { MyPayoutRef } from '../payouts';
import { findMyPolicyDetail, listMyPolicies, type MyPolicyCard, type MyPolicyDetail } from './my-policies';

/**
 * The holder's policies (issue 9, spec part 2 sections 2 and 7): getMyPolicies, getMyPolicyDetail
 * (getMyPayouts and acknowledgePayout are in modules/payouts). "My" means the caller's own, for
 * every role that may own policies: an administrator's own list is theirs too, never everyone's.
 */

export const MY_POLICY_CODES = { NOT_FOUND: 'NOT_FOUND' } as const;

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
