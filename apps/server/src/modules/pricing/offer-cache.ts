import type { Db } from '../../db/client';
import { listActiveOffers, type OfferRow } from './repository';

/** How stale an offer may be on one instance after an edit elsewhere. */
export const OFFER_CACHE_TTL_MS = 10_000;

/**
 * Offers are configuration read on every quote; one PGlite query costs more than the whole
 * quote. This keeps the active offers per process for a few seconds. Validity dates are checked
 * against the clock at read time, so an offer starts and ends on time; only edits wait for the TTL
 * (or `invalidate()`, which the admin edit path will call).
 */
export class OfferCache {
  private offers: OfferRow[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<OfferRow[]> | undefined;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = OFFER_CACHE_TTL_MS,
    private readonly monotonicNow: () => number = () => performance.now(),
  ) {}

  /** The offer that applies to `country` at `now`; the most recently started one wins. */
  async applicable(country: string, now: Date): Promise<OfferRow | undefined> {
    const offers = await this.load();
    const time = now.getTime();
    return offers
      .filter((o) => o.country === country && o.validFrom.getTime() <= time && (o.validTo === null || o.validTo.getTime() >= time))
      .sort((a, b) => b.validFrom.getTime() - a.validFrom.getTime() || (a.id < b.id ? 1 : -1))[0];
  }

  invalidate(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  private async load(): Promise<OfferRow[]> {
    if (this.monotonicNow() - this.loadedAt < this.ttlMs) return this.offers;
    // One query however many requests arrive while it runs.
    this.loading ??= listActiveOffers(this.db)
      .then((offers) => {
        this.offers = offers;
        this.loadedAt = this.monotonicNow();
        return offers;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
