import { and, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offers, seasons } from '../../db/schema';

export type OfferRow = typeof offers.$inferSelect;
export type SeasonRow = typeof seasons.$inferSelect;

/** The offer that applies to a country at `now`: active and inside its validity window. */
export async function findApplicableOffer(db: Db, country: string, now: Date): Promise<OfferRow | undefined> {
  const [offer] = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.country, country),
        eq(offers.active, true),
        lte(offers.validFrom, now),
        or(isNull(offers.validTo), gte(offers.validTo, now)),
      ),
    )
    // Two overlapping offers: the most recently started one wins, deterministically.
    .orderBy(desc(offers.validFrom), desc(offers.id))
    .limit(1);
  return offer;
}

/** The season on sale (the latest open one), or the latest season when none is open. */
export async function findCurrentSeason(db: Db): Promise<SeasonRow | undefined> {
  const [season] = await db.select().from(seasons).orderBy(desc(seasons.purchaseWindowOpen), desc(seasons.year)).limit(1);
  return season;
}
