import { pageInfo, recordScope, txnListInputSchema } from '@fhp/domain';
import { builder } from '../../graphql/builder';
import { parseInput } from '../../graphql/errors';
import { JsonScalar } from '../../graphql/json';
import { pageRef } from '../../graphql/page';
import { forbidden, fullName, requireUser } from '../identity';
import { listTransactions, NotYourTimelineError, type TxnListEntry, type TxnOwner, type TxnPerson } from './txn-list';

/** The transaction log (getTxnList, decision 016). */

const TxnPersonRef = builder.objectRef<TxnPerson>('TxnPerformedBy').implement({
  fields: (t) => ({
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
  }),
});

const TxnOwnerRef = builder.objectRef<TxnOwner>('TxnOwner').implement({
  fields: (t) => ({
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    fullName: t.string({ resolve: (owner) => fullName(owner) }),
    image: t.exposeString('image', { nullable: true }),
  }),
});

const TxnEntryRef = builder.objectRef<TxnListEntry>('TxnEntry').implement({
  description: 'A transaction or timeline entry (spec part 2 section 3).',
  fields: (t) => ({
    id: t.exposeString('id'),
    action: t.exposeString('action'),
    payload: t.field({ type: JsonScalar, resolve: (entry) => entry.payload }),
    type: t.exposeString('type'),
    when: t.float({ description: 'Epoch milliseconds.', resolve: (entry) => entry.createdAt.getTime() }),
    where: t.exposeString('location', { nullable: true, description: 'Where the change was made: Customer portal, Credit union desk, Back office, FHP system.' }),
    performedBy: t.field({ type: TxnPersonRef, nullable: true, description: 'Null when a job made the entry.', resolve: (entry) => entry.performedBy }),
    txnOwner: t.field({ type: TxnOwnerRef, resolve: (entry) => entry.txnOwner }),
  }),
});

const TxnListRef = pageRef('TxnList', TxnEntryRef, 'One page of the transaction log, newest first.');

// Plain strings and optional numbers on purpose: the domain schema gives clear messages for an
// unknown type, a limit over 100 or a negative skip; GraphQL coercion would not.
const AccountFilterRef = builder.inputType('TxnAccountFilter', {
  description: 'An account by its id (vuid).',
  fields: (t) => ({ equals: t.string() }),
});

const TxnTypeFilterRef = builder.inputType('TxnTypeFilter', {
  fields: (t) => ({ in: t.stringList({ description: 'KYC_SUBMISSION, POLICY_PURCHASE_FLOW, BANK_DETAIL' }) }),
});

const TxnSetIdFilterRef = builder.inputType('TxnSetIdFilter', {
  fields: (t) => ({
    in: t.field({ type: t.listRef('String', { required: false }), description: 'Policy numbers; null matches entries of no policy (KYC).' }),
  }),
});

const TxnWhereInputRef = builder.inputType('TxnWhereInput', {
  description: 'Filters, combined with "and".',
  fields: (t) => ({
    txnOwner: t.field({ type: AccountFilterRef, required: false }),
    performedBy: t.field({ type: AccountFilterRef, required: false }),
    type: t.field({ type: TxnTypeFilterRef, required: false }),
    txnSetId: t.field({ type: TxnSetIdFilterRef, required: false }),
  }),
});

const GetTxnListInputRef = builder.inputType('GetTxnListInput', {
  fields: (t) => ({
    where: t.field({ type: TxnWhereInputRef, required: false }),
    limit: t.int({ required: false, description: 'At most and by default 100.' }),
    skip: t.int({ required: false, description: 'Entries to skip, default 0.' }),
  }),
});

builder.queryFields((t) => ({
  getTxnList: t.field({
    type: TxnListRef,
    description:
      'Signed in: the transaction log, newest first. A customer sees only their own entries (naming another account in txnOwner is FORBIDDEN); administrators see all; tellers none.',
    args: { input: t.arg({ type: GetTxnListInputRef, required: false }) },
    resolve: async (_root, { input }, ctx) => {
      requireUser(ctx);
      const scope = recordScope(ctx.ability, 'read', 'Transaction');
      if (scope.kind === 'none') throw forbidden();
      const query = parseInput(txnListInputSchema, input ?? {});
      try {
        const page = await listTransactions(ctx.db, scope, query);
        return { data: page.entries, ...pageInfo(query.skip, query.limit, page.totalCount) };
      } catch (error) {
        if (error instanceof NotYourTimelineError) throw forbidden();
        throw error;
      }
    },
  }),
}));
