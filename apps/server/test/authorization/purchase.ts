import { signedIn, type MatrixRows } from './types';

/** KYC submission and the purchase itself. */
export const purchaseRows: MatrixRows = {
  graphql: {
    SubmitKYCDetails: {
      // No documents: past the guard, every caller meets the domain's "One Id Proof is required".
      query: `mutation { SubmitKYCDetails(input: { gender: "female", firstName: "Ann", lastName: "Joseph", occupation: "Fisher",
        primaryContactNo: "7675550101", address: { addressLine1: "1 Bay Street", city: "Roseau", country: "dm" }, documents: [] }) { message } }`,
      expected: signedIn,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    PurchasePolicy: {
      // A valid purchase; past the guard, the matrix's callers have no KYC on file.
      query: `mutation { PurchasePolicy(input: {
        benificiaryDetail: { firstName: "Paul", lastName: "Joseph", email: "paul@example.com", mobileNo: "7675550102",
          address: { addressLine1: "1 Bay Street", city: "Roseau", country: "dm" } },
        countryName: "gd", coverage: 25000, premium: 1960, productDefination: "3",
        useOfProceeds: [{ value: "familySupport", selected: true }],
        termsOfUse: [{ value: "drugTrafficking", selected: true }, { value: "terrorismFinancing", selected: true },
          { value: "moneyLaundering", selected: true }, { value: "fraud", selected: true }, { value: "otherCrimes", selected: true },
          { value: "declare", selected: true }],
        paymentPlan: "FULL", paymentChannel: "CREDIT_UNION", idempotencyKey: "6f1c2b9e-4d0a-4c8e-9b7a-1e2d3c4b5a69" }) { policyNumber } }`,
      expected: signedIn,
      passesGuardWith: ['KYC_REQUIRED'],
    },
  },
};
