import { fromCents, OPTION_IDS, type ChargeConfig, type CountryPricing, type OptionId } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargeTiers, countryPricing, offers, optionRates, seasons } from '../../db/schema';

export type OfferRow = typeof offers.$inferSelect;
export type SeasonRow = typeof seasons.$inferSelect;

/** Every active offer, whatever its dates: the cache checks validity against the clock. */
export function listActiveOffers(db: Db): Promise<OfferRow[]> {
  return db.select().from(offers).where(eq(offers.active, true));
}

export function listSeasons(db: Db): Promise<SeasonRow[]> {
  return db.select().from(seasons);
}

/** The season on sale (the latest open one), or the latest season when none is open. */
export function seasonOnSale(all: readonly SeasonRow[]): SeasonRow | undefined {
  return [...all].sort((a, b) => Number(b.purchaseWindowOpen) - Number(a.purchaseWindowOpen) || b.year - a.year)[0];
}

export async function findCurrentSeason(db: Db): Promise<SeasonRow | undefined> {
  return seasonOnSale(await listSeasons(db));
}

/** One country's pricing for one season, as stored (not yet checked: see countryConfigFrom). */
export interface StoredPricing {
  country: string;
  seasonYear: number;
  pricing: CountryPricing;
}

type TierRow = typeof chargeTiers.$inferSelect;

function chargeOf(model: string, rows: readonly TierRow[]): ChargeConfig {
  return {
    // Checked by the domain when the configuration is built; a stored model it does not know is refused there.
    model: model as ChargeConfig['model'],
    tiers: [...rows]
      .sort((a, b) => a.position - b.position)
      .map((row) => ({ max: row.maxCoverageCents === null ? null : fromCents(row.maxCoverageCents), unit_amount: Number(row.unitAmountPct) })),
  };
}

/** Every country's pricing of every season, with its rates and tiers (a few dozen rows in all). */
export async function listPricing(db: Db): Promise<StoredPricing[]> {
  // One snapshot of the three tables: an edit committed between two reads must not mix two pricings.
  const [heads, rates, tiers] = await db.transaction(
    async (tx) => [await tx.select().from(countryPricing), await tx.select().from(optionRates), await tx.select().from(chargeTiers)] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const of = <R extends { country: string; seasonYear: number }>(rows: readonly R[], country: string, seasonYear: number) =>
    rows.filter((row) => row.country === country && row.seasonYear === seasonYear);
  return heads.map((head) => {
    const ownRates = of(rates, head.country, head.seasonYear);
    const ownTiers = of(tiers, head.country, head.seasonYear);
    const rolPctByOption = Object.fromEntries(
      OPTION_IDS.flatMap((id) => ownRates.filter((rate) => rate.optionId === id).map((rate) => [id, Number(rate.rolPct)])),
    ) as Record<OptionId, number>;
    return {
      country: head.country,
      seasonYear: head.seasonYear,
      pricing: {
        rolPctByOption,
        platformCharge: chargeOf(head.platformChargeModel, ownTiers.filter((tier) => tier.charge === 'PLATFORM')),
        insuranceProviderCharge: chargeOf(head.insuranceProviderChargeModel, ownTiers.filter((tier) => tier.charge === 'INSURANCE_PROVIDER')),
        currency: { code: head.currencyCode, locale: head.currencyLocale },
      },
    };
  });
}
