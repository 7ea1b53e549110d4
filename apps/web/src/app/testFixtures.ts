/** Answers of the gateway the shell tests and the prerender test share. */

export const testSeason = { year: 2027, coverStart: '2027-06-01', coverEnd: '2028-05-31', paymentDeadline: '2027-05-31', purchaseWindowOpen: true, nextSeasonYear: 2028 };

export const PURCHASER_ROLE_UUID = '6f1c1d0e-4c1b-4f6e-9a43-0d5c1a2b3c4d';
export const testRoles = [
  { name: 'admin', uuid: '0a7c2f4e-1d2b-4c3a-8e5f-6a7b8c9d0e1f' },
  { name: 'purchaser', uuid: PURCHASER_ROLE_UUID },
];

/** The answer to the AppConfig query a page load makes when the page did not carry the configuration. */
export const testAppConfig = { currentSeason: testSeason, roles: testRoles };

export const testPageContent = {
  brand: { name: 'Flexible Hurricane Protection', title: 'FHP', logo: '/brand/fhp-logo.svg', productId: 'fhp' },
  navigation: [
    { label: 'View Product Info', path: '/product/fhp', kind: 'link' },
    { label: 'Login', path: '/sign-in', kind: 'button' },
  ],
  routes: [],
  sidebarItems: [],
  footer: [{ title: 'Other Links', links: [{ label: 'Terms', href: '/terms' }] }],
  contact: { email: 'support@fhp.example', phone: '+1 473 555 0142', address: 'St. George’s, Grenada' },
  breadcrumbs: [],
};
