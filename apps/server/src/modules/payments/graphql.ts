import { subject } from '@fhp/domain';
import { builder } from '../../graphql/builder';
import { userInputError } from '../../graphql/errors';
import { MoneyRef } from '../../graphql/money';
import { forbidden, requireUser } from '../identity';
import { lifecycleDeps } from '../lifecycle';
import { PAYMENT_CODES, paymentViewByNumber, recordPayment, searchPaymentDesk, type RecordPaymentResult } from './service';
import { contractUrl, type InstalmentView, type PaymentRecordView, type PaymentViewData } from './view';

const PaymentRecordRef = builder.objectRef<PaymentRecordView>('PaymentRecord').implement({
  description: 'A recorded payment (spec part 2 "payments": amount, paymentMode, paymentId, paidOn).',
  fields: (t) => ({
    id: t.exposeString('id'),
    receiptNumber: t.exposeString('receiptNumber'),
    amount: t.expose('amount', { type: MoneyRef }),
    channel: t.exposeString('channel', { description: 'CREDIT_UNION or BANK_TRANSFER' }),
    reference: t.exposeString('reference'),
    paidOn: t.exposeString('paidOn', { description: 'YYYY-MM-DD' }),
    recordedAt: t.exposeString('recordedAt', { description: 'ISO 8601 UTC' }),
    recordedBy: t.exposeString('recordedBy'),
    outstandingAfter: t.expose('outstandingAfter', { type: MoneyRef }),
    receiptUrl: t.exposeString('receiptUrl', { description: 'GET: the receipt PDF' }),
  }),
});

const ScheduledInstalmentRef = builder.objectRef<InstalmentView>('ScheduledInstalment').implement({
  fields: (t) => ({
    number: t.exposeInt('number'),
    dueDate: t.exposeString('dueDate', { description: 'YYYY-MM-DD' }),
    amount: t.expose('amount', { type: MoneyRef }),
    paid: t.expose('paid', { type: MoneyRef }),
    state: t.exposeString('state', { description: 'PAID, PARTLY_PAID, DUE or OVERDUE' }),
  }),
});

const MinDueRef = builder.objectRef<PaymentViewData['minDue']>('MinDue').implement({
  fields: (t) => ({
    amount: t.expose('amount', { type: MoneyRef }),
    dueDate: t.exposeString('dueDate', { nullable: true }),
    overdue: t.exposeBoolean('overdue'),
  }),
});

export const PolicyPaymentViewRef = builder.objectRef<PaymentViewData>('PolicyPaymentView').implement({
  description: "A policy's payments as the payment desk and its holder see them: no KYC documents, no bank details.",
  fields: (t) => ({
    policyId: t.exposeString('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    type: t.exposeString('type'),
    status: t.exposeString('status'),
    paymentState: t.exposeString('paymentState', { description: 'PAYMENT_PENDING, PARTIALLY_PAID or FULLY_PAID' }),
    holderName: t.exposeString('holderName'),
    yours: t.boolean({ description: 'True when the person asking holds this record: they cannot act on it as staff (another staff member does).', resolve: (view, _args, ctx) => view.ownerId === ctx.user?.id }),
    countryName: t.exposeString('countryName'),
    optionLabel: t.exposeString('optionLabel'),
    paymentPlan: t.exposeString('paymentPlan'),
    paymentChannel: t.exposeString('paymentChannel'),
    bankTransferReference: t.exposeString('bankTransferReference', { nullable: true }),
    purchasedAt: t.exposeString('purchasedAt'),
    purchaseDate: t.exposeString('purchaseDate', { description: 'YYYY-MM-DD in America/Port_of_Spain' }),
    paymentDeadline: t.exposeString('paymentDeadline', { nullable: true, description: "YYYY-MM-DD: the season's payment deadline; a payment made after it is refused" }),
    coverage: t.expose('coverage', { type: MoneyRef }),
    premium: t.expose('premium', { type: MoneyRef }),
    payable: t.expose('payable', { type: MoneyRef, description: 'What the holder owes: the discounted premium when an offer applied.' }),
    paid: t.expose('paid', { type: MoneyRef }),
    outstanding: t.expose('outstanding', { type: MoneyRef }),
    refundDue: t.expose('refundDue', { type: MoneyRef }),
    minDue: t.expose('minDue', { type: MinDueRef }),
    schedule: t.expose('schedule', { type: [ScheduledInstalmentRef] }),
    payments: t.expose('payments', { type: [PaymentRecordRef] }),
    cancellationPending: t.exposeBoolean('cancellationPending'),
    acceptsPayments: t.exposeBoolean('acceptsPayments'),
    contractUrl: t.string({
      nullable: true,
      description: 'GET: the contract PDF, for its holder and administrators; null for anyone else or before it is issued.',
      resolve: (view, _args, ctx) => (view.hasContract && ctx.ability.can('read', subject('Document', { ownerId: view.ownerId })) ? contractUrl(view.policyNumber) : null),
    }),
  }),
});

const RecordPaymentResultRef = builder.objectRef<RecordPaymentResult>('RecordPaymentResult').implement({
  fields: (t) => ({
    paymentId: t.exposeString('paymentId'),
    receiptNumber: t.exposeString('receiptNumber'),
    receiptUrl: t.string({ resolve: (result) => result.policy.payments.find((p) => p.id === result.paymentId)?.receiptUrl ?? '' }),
    contractIssued: t.exposeBoolean('contractIssued'),
    policy: t.expose('policy', { type: PolicyPaymentViewRef }),
  }),
});

const RecordPaymentInputRef = builder.inputType('RecordPaymentInput', {
  fields: (t) => ({
    policyNumber: t.string({ description: 'FHP-GD-2027-000042, or its bank transfer reference' }),
    amount: t.string({ description: 'EC$, as typed (e.g. "586.64"); more than 0, at most 2 decimals, at most what is owed' }),
    channel: t.string({ description: 'CREDIT_UNION or BANK_TRANSFER' }),
    reference: t.string({ description: 'The credit union slip or bank transaction reference' }),
    paidOn: t.string({ description: 'YYYY-MM-DD, between the purchase and today' }),
  }),
});

builder.queryFields((t) => ({
  paymentDesk: t.field({
    type: [PolicyPaymentViewRef],
    description: "Teller, admin: policies by number, bank transfer reference or holder's email.",
    args: { search: t.arg.string({ required: true }) },
    resolve: (_root, { search }, ctx) => {
      requireUser(ctx);
      if (!ctx.ability.can('read', 'PaymentView')) throw forbidden();
      return searchPaymentDesk({ db: ctx.db, clock: ctx.clock }, search);
    },
  }),
  policyPayments: t.field({
    type: PolicyPaymentViewRef,
    description: "A policy's schedule and payments: its holder, tellers and admins.",
    args: { policyNumber: t.arg.string({ required: true }) },
    resolve: async (_root, { policyNumber }, ctx) => {
      requireUser(ctx);
      const view = await paymentViewByNumber({ db: ctx.db, clock: ctx.clock }, policyNumber);
      const allowed = view && (ctx.ability.can('read', 'PaymentView') || ctx.ability.can('read', subject('Policy', { ownerId: view.ownerId })));
      // Someone else's policy answers like a missing one.
      if (!view || !allowed) throw userInputError('This policy was not found.', PAYMENT_CODES.NOT_FOUND);
      return view;
    },
  }),
}));

builder.mutationFields((t) => ({
  recordPayment: t.field({
    type: RecordPaymentResultRef,
    description: 'Teller (credit union) or admin (both channels): records a payment; the one that completes the premium issues the contract.',
    args: { input: t.arg({ type: RecordPaymentInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const user = requireUser(ctx);
      const app = ctx.request.server;
      return recordPayment(lifecycleDeps(app, ctx.request.log), { userId: user.id, ability: ctx.ability }, input, ctx.config.publicUrl);
    },
  }),
}));
