import fp from 'fastify-plugin';
import { OfferCache } from './offer-cache';

declare module 'fastify' {
  interface FastifyInstance {
    offers: OfferCache;
  }
}

/** Per-app pricing state; fastify-plugin so the decoration is visible to every route and resolver. */
export const pricingPlugin = fp(
  async (app) => {
    app.decorate('offers', new OfferCache(app.db));
  },
  { name: 'pricing' },
);
