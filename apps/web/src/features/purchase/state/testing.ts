import type { ChosenOption } from './purchaseData';

/** Test helper (not a test): Dominica, EC$25,000, option 3 as the options step keeps it under the 5% early-bird offer. */
export const discountedOption3: ChosenOption = {
  id: '3',
  label: 'Option 3: Category 3 and above',
  premiumRaw: 2470,
  premiumCents: 247000,
  discountedPremiumCents: 234650,
  discountPercent: 5,
  coverageCents: 2500000,
};
