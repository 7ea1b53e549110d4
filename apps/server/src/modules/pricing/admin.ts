import { ADMIN_CONFIG_MESSAGES, localIsoDate, localMidnightMs, overlappingSeason, type IsoDate, type OfferInput, type SeasonInput } from '@fhp/domain';
import { randomBytes } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offers, seasons } from '../../db/schema';
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
