import {
  fromCents,
  kycBeneficiarySchema,
  purchasePolicyInputSchema,
  toBeneficiaryDetail,
  toTermsOfUseInput,
  toUseOfProceedsInput,
  type PaymentChannel,
  type PaymentPlan,
} from '@fhp/domain';
import type { PurchaseData } from './purchaseData';

/**
 * The PurchasePolicy input from the flow's data; the domain schema checks it before it is sent.
 * Loaded when the customer confirms (PurchaseFlow): the schemas are no part of the first steps.
 */
export function purchaseInput(data: PurchaseData, plan: PaymentPlan, channel: PaymentChannel) {
  const beneficiary = kycBeneficiarySchema.parse(data.kycForm ?? {});
  return purchasePolicyInputSchema.parse({
    benificiaryDetail: toBeneficiaryDetail(beneficiary),
    countryName: data.country,
    coverage: data.coverage,
    premium: data.option?.premiumRaw,
    // What the options step showed; the server refuses the purchase if the price changed since.
    discountedPremium: data.option && data.option.discountedPremiumCents !== null ? fromCents(data.option.discountedPremiumCents) : null,
    productDefination: data.option?.id,
    useOfProceeds: toUseOfProceedsInput(data.useOfProceeds),
    termsOfUse: data.terms ? toTermsOfUseInput(data.terms) : [],
    paymentPlan: plan,
    paymentChannel: channel,
    idempotencyKey: data.idempotencyKey,
  });
}
