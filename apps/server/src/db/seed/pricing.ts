import { seasonForYear } from '@fhp/domain';
import type { offers, seasons } from '../schema';

/** 2025 has expired (the demo's expired policy), 2026 is in force (window closed); 2027 is on sale. */
export const seasonSeed: (typeof seasons.$inferInsert)[] = [
  seasonForYear(2025, { purchaseWindowOpen: false }),
  seasonForYear(2026, { purchaseWindowOpen: false }),
  seasonForYear(2027, { purchaseWindowOpen: true }),
];

/**
 * Dominica has an early-bird discount until the 2027 payment deadline (end of day in
 * America/Port_of_Spain, UTC-4); Grenada has none.
 */
export const offerSeed: (typeof offers.$inferInsert)[] = [
  {
    id: 'dm-early-bird-2027',
    country: 'dm',
    discountPercent: '5.00',
    validFrom: new Date('2026-06-01T04:00:00Z'),
    validTo: new Date('2027-06-01T03:59:59Z'),
    message: 'Early-bird discount for Dominica: 5% off your premium.',
    logo: '/brand/offer-early-bird.svg',
    canPurchase: true,
    active: true,
  },
];
