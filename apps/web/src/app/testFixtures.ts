/** Answers of the gateway the shell tests and the prerender test share. */

export const testSeason = { year: 2027, coverStart: '2027-06-01', coverEnd: '2028-05-31', paymentDeadline: '2027-05-31', purchaseWindowOpen: true, nextSeasonYear: 2028 };

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
