import type { Db } from '../../db/client';
import { CachedLoad, CONFIGURATION_CACHE_TTL_MS } from './cached-load';
import { listActiveOffers, type OfferRow } from './repository';

/**
 * The active offers per process for a few seconds (`CachedLoad`). Validity dates are checked
 * against the clock at read time, so an offer starts and ends on time; only edits wait for the TTL
 * (or `invalidate()`, which the admin edit path will call).
 */
export class OfferCache {
  private readonly offers: CachedLoad<OfferRow[]>;

  constructor(db: Db, ttlMs = CONFIGURATION_CACHE_TTL_MS, monotonicNow?: () => number) {
    this.offers = new CachedLoad(() => listActiveOffers(db), ttlMs, monotonicNow);
  }

  /** The offer that applies to `country` at `now`; the most recently started one wins. */
  async applicable(country: string, now: Date): Promise<OfferRow | undefined> {
    const offers = await this.offers.get();
    const time = now.getTime();
    return offers
      .filter((o) => o.country === country && o.validFrom.getTime() <= time && (o.validTo === null || o.validTo.getTime() >= time))
      .sort((a, b) => b.validFrom.getTime() - a.validFrom.getTime() || (a.id < b.id ? 1 : -1))[0];
  }

  invalidate(): void {
    this.offers.invalidate();
  }
}
