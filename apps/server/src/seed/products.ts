import type { products } from '../db/schema';

export const DEMO_PRODUCT_ID = 'fhp';

export const productSeed: (typeof products.$inferInsert)[] = [
  {
    id: DEMO_PRODUCT_ID,
    name: 'Flexible Hurricane Protection',
    tagline: 'Cash within 15 days when a hurricane hits your island. No claim forms.',
    description:
      'A parametric hurricane cover for Grenada and Dominica. Choose how strong a storm must be to pay ' +
      'and how much cover you need (EC$1,300 to EC$270,000). When a named storm of that strength passes ' +
      'close to the island, the payout goes to your credit union account automatically.',
    logo: '/brand/fhp-logo.svg',
  },
];
