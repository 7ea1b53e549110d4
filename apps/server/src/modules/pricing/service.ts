import { checkOfferInputSchema, quoteInputSchema, toCents, type Cents } from '@fhp/domain';
import type { Db } from '../../db/client';
import { parseInput } from '../../graphql/errors';
import type { OfferCache } from './offer-cache';
import type { PricedCountry, PricingConfigCache } from './pricing-config-cache';
import { QuoteMemo, type PricedQuote, type QuoteView } from './quote-view';
import { findCurrentSeason, type OfferRow, type SeasonRow } from './repository';

export interface OfferCheck {
  applicable: boolean;
  message: string | null;
  logo: string | null;
  canPurchase: boolean;
  discountPercent: number;
}

const NO_OFFER: OfferCheck = { applicable: false, message: null, logo: null, canPurchase: true, discountPercent: 0 };

function toOfferCheck(offer: OfferRow | undefined): OfferCheck {
  if (!offer) return NO_OFFER;
  return {
    applicable: true,
    message: offer.message,
    logo: offer.logo,
    canPurchase: offer.canPurchase,
    // numeric(5,2) arrives as a string: "5.00"; two decimals are exact in a double for display.
    discountPercent: Number(offer.discountPercent),
  };
}

export async function checkOffer(offers: OfferCache, input: unknown, now: Date): Promise<OfferCheck> {
  const { countryName } = parseInput(checkOfferInputSchema, input);
  return toOfferCheck(await offers.applicable(countryName, now));
}

/** Quotes are a pure function of their input and pricing: one memo per process serves every app instance. */
const quotes = new QuoteMemo();

export interface QuoteDeps {
  offers: OfferCache;
  pricing: PricingConfigCache;
}

/**
 * The quote of every option for a coverage, priced by the premium machine with the country's
 * stored pricing and the offer that applies now. The purchase prices with this same function, so
 * the two never disagree.
 */
export function priceQuote(priced: PricedCountry, coverageCents: Cents, offer: Pick<OfferRow, 'discountPercent'> | undefined): Promise<PricedQuote> {
  const input = {
    country: priced.config.code,
    coverageCents,
    discountPercent: offer ? Number(offer.discountPercent) : undefined,
    countryConfig: priced.config,
  };
  return quotes.quote(input, priced.key);
}

/**
 * All six options for a country and coverage, as the API shows them: the season on sale's pricing
 * and the country's current offer (both from per-process caches, checked per request so an offer
 * starts and ends on time), priced by the domain.
 */
export async function quote(deps: QuoteDeps, input: unknown, now: Date): Promise<QuoteView> {
  const { country, coverage } = parseInput(quoteInputSchema, input);
  const [offer, { priced }] = await Promise.all([deps.offers.applicable(country, now), deps.pricing.onSale(country)]);
  return (await priceQuote(priced, toCents(coverage), offer)).view;
}

export async function currentSeason(db: Db): Promise<SeasonRow> {
  const season = await findCurrentSeason(db);
  // Seeded on first start; none means a broken deployment, reported as a server fault.
  if (!season) throw new Error('no season is configured');
  return season;
}
