import fp from 'fastify-plugin';
import { OfferCache } from './offer-cache';
import { PricingConfigCache } from './pricing-config-cache';
export type { OfferCache } from './offer-cache';
export { PricingConfigCache } from './pricing-config-cache';
export { purchaseWindowOpenAt } from './purchase-window';
export { findCurrentSeason, listSeasons, type SeasonRow } from './repository';
export { priceQuote } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    offers: OfferCache;
    /** The stored pricing (rates, charges, currency per country and season); edit paths call `invalidate()`. */
    pricingConfig: PricingConfigCache;
  }
}

/** Per-app pricing state; fastify-plugin so the decoration is visible to every route and resolver. */
export const pricingPlugin = fp(
  async (app) => {
    app.decorate('offers', new OfferCache(app.db, undefined, app.monotonicNow));
    app.decorate('pricingConfig', new PricingConfigCache(app.db, undefined, app.monotonicNow));
  },
  { name: 'pricing' },
);
