import { myPayoutsInputSchema, pageInfo, subject } from '@fhp/domain';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { parseInput, userInputError } from '../../graphql/errors';
import { money, MoneyRef } from '../../graphql/money';
import { pageRef } from '../../graphql/page';
import { TXN_LOCATIONS } from '../audit';
import { forbidden, requirePolicyOwner, requireUser } from '../identity';
import { lifecycleDeps } from '../lifecycle';
import { listMyPayouts, type MyPayoutView } from './my-payouts';
import { acknowledgePayouts, PAYOUT_MESSAGES, recordPayoutWire } from './service';
import { stormPayouts, type StormPayoutRow } from './wires';

/**
 * Payouts over GraphQL: the admin's payouts of a storm and the wire (issue 10), the holder's
 * payouts and their acknowledgement (issue 9, spec part 2 sections 2 and 7).
 */

export const PAYOUT_CODES = { NOT_FOUND: 'NOT_FOUND' } as const;
export const PAYOUT_ACKNOWLEDGED_MESSAGE = 'Payment receipt confirmed';

const StormPayoutRef = builder.objectRef<StormPayoutRow>('StormPayout').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    policyId: t.exposeString('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    holderName: t.exposeString('holderName'),
    yours: t.boolean({ description: 'True when the person asking holds this record: they cannot act on it as staff (another staff member does).', resolve: (row, _args, ctx) => row.ownerId === ctx.user?.id }),
    country: t.exposeString('country'),
    optionId: t.exposeString('optionId'),
    percent: t.exposeInt('percent', { description: 'Percent of the coverage paid (after the 100%-per-term cap)' }),
    contractPercent: t.exposeInt('contractPercent', { description: "The contract's percent for the storm under the option (before the cap)" }),
    amount: t.field({ type: MoneyRef, resolve: (row) => money(row.amountCents) }),
    status: t.exposeString('status', { description: 'PENDING or PAID' }),
    createdAt: t.exposeString('createdAt'),
    paidAt: t.exposeString('paidAt', { nullable: true }),
    wireReference: t.exposeString('wireReference', { nullable: true }),
    acknowledged: t.exposeBoolean('acknowledged'),
  }),
});

export const MyPayoutRef = builder.objectRef<MyPayoutView>('MyPayout').implement({
  description: 'A payout of the policy (spec part 2 section 3: id, policyId, amount, status, acknowledeged).',
  fields: (t) => ({
    id: t.exposeString('id'),
    policyId: t.exposeString('policyId'),
    percent: t.exposeInt('percent'),
    amount: t.expose('amount', { type: MoneyRef }),
    status: t.exposeString('status', { description: 'PENDING or PAID' }),
    stormRef: t.exposeString('stormRef', { nullable: true }),
    stormName: t.exposeString('stormName', { nullable: true, description: "The storm's name as HURDAT2 writes it (JANET EXERCISE); shown by name with the id beside it" }),
    createdOn: t.exposeString('createdOn', { description: 'The day the trigger created it, YYYY-MM-DD in America/Port_of_Spain' }),
    paidOn: t.exposeString('paidOn', { nullable: true, description: 'The wire date, YYYY-MM-DD in America/Port_of_Spain' }),
    acknowledged: t.exposeBoolean('acknowledged'),
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

builder.queryFields((t) => ({
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
        if (error instanceof Error && error.message === PAYOUT_MESSAGES.unknownPayout) throw userInputError(error.message, PAYOUT_CODES.NOT_FOUND);
        throw error;
      }
      return { message: PAYOUT_ACKNOWLEDGED_MESSAGE, payoutIds };
    },
  }),
}));
