import { ADMIN_CONFIG_MESSAGES, localIsoDate, localMidnightMs, overlappingSeason, type IsoDate, type OfferInput, type SeasonInput } from '@fhp/domain';
import { randomBytes } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offers, seasons } from '../../db/schema';
import { userInputError } from '../../graphql/errors';
import type { OfferRow, SeasonRow } from './repository';

/**
 * Offers and seasons as administrators edit them (issue 11 item 4; decision 052). After a save the
 * instance that made it forgets its cached offers, pricing snapshot and public answers, so its next
 * quote is exact at once; other instances follow within their caches' lifetimes (README, Pricing).
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

function forgetCachedPricing(app: FastifyInstance): void {
  app.offers.invalidate();
  app.pricingConfig.invalidate();
  app.publicQueryCache.clear();
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
  let row: OfferRow | undefined;
  if (input.id === null) {
    [row] = await app.db
      .insert(offers)
      .values({ id: `${input.country}-${randomBytes(4).toString('hex')}`, ...values })
      .returning();
  } else {
    [row] = await app.db.update(offers).set(values).where(eq(offers.id, input.id)).returning();
    if (!row) throw userInputError(ADMIN_CONFIG_MESSAGES.offerNotFound);
  }
  if (!row) throw new Error('offer not stored');
  forgetCachedPricing(app);
  return toOfferView(row);
}

/** Creates or updates the season of `input.year`; refused when its cover overlaps another season's. */
export async function saveSeason(app: FastifyInstance, input: SeasonInput): Promise<SeasonRow> {
  const row = await app.db.transaction(async (tx) => {
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
  forgetCachedPricing(app);
  return row;
}
