import { builder, type GraphQLContext } from '../../graphql/builder';
import { MoneyRef } from '../../graphql/money';
import { requireUser } from '../identity';
import { decideCancellation, pendingCancellationRequests, requestCancellation, type CancellationRequestView, type CancelPolicyResult } from './cancellation';
import { lifecycleDeps } from './deps';

/** Cancellation (issue 7): the holder's request and the administrator's decision. */

const CancelPolicyResultRef = builder.objectRef<CancelPolicyResult>('CancelPolicyResult').implement({
  fields: (t) => ({
    policyNumber: t.exposeString('policyNumber'),
    policyId: t.exposeString('policyId'),
    status: t.exposeString('status'),
  }),
});

const CancellationRequestRef = builder.objectRef<CancellationRequestView>('CancellationRequest').implement({
  fields: (t) => ({
    policyId: t.exposeString('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    holderName: t.exposeString('holderName'),
    yours: t.boolean({ description: 'True when the person asking holds this record: they cannot act on it as staff (another staff member does).', resolve: (request, _args, ctx) => request.ownerId === ctx.user?.id }),
    status: t.exposeString('status', { description: "The policy's status (it does not change while the request waits)." }),
    reason: t.exposeString('reason'),
    requestedAt: t.exposeString('requestedAt', { description: 'ISO 8601 UTC' }),
    paid: t.expose('paid', { type: MoneyRef, description: 'Refunded if the request is approved.' }),
    payable: t.expose('payable', { type: MoneyRef }),
    receipts: t.exposeStringList('receipts'),
  }),
});

/** Both decisions: the domain's decision schema checks the comment, the service the ability. */
function decide(ctx: GraphQLContext, policyId: string, decision: Record<string, unknown>) {
  const user = requireUser(ctx);
  return decideCancellation(lifecycleDeps(ctx.request.server, ctx.request.log), { userId: user.id, ability: ctx.ability }, policyId, decision);
}

builder.queryFields((t) => ({
  cancellationRequests: t.field({
    type: [CancellationRequestRef],
    description: 'Admin: cancellation requests waiting for a decision, oldest first.',
    resolve: (_root, _args, ctx) => {
      requireUser(ctx);
      return pendingCancellationRequests({ db: ctx.db }, ctx.ability);
    },
  }),
}));

builder.mutationFields((t) => ({
  cancelPolicy: t.field({
    type: CancelPolicyResultRef,
    description: "The holder asks to cancel their own provisional policy (spec part 2: reason from the form's comments).",
    args: { policyId: t.arg.string({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_root, { policyId, reason }, ctx) => {
      const user = requireUser(ctx);
      return requestCancellation(lifecycleDeps(ctx.request.server, ctx.request.log), { userId: user.id, ability: ctx.ability }, { policyId, reason });
    },
  }),
  approveCancellation: t.field({
    type: CancelPolicyResultRef,
    description: 'Admin: approves a pending request; the policy is CANCELED and what was paid is flagged for refund.',
    args: { policyId: t.arg.string({ required: true }), comment: t.arg.string({ required: false }) },
    resolve: (_root, { policyId, comment }, ctx) => decide(ctx, policyId, { decision: 'APPROVE', ...(comment ? { comment } : {}) }),
  }),
  rejectCancellation: t.field({
    type: CancelPolicyResultRef,
    description: 'Admin: rejects a pending request with a comment for the holder; the policy stays as it was.',
    args: { policyId: t.arg.string({ required: true }), comment: t.arg.string({ required: true }) },
    resolve: (_root, { policyId, comment }, ctx) => decide(ctx, policyId, { decision: 'REJECT', comment }),
  }),
}));
