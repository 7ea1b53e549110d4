import { SCREEN_SUBJECTS, type ScreenSubject } from '@fhp/domain';

/**
 * The route table of spec part 1, section 2: names and paths. The router adds the page
 * for each; names are the keys of abilities and of the chunk-reload flag.
 */
export const ROUTES = {
  Home: '/',
  SignIn: '/sign-in',
  Terms: '/terms',
  Privacy: '/privacy',
  ProductLanding: '/product/:id',
  FAQPage: '/product/:id/faq',
  PurchaseFlow: '/product/:id/buy',
  /** The proof ledger's public page of one entry (product-decisions "Proof ledger"). */
  Explorer: '/explorer/:hash',
  /** A payout proved by its path to its storm evaluation's entry (decision 174). */
  PayoutProof: '/explorer/payout/:payoutId',
  MyAccount: '/my-account',
  ProvisionalPolicies: '/my-policies/provisional',
  ProvisionalPolicyDetail: '/my-policies/provisional/:id',
  ActualPolicies: '/my-policies/actual',
  ActualPolicyDetail: '/my-policies/actual/:id',
  Archived: '/my-policies/archived',
  ArchivedPolicyDetail: '/my-policies/archived/:id',
  PayoutKYC: '/my-payout-details',
  WeatherAnalytics: '/my-policies/actual/weather-analytics/:id',
  AnalyticsAPIDetail: '/my-policies/actual/weather-analytics/api-detail/:id',
  // Staff screens (issue 7; not in the spec's route table).
  PaymentDesk: '/payment-desk',
  CancellationRequests: '/cancellation-requests',
  // Staff screen (issue 10).
  StormPayouts: '/storm-payouts',
  // Admin screens (issue 11).
  Users: '/users',
  KycReview: '/kyc-review',
  OffersAndSeasons: '/offers-and-seasons',
  PortfolioReport: '/portfolio',
  SiteContent: '/site-content',
} as const;

export type RouteName = keyof typeof ROUTES;

const isScreenRoute = (screen: ScreenSubject): screen is ScreenSubject & RouteName => Object.hasOwn(ROUTES, screen);

/**
 * Routes that sit in the signed-in (sidebar) area: every screen of the domain's ability table
 * that has a route (MyPolicies and MyPoliciesDetail are abilities without a page of their own).
 * Taken from the domain so a new screen there gets its route guard here. Pages arrive with later issues.
 */
export const SIGNED_IN_ROUTES: readonly (RouteName & ScreenSubject)[] = SCREEN_SUBJECTS.filter(isScreenRoute);

/** Human titles for placeholder headings. */
export const ROUTE_TITLES: Record<RouteName, string> = {
  Home: 'Home',
  SignIn: 'Sign in',
  Terms: 'Terms of Service',
  Privacy: 'Privacy Statement',
  ProductLanding: 'Product',
  FAQPage: 'FAQ',
  PurchaseFlow: 'Buy a policy',
  Explorer: 'Transaction proof',
  PayoutProof: 'Payout proof',
  MyAccount: 'My Account',
  ProvisionalPolicies: 'Provisional policies',
  ProvisionalPolicyDetail: 'Provisional policy',
  ActualPolicies: 'Actual policies',
  ActualPolicyDetail: 'Policy',
  Archived: 'Archived policies',
  ArchivedPolicyDetail: 'Archived policy',
  PayoutKYC: 'My Payout Details',
  WeatherAnalytics: 'Weather analytics',
  AnalyticsAPIDetail: 'Analytics API detail',
  PaymentDesk: 'Payment desk',
  CancellationRequests: 'Cancellation requests',
  StormPayouts: 'Storm payouts',
  Users: 'Users',
  KycReview: 'KYC review',
  OffersAndSeasons: 'Offers & Seasons',
  PortfolioReport: 'Portfolio',
  SiteContent: 'Content',
};
