import {
  bankTransferReference,
  buildSchedule,
  formatPolicyNumber,
  newProvisionalPolicy,
  quoteOption,
  type CountryCode,
  type OptionId,
  type PaymentChannel,
  type PaymentPlan,
} from '@fhp/domain';
import type { Db } from '../../db/client';
import { insertPolicy, nextPolicySequence, type PolicyRow } from './repository';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES } from './transaction-log';

export interface ProvisionalPolicySpec {
  ownerId: string;
  country: CountryCode;
  optionId: OptionId;
  coverageCents: number;
  /** 0 or an offer's percent. */
  discountPercent?: number;
  seasonYear: number;
  paymentDeadline: string;
  paymentPlan: PaymentPlan;
  paymentChannel: PaymentChannel;
  /** When it was bought; its Port of Spain date starts the schedule. */
  purchasedAt: Date;
  purchaseDate: string;
  idempotencyKey: string;
  beneficiary: { firstName: string; lastName: string; email: string; mobileNo: string; addressLine1: string; city: string; country: string };
}

/**
 * A provisional policy for a given season and date, priced by the domain exactly as a purchase
 * prices it. The demo seed places policies in past and future seasons with it (the purchase itself
 * only sells the season on sale today), and so do the lifecycle tests. Call inside a transaction.
 */
export async function insertProvisionalPolicy(tx: Db, spec: ProvisionalPolicySpec): Promise<PolicyRow> {
  const option = quoteOption({ country: spec.country, coverageCents: spec.coverageCents, optionId: spec.optionId, discountPercent: spec.discountPercent });
  const payableCents = option.discount?.premiumCents ?? option.premiumCents;
  const state = newProvisionalPolicy({ payableCents, coverageCents: option.coverageCents });
  const schedule = buildSchedule({ totalCents: payableCents, plan: spec.paymentPlan, purchaseDate: spec.purchaseDate, deadline: spec.paymentDeadline });
  const sequence = await nextPolicySequence(tx, spec.country, spec.seasonYear);
  const policyNumber = formatPolicyNumber({ country: spec.country, seasonYear: spec.seasonYear, sequence });
  const policy = await insertPolicy(tx, {
    policy: {
      policyNumber,
      ownerId: spec.ownerId,
      type: state.type,
      status: state.status,
      country: spec.country,
      optionId: option.id,
      coverageCents: option.coverageCents,
      premiumCents: option.premiumCents,
      discountedPremiumCents: option.discount?.premiumCents ?? null,
      discountPercent: option.discount ? option.discount.percent.toFixed(2) : null,
      seasonYear: spec.seasonYear,
      paymentPlan: spec.paymentPlan,
      paymentChannel: spec.paymentChannel,
      bankTransferReference: spec.paymentChannel === 'BANK_TRANSFER' ? bankTransferReference(policyNumber) : null,
      politicallyExposed: false,
      charged: { drugTrafficking: false, terrorismFinancing: false, moneyLaundering: false, fraud: false, otherCrimes: false },
      useOfProceeds: [{ value: 'homeProtection', selected: true }],
      termsOfUse: ['drugTrafficking', 'terrorismFinancing', 'moneyLaundering', 'fraud', 'otherCrimes', 'declare'].map((value) => ({ value, selected: true })),
      idempotencyKey: spec.idempotencyKey,
      purchasedAt: spec.purchasedAt,
      createdAt: spec.purchasedAt,
    },
    beneficiary: spec.beneficiary,
    instalments: schedule.instalments,
  });
  await appendTransaction(tx, {
    ownerId: spec.ownerId,
    performedBy: spec.ownerId,
    type: TXN_TYPES.POLICY_PURCHASE_FLOW,
    action: 'Provisional policy created',
    payload: { policyNumber, status: state.status, country: spec.country, option: option.id, coverageCents: option.coverageCents, premiumCents: option.premiumCents },
    txnSetId: policyNumber,
    location: TXN_LOCATIONS.portal,
    at: spec.purchasedAt,
  });
  return policy;
}
