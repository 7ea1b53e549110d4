/**
 * The purchase flow's GraphQL documents and inputs, free of vitest so the load bench
 * (bench/load-flows.ts) can use them too; purchase-helpers re-exports them.
 */
import { randomUUID } from 'node:crypto';

export const SUBMIT_KYC = 'mutation Kyc($input: SubmitKYCDetailsInput!) { SubmitKYCDetails(input: $input) { message } }';

export function kycInput(documents: { fileId: string; type: string; name: string }[], patch: Record<string, unknown> = {}) {
  return {
    gender: 'female',
    firstName: 'Ann Marie',
    lastName: 'Joseph',
    occupation: 'Fisher',
    primaryContactNo: '+1 767 555 0101',
    address: { addressLine1: '12 King George V Street', city: 'Roseau', country: 'dm' },
    documents,
    email: null,
    ...patch,
  };
}

export const PURCHASE = `mutation Buy($input: PurchasePolicyInput!) {
  PurchasePolicy(input: $input) {
    policyNumber type status premium discountedPremium
    purchasedBy { email primaryContactNo phoneVerified }
    paymentPlan paymentChannel
    schedule { number dueDate amount { raw cents formatted } }
    bankTransferReference
  }
}`;

/**
 * Dominica, EC$25,000, option 3 at the prices the quote shows while the seeded 5% early-bird offer
 * runs: 25,000 x 9.88% = 2,470.00 before discount, 2,346.50 after it.
 */
export function purchaseInput(patch: Record<string, unknown> = {}) {
  return {
    benificiaryDetail: {
      firstName: 'Paul',
      lastName: 'Joseph',
      email: 'paul.joseph@example.com',
      mobileNo: '+1 767 555 0102',
      address: { addressLine1: '12 King George V Street', city: 'Roseau', country: 'dm' },
    },
    countryName: 'dm',
    coverage: 25000,
    premium: 2470,
    discountedPremium: 2346.5,
    productDefination: '3',
    useOfProceeds: [
      { value: 'homeProtection', selected: true },
      { value: 'familySupport', selected: true },
      { value: 'other', selected: false },
    ],
    termsOfUse: ['drugTrafficking', 'terrorismFinancing', 'moneyLaundering', 'fraud', 'otherCrimes', 'declare'].map((value) => ({
      value,
      selected: true,
    })),
    paymentPlan: 'INSTALMENTS_4',
    paymentChannel: 'BANK_TRANSFER',
    idempotencyKey: randomUUID(),
    ...patch,
  };
}
