import { isPurchaseWindowOpen, localIsoDate } from '@fhp/domain';
import type { SeasonRow } from './repository';

/**
 * The one purchase-window rule of the server: the season is on sale and today's local date (the
 * display time zone, from the injected clock) is not past its payment deadline. PurchasePolicy
 * refuses and `currentSeason.purchaseWindowOpen` answers with it, so the two never disagree.
 */
export function purchaseWindowOpenAt(season: SeasonRow, now: Date): boolean {
  return isPurchaseWindowOpen(season, localIsoDate(now));
}
