import {
  COUNTRY_CODES,
  OPTION_IDS,
  PAYMENT_CHANNELS,
  PAYMENT_PLANS,
  PEP_ANSWERS,
  USE_OF_PROCEEDS_VALUES,
  type CountryCode,
  type OptionId,
  type PreviewPerson,
  type TermsFormValues,
} from '@fhp/domain';
import { z } from 'zod';
import { createSessionCache } from '../../../lib/sessionCache';
import { STEP_IDS, type StepId } from './steps';

/**
 * The shape of the purchase data in session storage, checked when it is read back: the store
 * outlives deployments, so an older build's shape is dropped, not trusted. A chunk of its own (with
 * zod), loaded only when there is something to read (state/storedPurchase.ts): the flow's first
 * step, all a new visitor sees first, needs neither.
 */

/** The option the customer chose, as the server quoted it. `premiumRaw` is what PurchasePolicy sends back. */
export const chosenOptionSchema = z.object({
  id: z.enum(OPTION_IDS as [OptionId, ...OptionId[]]),
  label: z.string(),
  premiumRaw: z.number(),
  premiumCents: z.number().int(),
  /** The price to pay when an offer applies, else null. */
  discountedPremiumCents: z.number().int().nullable(),
  discountPercent: z.number().nullable(),
  coverageCents: z.number().int(),
});

const termsSchema = z.object({
  pep: z.enum(PEP_ANSWERS),
  drugTrafficking: z.literal(true),
  terrorismFinancing: z.literal(true),
  moneyLaundering: z.literal(true),
  fraud: z.literal(true),
  otherCrimes: z.literal(true),
  declare: z.literal(true),
}) satisfies z.ZodType<TermsFormValues>;

const personSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  countryName: z.string(),
  email: z.string(),
  telephone: z.string(),
}) satisfies z.ZodType<PreviewPerson>;

const moneySchema = z.object({ raw: z.number(), cents: z.number().int(), formatted: z.string() });

/** The PolicyPurchaseResult fields the thank-you screen shows. */
export const purchaseResultSchema = z.object({
  policyNumber: z.string(),
  type: z.string(),
  status: z.string(),
  premium: z.number(),
  discountedPremium: z.number().nullable(),
  purchasedBy: z.object({ email: z.string(), primaryContactNo: z.string().nullable(), phoneVerified: z.boolean() }),
  paymentPlan: z.string(),
  paymentChannel: z.string(),
  schedule: z.array(z.object({ number: z.number().int(), dueDate: z.string(), amount: moneySchema })),
  bankTransferReference: z.string().nullable(),
});

export const purchaseDataSchema = z.object({
  step: z.enum(STEP_IDS as [StepId, ...StepId[]]),
  country: z.enum(COUNTRY_CODES as [CountryCode, ...CountryCode[]]).nullable(),
  /** EC$ as typed and accepted by the coverage rule. */
  coverage: z.number().nullable(),
  option: chosenOptionSchema.nullable(),
  /** The KYC form's text values (never the files). */
  kycForm: z.record(z.string(), z.string()).nullable(),
  /** The KYC step finished: the profile and documents are on the server. */
  kycDone: z.boolean(),
  terms: termsSchema.nullable(),
  policyHolder: personSchema.nullable(),
  useOfProceeds: z.array(z.enum(USE_OF_PROCEEDS_VALUES)),
  paymentPlan: z.enum(PAYMENT_PLANS).nullable(),
  paymentChannel: z.enum(PAYMENT_CHANNELS).nullable(),
  /** Made once when the payment (confirm) screen opens; the server turns a repeat into the same policy. */
  idempotencyKey: z.string().nullable(),
  /**
   * The server refused the purchase because the price changed: the customer is on the options step
   * to see the new price, and Continue takes them straight back to payment. Defaulted, so a purchase
   * stored by an older build still resumes.
   */
  repricing: z.boolean().default(false),
  result: purchaseResultSchema.nullable(),
});

export const PURCHASE_STORAGE_KEY = 'fhp.purchase.v1';

export const purchaseCache = createSessionCache(PURCHASE_STORAGE_KEY, purchaseDataSchema);
