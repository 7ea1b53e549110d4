import { checkOfferInputSchema, quoteInputSchema, toCents } from '@fhp/domain';
import type { Db } from '../../db/client';
import { parseInput } from '../../graphql/errors';
import type { OfferCache } from './offer-cache';
import { QuoteViewCache, type QuoteView } from './quote-view';
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

/** Quotes are a pure function of their input: one memo per process serves every app instance. */
const quotes = new QuoteViewCache();

/**
 * All six options for a country and coverage, with the country's current offer applied, as the
 * API shows them. Every pricing rule lives in the domain; this only supplies the offer from the
 * database (checked per request, so an offer starts and ends on time) and memoises the result.
 */
export async function quote(offers: OfferCache, input: unknown, now: Date): Promise<QuoteView> {
  const { country, coverage } = parseInput(quoteInputSchema, input);
  const offer = await offers.applicable(country, now);
  return quotes.quote({
    country,
    coverageCents: toCents(coverage),
    discountPercent: offer ? Number(offer.discountPercent) : undefined,
  });
}

export async function currentSeason(db: Db): Promise<SeasonRow> {
  const season = await findCurrentSeason(db);
  // Seeded on first start; none means a broken deployment, reported as a server fault.
  if (!season) throw new Error('no season is configured');
  return season;
}
