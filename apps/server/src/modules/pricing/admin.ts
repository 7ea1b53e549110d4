import {
  ADMIN_CONFIG_MESSAGES,
  COUNTRIES,
  HOLDER_LIMIT_DEFAULTS,
  localIsoDate,
  localMidnightMs,
  overlappingSeason,
  soldSeasonEditRefusal,
  type HolderLimitsInput,
  type IsoDate,
  type OfferInput,
  type SeasonInput,
} from '@fhp/domain';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { countryPricing, holderLimits, offers, policies, seasons } from '../../db/schema';
import { userInputError } from '../../graphql/errors';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES } from '../audit';
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

/**
 * Season and offer edits are in the transaction log (product-decisions "Duties"): the administrator
 * is owner and performer of the entry, and the payload has the values before (null for a new one)
 * and after, so a change to what customers pay or are covered for can be traced to who made it.
 */
async function logCatalogueEdit(tx: Db, actorId: string, action: string, txnSetId: string, before: object | null, after: object, at: Date): Promise<void> {
  await appendTransaction(tx, {
    ownerId: actorId,
    performedBy: actorId,
    type: TXN_TYPES.CATALOGUE_EDIT,
    action,
    payload: { before, after },
    txnSetId,
    location: TXN_LOCATIONS.backOffice,
    at,
  });
}

/** An offer as the log records it: the stored values, times as ISO strings. */
function offerValues(row: OfferRow) {
  return {
    id: row.id,
    country: row.country,
    discountPercent: row.discountPercent,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo?.toISOString() ?? null,
    message: row.message,
    logo: row.logo,
    canPurchase: row.canPurchase,
    active: row.active,
  };
}

export async function saveOffer(app: FastifyInstance, input: OfferInput, actorId: string): Promise<AdminOfferView> {
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
    let before: OfferRow | undefined;
    if (input.id === null) {
      [saved] = await tx
        .insert(offers)
        .values({ id: `${input.country}-${randomBytes(4).toString('hex')}`, ...values })
        .returning();
    } else {
      [before] = await tx.select().from(offers).where(eq(offers.id, input.id)).for('update');
      if (!before) throw userInputError(ADMIN_CONFIG_MESSAGES.offerNotFound);
      [saved] = await tx.update(offers).set(values).where(eq(offers.id, input.id)).returning();
    }
    if (!saved) throw new Error('offer not stored');
    await logCatalogueEdit(tx, actorId, before ? 'Offer changed' : 'Offer created', `offer:${saved.id}`, before ? offerValues(before) : null, offerValues(saved), app.clock());
    return saved;
  });
  return toOfferView(row);
}

/**
 * Creates or updates the season of `input.year`; refused when its cover overlaps another season's,
 * or when it would move the cover dates or the deadline of a season with issued policies.
 */
export async function saveSeason(app: FastifyInstance, input: SeasonInput, actorId: string): Promise<SeasonRow> {
  const row = await app.catalogue.edit(async (tx) => {
    // Two admins saving overlapping seasons at once: the second waits, then sees the first.
    await tx.execute(`lock table seasons in share row exclusive mode`);
    const others = await tx.select().from(seasons);
    const clash = overlappingSeason(input, others);
    if (clash) throw userInputError(ADMIN_CONFIG_MESSAGES.seasonOverlap(clash.year));
    // The row is locked before the count: a payment reads its season FOR SHARE, so one issuing a
    // policy now either commits first (and is counted) or waits and sees the saved dates.
    const [before] = await tx.select().from(seasons).where(eq(seasons.year, input.year)).for('update');
    if (before) {
      const issued = await tx.$count(policies, and(eq(policies.seasonYear, input.year), eq(policies.type, 'ACTUAL')));
      const refusal = soldSeasonEditRefusal(before, input, issued);
      if (refusal) throw userInputError(refusal);
    }
    const [saved] = await tx
      .insert(seasons)
      .values(input)
      .onConflictDoUpdate({ target: seasons.year, set: { ...input } })
      .returning();
    if (saved) await logCatalogueEdit(tx, actorId, before ? 'Season changed' : 'Season created', `season:${saved.year}`, before ?? null, saved, app.clock());
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
