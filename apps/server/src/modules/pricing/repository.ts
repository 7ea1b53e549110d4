import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offers, seasons } from '../../db/schema';

export type OfferRow = typeof offers.$inferSelect;
export type SeasonRow = typeof seasons.$inferSelect;

/** Every active offer, whatever its dates: the cache checks validity against the clock. */
export function listActiveOffers(db: Db): Promise<OfferRow[]> {
  return db.select().from(offers).where(eq(offers.active, true));
}

/** The season on sale (the latest open one), or the latest season when none is open. */
export async function findCurrentSeason(db: Db): Promise<SeasonRow | undefined> {
  const [season] = await db.select().from(seasons).orderBy(desc(seasons.purchaseWindowOpen), desc(seasons.year)).limit(1);
  return season;
}
