/*
 * The screens of the ability table, apart from the rules (abilities.ts): the web's route table
 * needs the names at start, the rules (and CASL) only in the signed-in area.
 */

/** Every screen named in the ability table, in the order of the spec's route table. */
export const SCREEN_SUBJECTS = [
  'MyAccount',
  'MyPolicies',
  'MyPoliciesDetail',
  'ProvisionalPolicies',
  'ProvisionalPolicyDetail',
  'ActualPolicies',
  'ActualPolicyDetail',
  'Archived',
  'ArchivedPolicyDetail',
  'PayoutKYC',
  'WeatherAnalytics',
  'AnalyticsAPIDetail',
  // Staff screens (issue 7), after the spec's.
  'PaymentDesk',
  'CancellationRequests',
  // Staff screen (issue 10): storm imports, payouts by storm, wires.
  'StormPayouts',
  // Admin screens (issue 11).
  'Users',
  'KycReview',
  'OffersAndSeasons',
  'PortfolioReport',
  'SiteContent',
] as const;

export type ScreenSubject = (typeof SCREEN_SUBJECTS)[number];
