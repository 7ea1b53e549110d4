import { countryConfigFrom, type CountryCode, type CountryConfig } from '@fhp/domain';
import type { Db } from '../../db/client';
import { CachedLoad, CONFIGURATION_CACHE_TTL_MS } from './cached-load';
import { listPricing, listSeasons, seasonOnSale, type SeasonRow } from './repository';

/** A country's configuration for a season, ready to price with. */
export interface PricedCountry {
  /** The season whose stored pricing this is (the one asked for, or the latest earlier one). */
  seasonYear: number;
  config: CountryConfig;
  /**
   * Names this configuration's content: equal configurations have equal keys, loaded again or not,
   * so a memo of quotes keyed by it survives reloads and never mixes two pricings.
   */
  key: string;
}

type Entry = { seasonYear: number } & ({ priced: PricedCountry; error?: undefined } | { priced?: undefined; error: Error });

interface Snapshot {
  onSale: SeasonRow | undefined;
  /** Per country, newest season first. */
  byCountry: Map<string, Entry[]>;
}

/** Configuration content to a short key, for the life of the process (a handful of distinct pricings). */
const keys = new Map<string, string>();
function keyOf(config: CountryConfig): string {
  const content = JSON.stringify(config);
  let key = keys.get(content);
  if (key === undefined) {
    key = `pricing-${keys.size + 1}`;
    keys.set(content, key);
  }
  return key;
}

async function loadSnapshot(db: Db): Promise<Snapshot> {
  const [seasons, stored] = [await listSeasons(db), await listPricing(db)];
  const byCountry = new Map<string, Entry[]>();
  for (const { country, seasonYear, pricing } of stored) {
    let entry: Entry;
    try {
      const config = countryConfigFrom(country, pricing);
      entry = { seasonYear, priced: { seasonYear, config, key: keyOf(config) } };
    } catch (error) {
      // Kept, not skipped: a broken pricing must stop sales of its season, not fall back to an older
      // one. A plain Error, so it is logged and answered as a server fault, never shown as the
      // customer's mistake.
      entry = { seasonYear, error: new Error(`Stored pricing refused: ${error instanceof Error ? error.message : String(error)}`, { cause: error }) };
    }
    byCountry.set(country, [...(byCountry.get(country) ?? []), entry].sort((a, b) => b.seasonYear - a.seasonYear));
  }
  return { onSale: seasonOnSale(seasons), byCountry };
}

/**
 * The one reader of the stored pricing (country_pricing, option_rates, charge_tiers) and of the
 * seasons for the quote: loaded whole, checked by the domain, and kept per process like the offers
 * (`CachedLoad`, 10 s), so the hot quote path never queries the database. A season without
 * pricing of its own uses the latest earlier season's. A stored pricing the domain refuses, or none
 * at all, is a configuration fault: the quote or purchase fails as a server error and is logged.
 */
export class PricingConfigCache {
  private readonly snapshot: CachedLoad<Snapshot>;

  constructor(db: Db, ttlMs = CONFIGURATION_CACHE_TTL_MS, monotonicNow?: () => number) {
    this.snapshot = new CachedLoad(() => loadSnapshot(db), ttlMs, monotonicNow);
  }

  /** The pricing of `country` for the season `seasonYear`. */
  async forSeason(country: CountryCode, seasonYear: number): Promise<PricedCountry> {
    return pick(await this.snapshot.get(), country, seasonYear);
  }

  /** The season on sale (as `currentSeason` answers) and the pricing of `country` for it. */
  async onSale(country: CountryCode): Promise<{ season: SeasonRow; priced: PricedCountry }> {
    const snapshot = await this.snapshot.get();
    if (!snapshot.onSale) throw new Error('no season is configured');
    return { season: snapshot.onSale, priced: pick(snapshot, country, snapshot.onSale.year) };
  }

  invalidate(): void {
    this.snapshot.invalidate();
  }
}

function pick(snapshot: Snapshot, country: CountryCode, seasonYear: number): PricedCountry {
  const entry = snapshot.byCountry.get(country)?.find((candidate) => candidate.seasonYear <= seasonYear);
  if (!entry) throw new Error(`No pricing is configured for ${country} in ${seasonYear} or any earlier season`);
  if (entry.error) throw entry.error;
  return entry.priced;
}
