import { SIDEBAR_KEY } from '@fhp/domain';
import type { LandingContent, PageContent } from '../modules/content';
import { END_USER_FAQ } from './faqs';
import { DEMO_PRODUCT_ID, productSeed } from './products';

const productName = productSeed[0]?.name ?? 'Flexible Hurricane Protection';
const productPath = `/product/${DEMO_PRODUCT_ID}`;

const CONTACT = {
  email: 'support@fhp.example',
  phone: '+1 (473) 555-0142',
  address: 'Grand Anse Main Road, St. George’s, Grenada',
};

/** Spec part 1, section 2: every route; signed-in ones need a read ability named after the route. */
const ROUTES: [name: string, path: string, isPublic: boolean][] = [
  ['Home', '/', true],
  ['SignIn', '/sign-in', true],
  ['Terms', '/terms', true],
  ['Privacy', '/privacy', true],
  ['ProductLanding', '/product/:id', true],
  ['FAQPage', '/product/:id/faq', true],
  ['PurchaseFlow', '/product/:id/buy', true],
  ['MyAccount', '/my-account', false],
  ['ProvisionalPolicies', '/my-policies/provisional', false],
  ['ProvisionalPolicyDetail', '/my-policies/provisional/:id', false],
  ['ActualPolicies', '/my-policies/actual', false],
  ['ActualPolicyDetail', '/my-policies/actual/:id', false],
  ['Archived', '/my-policies/archived', false],
  ['ArchivedPolicyDetail', '/my-policies/archived/:id', false],
  ['PayoutKYC', '/my-payout-details', false],
  ['WeatherAnalytics', '/my-policies/actual/weather-analytics/:id', false],
  ['AnalyticsAPIDetail', '/my-policies/actual/weather-analytics/api-detail/:id', false],
  // Staff screens (issue 7).
  ['PaymentDesk', '/payment-desk', false],
  ['CancellationRequests', '/cancellation-requests', false],
  // Staff screen (issue 10).
  ['StormPayouts', '/storm-payouts', false],
  // Admin screens (issue 11).
  ['Users', '/users', false],
  ['KycReview', '/kyc-review', false],
  ['OffersAndSeasons', '/offers-and-seasons', false],
  ['PortfolioReport', '/portfolio', false],
  ['SiteContent', '/site-content', false],
];

export const pageContentSeed: PageContent = {
  brand: { name: productName, title: 'FHP', logo: '/brand/fhp-logo.svg', productId: DEMO_PRODUCT_ID },
  navigation: [
    { label: 'View Product Info', path: productPath, kind: 'link' },
    { label: 'Login', path: '/sign-in', kind: 'button' },
  ],
  routes: ROUTES.map(([name, path, isPublic]) => ({ name, path, public: isPublic, ability: isPublic ? null : name })),
  // Keys are the domain's (the web matches overrides by them); icons are Bootstrap Icons (the web's icon set).
  sidebarItems: [
    { key: SIDEBAR_KEY.myAccount, title: 'My Account', icon: 'person-circle', path: '/my-account', children: [] },
    { key: SIDEBAR_KEY.myPayoutDetails, title: 'My Payout Details', icon: 'bank', path: '/my-payout-details', children: [] },
    {
      key: SIDEBAR_KEY.myPolicies,
      title: 'My Policies',
      icon: 'file-earmark-text',
      path: null,
      children: [
        { key: SIDEBAR_KEY.provisional, title: 'Provisional', icon: 'hourglass-split', path: '/my-policies/provisional', children: [] },
        { key: SIDEBAR_KEY.actual, title: 'Actual', icon: 'shield-check', path: '/my-policies/actual', children: [] },
        { key: SIDEBAR_KEY.archived, title: 'Archived', icon: 'archive', path: '/my-policies/archived', children: [] },
      ],
    },
    { key: SIDEBAR_KEY.paymentDesk, title: 'Payment Desk', icon: 'cash-coin', path: '/payment-desk', children: [] },
    { key: SIDEBAR_KEY.cancellationRequests, title: 'Cancellation Requests', icon: 'x-octagon', path: '/cancellation-requests', children: [] },
    { key: SIDEBAR_KEY.stormPayouts, title: 'Storm Payouts', icon: 'tropical-storm', path: '/storm-payouts', children: [] },
    { key: SIDEBAR_KEY.users, title: 'Users', icon: 'people', path: '/users', children: [] },
    { key: SIDEBAR_KEY.kycReview, title: 'KYC Review', icon: 'person-vcard', path: '/kyc-review', children: [] },
    { key: SIDEBAR_KEY.offersAndSeasons, title: 'Offers & Seasons', icon: 'tag', path: '/offers-and-seasons', children: [] },
    { key: SIDEBAR_KEY.portfolio, title: 'Portfolio', icon: 'pie-chart', path: '/portfolio', children: [] },
    { key: SIDEBAR_KEY.siteContent, title: 'Content', icon: 'pencil-square', path: '/site-content', children: [] },
  ],
  // The spec calls these links placeholders; they point somewhere real where we have a page.
  footer: [
    { title: 'Products', links: [{ label: productName, href: productPath }] },
    {
      title: 'Support',
      links: [
        { label: 'How it works', href: `${productPath}/faq` },
        { label: 'Contact us', href: '/#contact' },
      ],
    },
    {
      title: 'Company',
      links: [
        { label: 'About us', href: '/#about' },
        { label: 'Careers', href: '/#careers' },
      ],
    },
    {
      title: 'Other Links',
      links: [
        { label: 'Privacy', href: '/privacy' },
        { label: 'Terms', href: '/terms' },
        { label: 'FAQ', href: `${productPath}/faq` },
      ],
    },
  ],
  contact: CONTACT,
  breadcrumbs: [
    { segment: 'my-account', label: 'My Account' },
    { segment: 'my-payout-details', label: 'My Payout Details' },
    { segment: 'my-policies', label: 'My Policies' },
    { segment: 'provisional', label: 'Provisional' },
    { segment: 'actual', label: 'Actual' },
    { segment: 'archived', label: 'Archived' },
    { segment: 'weather-analytics', label: 'Tropical Cyclone Tracker' },
    { segment: 'api-detail', label: 'API Detail' },
    { segment: 'payment-desk', label: 'Payment Desk' },
    { segment: 'cancellation-requests', label: 'Cancellation Requests' },
    { segment: 'users', label: 'Users' },
    { segment: 'kyc-review', label: 'KYC Review' },
    { segment: 'storm-payouts', label: 'Storm Payouts' },
    { segment: 'offers-and-seasons', label: 'Offers & Seasons' },
    { segment: 'portfolio', label: 'Portfolio' },
    { segment: 'site-content', label: 'Content' },
    { segment: 'product', label: 'Products' },
    { segment: DEMO_PRODUCT_ID, label: productName },
    { segment: 'faq', label: 'FAQ' },
    { segment: 'buy', label: 'Buy' },
    { segment: 'sign-in', label: 'Sign In' },
    { segment: 'terms', label: 'Terms of Service' },
    { segment: 'privacy', label: 'Privacy Statement' },
  ],
};

export const landingContentSeed: LandingContent = {
  productId: DEMO_PRODUCT_ID,
  title: productName,
  subtitle: 'Parametric hurricane cover for Grenada and Dominica',
  heroText:
    'When a hurricane of the strength you chose passes close to your island, you get paid within 15 days. ' +
    'No claim forms, no loss adjusters, no waiting.',
  howItWorks: [
    { title: 'Choose your cover', text: 'Pick your country and a coverage amount from EC$1,300 to EC$270,000.' },
    { title: 'Pick an option', text: 'Six options, T and 1 to 5, set how strong a storm must be before it pays.' },
    { title: 'Verify and pay', text: 'Complete the identity checks and pay at once or in instalments before May 31.' },
    { title: 'Get paid automatically', text: 'If a covered storm hits between June 1 and May 31, the payout reaches your credit union account within 15 days.' },
  ],
  lifecycle: ['Provisional policy created', 'Payment completed (contract issued)', 'Hurricane occurred', 'Payment sent'],
  payoutIntro:
    'The payout is a share of your coverage set by the storm’s category and how close it passes: box 1 is ' +
    'about 25 km from the shoreline, box 2 about 100 km. Each option covers its own strength and every stronger one.',
  faqTeaser: (END_USER_FAQ[0]?.queAns ?? []).slice(0, 3),
  supportEmail: CONTACT.email,
  supportPhone: CONTACT.phone,
};
