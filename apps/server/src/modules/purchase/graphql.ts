import { builder } from '../../graphql/builder';
import { MoneyRef } from '../../graphql/money';
import { requireOwnedRecord } from '../identity';
import { purchasePolicy, type PolicyPurchaseResult } from './service';

// Plain strings and floats: the domain's purchasePolicyInputSchema gives the customer its messages.
const AddressInputRef = builder.inputType('AddressInput', {
  fields: (t) => ({ addressLine1: t.string(), city: t.string(), country: t.string() }),
});

const BeneficiaryInputRef = builder.inputType('BeneficiaryInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    email: t.string(),
    mobileNo: t.string(),
    address: t.field({ type: AddressInputRef }),
  }),
});

const SelectableInputRef = builder.inputType('SelectableInput', {
  fields: (t) => ({ value: t.string(), selected: t.boolean() }),
});

const PurchasePolicyInputRef = builder.inputType('PurchasePolicyInput', {
  fields: (t) => ({
    benificiaryDetail: t.field({ type: BeneficiaryInputRef }),
    countryName: t.string({ description: 'gd or dm' }),
    coverage: t.float({ description: 'EC$' }),
    premium: t.float({ description: 'The raw premium of the chosen option the customer saw, before discount.' }),
    discountedPremium: t.float({
      required: false,
      description: 'The discounted premium the customer saw; null (or absent) when no offer was shown. A difference from the price now is refused with PRICE_CHANGED.',
    }),
    productDefination: t.string({ description: 'T, 1, 2, 3, 4 or 5' }),
    useOfProceeds: t.field({ type: [SelectableInputRef] }),
    termsOfUse: t.field({ type: [SelectableInputRef] }),
    paymentPlan: t.string({ description: 'FULL, INSTALMENTS_2 or INSTALMENTS_4' }),
    paymentChannel: t.string({ description: 'CREDIT_UNION or BANK_TRANSFER' }),
    idempotencyKey: t.string({ description: 'A uuid made once per confirm screen; a repeat returns the same policy.' }),
  }),
});

type PurchasedBy = PolicyPurchaseResult['purchasedBy'];
type Instalment = PolicyPurchaseResult['schedule'][number];

const PurchasedByRef = builder.objectRef<PurchasedBy>('PurchasedBy').implement({
  fields: (t) => ({
    email: t.exposeString('email'),
    primaryContactNo: t.exposeString('primaryContactNo', { nullable: true }),
    phoneVerified: t.exposeBoolean('phoneVerified'),
  }),
});

const InstalmentRef = builder.objectRef<Instalment>('Instalment').implement({
  fields: (t) => ({
    number: t.exposeInt('number'),
    dueDate: t.exposeString('dueDate', { description: 'YYYY-MM-DD' }),
    amount: t.expose('amount', { type: MoneyRef }),
  }),
});

const PolicyPurchaseResultRef = builder.objectRef<PolicyPurchaseResult>('PolicyPurchaseResult').implement({
  fields: (t) => ({
    policyNumber: t.exposeString('policyNumber'),
    type: t.exposeString('type'),
    status: t.exposeString('status'),
    premium: t.exposeFloat('premium', { description: 'EC$, before discount.' }),
    discountedPremium: t.exposeFloat('discountedPremium', { nullable: true, description: 'EC$ owed when an offer applied.' }),
    purchasedBy: t.expose('purchasedBy', { type: PurchasedByRef }),
    paymentPlan: t.exposeString('paymentPlan'),
    paymentChannel: t.exposeString('paymentChannel'),
    schedule: t.expose('schedule', { type: [InstalmentRef] }),
    bankTransferReference: t.exposeString('bankTransferReference', { nullable: true, description: 'For BANK_TRANSFER.' }),
  }),
});

builder.mutationFields((t) => ({
  PurchasePolicy: t.field({
    type: PolicyPurchaseResultRef,
    description: 'Signed in, KYC submitted, purchase window open: a provisional policy for the caller.',
    args: { input: t.arg({ type: PurchasePolicyInputRef, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const user = requireOwnedRecord(ctx, 'create', 'Policy', ctx.user?.id ?? '');
      const app = ctx.request.server;
      return purchasePolicy(
        { db: ctx.db, clock: ctx.clock, offers: ctx.offers, pricing: app.pricingConfig, deliveries: app.identity.deliveries, onStored: () => app.metrics.purchaseStored() },
        user.id,
        input,
      );
    },
  }),
}));
