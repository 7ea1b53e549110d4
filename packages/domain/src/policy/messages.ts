/**
 * Texts of the policy rules. "Reason is required" is the spec's (part 2 section 5); the others are
 * ours, in the same voice.
 */
export const CANCELLATION_MESSAGES = {
  reasonRequired: 'Reason is required',
  alreadyRequested: 'A cancellation request for this policy is already waiting for review', // ours
  nothingToApprove: 'There is no cancellation request to approve', // ours
  nothingToReject: 'There is no cancellation request to reject', // ours
  unknownPolicy: 'This policy was not found.', // ours
  commentRequired: 'A comment is required to reject a cancellation request', // ours
  commentTooLong: 'Comment must be at most 1000 characters', // ours
  decisionRequired: 'Please approve or reject the request', // ours
} as const;

export const PURCHASE_MESSAGES = {
  beneficiaryRequired: 'Beneficiary details are required', // ours
  beneficiaryAddressRequired: 'Beneficiary address is required', // ours
  optionRequired: 'Please choose a policy option', // ours
  premiumRequired: 'Premium is required', // ours
  premiumInvalid: 'Premium must be an amount in EC$ with at most 2 decimals', // ours
  discountedPremiumInvalid: 'Discounted premium must be an amount in EC$ with at most 2 decimals', // ours
  useOfProceedsRequired: 'Please select at least one use of proceeds', // ours
  useOfProceedsInvalid: 'Please choose the use of proceeds from the list', // ours
  termsRequired: 'Please accept the terms of use and the declaration to continue', // ours
  termsInvalid: 'Unknown terms of use entry', // ours
  duplicateEntry: 'Each entry may appear only once', // ours
  paymentPlanRequired: 'Please choose how you want to pay', // ours
  paymentChannelRequired: 'Please choose where you will pay', // ours
  idempotencyKeyInvalid: 'Your purchase could not be prepared. Please reload the page and try again', // ours
} as const;
