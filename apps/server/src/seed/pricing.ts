import { COUNTRY_CODES, OPTION_IDS, SPEC_PRICING, seasonForYear, toCents, type ChargeConfig } from '@fhp/domain';
import type { Db } from '../db/client';
import { chargeTiers, countryPricing, optionRates, type offers, type seasons } from '../db/schema';

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

type ChargeKind = (typeof chargeTiers.$inferInsert)['charge'];

function tierRows(country: string, seasonYear: number, charge: ChargeKind, config: ChargeConfig): (typeof chargeTiers.$inferInsert)[] {
  return config.tiers.map((tier, index) => ({
    country,
    seasonYear,
    charge,
    position: index + 1,
    maxCoverageCents: tier.max === null ? null : toCents(tier.max),
    unitAmountPct: tier.unit_amount.toFixed(2),
  }));
}

/**
 * Every seeded season gets the spec's pricing (domain SPEC_PRICING) for both countries. Rates and
 * tiers are written only with a country's pricing row that did not exist yet, so a restart never
 * adds a tier back to, or changes a rate of, a pricing an administrator has edited.
 */
export async function seedPricing(tx: Db): Promise<void> {
  const added = await tx
    .insert(countryPricing)
    .values(
      seasonSeed.flatMap((season) =>
        COUNTRY_CODES.map((country) => ({
          country,
          seasonYear: season.year,
          currencyCode: SPEC_PRICING[country].currency.code,
          currencyLocale: SPEC_PRICING[country].currency.locale,
          platformChargeModel: SPEC_PRICING[country].platformCharge.model,
          insuranceProviderChargeModel: SPEC_PRICING[country].insuranceProviderCharge.model,
        })),
      ),
    )
    .onConflictDoNothing()
    .returning({ country: countryPricing.country, seasonYear: countryPricing.seasonYear });
  if (added.length === 0) return;
  const pricing = added.map(({ country, seasonYear }) => ({ country, seasonYear, spec: SPEC_PRICING[country as keyof typeof SPEC_PRICING] }));
  await tx.insert(optionRates).values(
    pricing.flatMap(({ country, seasonYear, spec }) =>
      OPTION_IDS.map((optionId) => ({ country, seasonYear, optionId, rolPct: spec.rolPctByOption[optionId].toFixed(2) })),
    ),
  );
  await tx.insert(chargeTiers).values(
    pricing.flatMap(({ country, seasonYear, spec }) => [
      ...tierRows(country, seasonYear, 'PLATFORM', spec.platformCharge),
      ...tierRows(country, seasonYear, 'INSURANCE_PROVIDER', spec.insuranceProviderCharge),
    ]),
  );
}
