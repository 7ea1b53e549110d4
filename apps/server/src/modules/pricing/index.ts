import fp from 'fastify-plugin';
import { OfferCache } from './offer-cache';
import { PricingConfigCache } from './pricing-config-cache';

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
