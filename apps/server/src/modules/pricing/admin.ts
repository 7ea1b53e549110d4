import {
  ADMIN_CONFIG_MESSAGES,
  COUNTRIES,
  HOLDER_LIMIT_DEFAULTS,
  localIsoDate,
  localMidnightMs,
  overlappingSeason,
  type HolderLimitsInput,
  type IsoDate,
  type OfferInput,
  type SeasonInput,
} from '@fhp/domain';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countryPricing, holderLimits, offers, seasons } from '../../db/schema';
import { userInputError } from '../../graphql/errors';
import type { OfferRow, SeasonRow } from './repository';

/**
 * Offers and seasons as administrators edit them (issue 11 item 4; decision 052). A save records a
 * catalogue change (modules/catalogue): the instance that made it forgets its cached offers, pricing
 * snapshot and public answers at once, every other instance within a second.
 */

/** An offer with its window as the calendar days an admin typed. */
export interface AdminOfferView extends OfferRow {
  fromDate: IsoDate;
  toDate: IsoDate | null;
}

const DAY_MS = 86_400_000;

function nextDay(date: IsoDate): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10) as IsoDate;
}

export function toOfferView(row: OfferRow): AdminOfferView {
  return { ...row, fromDate: localIsoDate(row.validFrom), toDate: row.validTo === null ? null : localIsoDate(row.validTo) };
}

export async function listOffers(app: FastifyInstance): Promise<AdminOfferView[]> {
  const rows = await app.db.select().from(offers).orderBy(asc(offers.country), desc(offers.validFrom));
  return rows.map(toOfferView);
}

export function listAllSeasons(app: FastifyInstance): Promise<SeasonRow[]> {
  return app.db.select().from(seasons).orderBy(desc(seasons.year));
}

export async function saveOffer(app: FastifyInstance, input: OfferInput): Promise<AdminOfferView> {
  const values = {
    country: input.country,
    discountPercent: input.discountPercent,
    validFrom: new Date(localMidnightMs(input.validFrom)),
    // Through the last second of the end day, local time.
    validTo: input.validTo === null ? null : new Date(localMidnightMs(nextDay(input.validTo)) - 1000),
    message: input.message,
    logo: input.logo,
    canPurchase: input.canPurchase,
    active: input.active,
  };
  const row = await app.catalogue.edit(async (tx) => {
    let saved: OfferRow | undefined;
    if (input.id === null) {
      [saved] = await tx
        .insert(offers)
        .values({ id: `${input.country}-${randomBytes(4).toString('hex')}`, ...values })
        .returning();
    } else {
      [saved] = await tx.update(offers).set(values).where(eq(offers.id, input.id)).returning();
      if (!saved) throw userInputError(ADMIN_CONFIG_MESSAGES.offerNotFound);
    }
    if (!saved) throw new Error('offer not stored');
    return saved;
  });
  return toOfferView(row);
}

/** Creates or updates the season of `input.year`; refused when its cover overlaps another season's. */
export async function saveSeason(app: FastifyInstance, input: SeasonInput): Promise<SeasonRow> {
  const row = await app.catalogue.edit(async (tx) => {
    // Two admins saving overlapping seasons at once: the second waits, then sees the first.
    await tx.execute(`lock table seasons in share row exclusive mode`);
    const others = await tx.select().from(seasons);
    const clash = overlappingSeason(input, others);
    if (clash) throw userInputError(ADMIN_CONFIG_MESSAGES.seasonOverlap(clash.year));
    const [saved] = await tx
      .insert(seasons)
      .values(input)
      .onConflictDoUpdate({ target: seasons.year, set: { ...input } })
      .returning();
    return saved;
  });
  if (!row) throw new Error('season not stored');
  return row;
}

/** The limits per holder of one country and season, as stored with its pricing. */
export interface HolderLimitsView {
  country: string;
  seasonYear: number;
  maxPolicies: number;
  maxCoverageCents: number;
}

/** Every country and season with a pricing of its own, newest season first, with its limits or the decision's figures. */
export function listHolderLimits(app: FastifyInstance): Promise<HolderLimitsView[]> {
  return app.db
    .select({
      country: countryPricing.country,
      seasonYear: countryPricing.seasonYear,
      maxPolicies: sql<number>`coalesce(${holderLimits.maxPolicies}, ${HOLDER_LIMIT_DEFAULTS.maxPolicies}::int)`,
      maxCoverageCents: sql<number>`coalesce(${holderLimits.maxCoverageCents}, ${HOLDER_LIMIT_DEFAULTS.maxCoverageCents}::int)`,
    })
    .from(countryPricing)
    .leftJoin(holderLimits, and(eq(holderLimits.country, countryPricing.country), eq(holderLimits.seasonYear, countryPricing.seasonYear)))
    .orderBy(desc(countryPricing.seasonYear), asc(countryPricing.country));
}

/** Sets the limits per holder of a country and season; refused when it has no pricing of its own. */
export async function saveHolderLimits(app: FastifyInstance, input: HolderLimitsInput): Promise<HolderLimitsView> {
  return app.catalogue.edit(async (tx) => {
    const values = { maxPolicies: input.maxPolicies, maxCoverageCents: input.maxCoverage, updatedAt: app.clock() };
    const [pricing] = await tx
      .select({ country: countryPricing.country })
      .from(countryPricing)
      .where(and(eq(countryPricing.country, input.country), eq(countryPricing.seasonYear, input.seasonYear)));
    if (!pricing) throw userInputError(ADMIN_CONFIG_MESSAGES.pricingNotFound(COUNTRIES[input.country].name, input.seasonYear));
    const [saved] = await tx
      .insert(holderLimits)
      .values({ country: input.country, seasonYear: input.seasonYear, ...values })
      .onConflictDoUpdate({ target: [holderLimits.country, holderLimits.seasonYear], set: values })
      .returning({ country: holderLimits.country, seasonYear: holderLimits.seasonYear, maxPolicies: holderLimits.maxPolicies, maxCoverageCents: holderLimits.maxCoverageCents });
    if (!saved) throw new Error('limits not stored');
    return saved;
  });
}
