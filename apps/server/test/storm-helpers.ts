import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { classFromWind, OPTION_IDS, seasonForYear, type CountryCode, type OptionId, type PolicyStatus, type StormStatus } from '@fhp/domain';
import { hurdat2Text } from '../../../packages/domain/src/storms/testing';
import type { Db } from '../src/db/client';
import { policies, seasons } from '../src/db/schema';

/** The project's HURDAT2 records (read by tests and benches only; the server has its own path). */
export function shippedHurdat2(file: 'sample.txt' | 'caribbean-1950-2023.txt'): string {
  return readFileSync(fileURLToPath(new URL(`../../../packages/domain/datasets/hurdat2/${file}`, import.meta.url)), 'utf8');
}

/** One storm's header and lines from a HURDAT2 text; `points` keeps only the first n lines (the header says n). */
export function stormBlock(text: string, id: string, points?: number): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`${id},`));
  if (start < 0) throw new Error(`No storm ${id}`);
  const [, name, count] = lines[start]!.split(',').map((part) => part.trim());
  const keep = points ?? Number(count);
  const header = `${id}, ${name!.padStart(18)}, ${String(keep).padStart(6)},`;
  return [header, ...lines.slice(start + 1, start + 1 + keep)].join('\n') + '\n';
}

export async function ensureSeason(db: Db, year: number): Promise<void> {
  await db.insert(seasons).values(seasonForYear(year)).onConflictDoNothing();
}

export interface InForceFixture {
  count: number;
  country: CountryCode;
  seasonYear: number;
  owners: readonly string[];
  status?: PolicyStatus;
  /** Policy number prefix, unique per batch. */
  prefix: string;
  /** Options cycle T, 1, .., 5 unless one is given. */
  optionId?: OptionId;
  /** When full payment issued it (default March 1 of the season's year); null: never issued (provisional). */
  issuedAt?: string | null;
}

/** Coverage of the i-th fixture policy: varied cents so rounding is exercised (EC$1,300 to about EC$270,000). */
export function fixtureCoverageCents(i: number): number {
  return 130_000 + ((i * 2_654_435) % 26_870_000);
}

const CHUNK = 1_000;

/** In-force policies written straight to the table (a fixture: the purchase flow is tested elsewhere). */
export async function insertPolicies(db: Db, fixture: InForceFixture): Promise<void> {
  const at = new Date(`${fixture.seasonYear}-03-01T16:00:00Z`);
  const issuedAt = fixture.issuedAt === undefined ? at : fixture.issuedAt === null ? null : new Date(fixture.issuedAt);
  for (let start = 0; start < fixture.count; start += CHUNK) {
    const rows: (typeof policies.$inferInsert)[] = [];
    for (let i = start; i < Math.min(fixture.count, start + CHUNK); i += 1) {
      const coverageCents = fixtureCoverageCents(i);
      rows.push({
        policyNumber: `${fixture.prefix}-${String(i).padStart(6, '0')}`,
        ownerId: fixture.owners[i % fixture.owners.length]!,
        type: issuedAt ? 'ACTUAL' : 'PROVISIONAL',
        status: fixture.status ?? 'EVENT_MONITORING',
        country: fixture.country,
        optionId: fixture.optionId ?? OPTION_IDS[i % OPTION_IDS.length]!,
        coverageCents,
        premiumCents: Math.round(coverageCents / 10),
        seasonYear: fixture.seasonYear,
        paymentPlan: 'FULL',
        paymentChannel: 'CREDIT_UNION',
        politicallyExposed: false,
        charged: { drugTrafficking: false, terrorismFinancing: false, moneyLaundering: false, fraud: false, otherCrimes: false },
        useOfProceeds: [],
        termsOfUse: [],
        idempotencyKey: randomUUID(),
        purchasedAt: at,
        createdAt: at,
        paidCents: issuedAt ? Math.round(coverageCents / 10) : 0,
        issuedAt,
      });
    }
    await db.insert(policies).values(rows);
  }
}

export interface TrackSpec {
  /** ISO 8601 UTC on a whole minute. */
  time: string;
  status: StormStatus;
  lat: number;
  lon: number;
  windKt: number;
}

/** A storm as HURDAT2 text (the domain's test writer), from points given by time. */
export function trackText(id: string, name: string, points: readonly TrackSpec[]): string {
  return hurdat2Text([{ id, name, year: Number(id.slice(4)), points: points.map((p) => ({ ...p, recordFlag: null })) }]);
}

/**
 * The engine's services with the import's clock at `iso`: a track pays its term only when it is
 * published up to 12 months after the term's end (decision 140), so a historic track is imported
 * as if in its own time.
 */
export function importedOn<T extends { clock: () => Date }>(deps: T, iso: string): T {
  return { ...deps, clock: () => new Date(iso) };
}

/** A point inside each island's outline (on HURDAT2's tenth of a degree), where a synthetic track crosses it. */
const ISLAND_CROSSINGS: Record<CountryCode, { lat: number; lon: number }> = { gd: { lat: 12.1, lon: -61.7 }, dm: { lat: 15.4, lon: -61.4 } };

/**
 * A synthetic storm (HURDAT2 text) that crosses `country` at `at` (a whole minute, UTC) with
 * `windKt` all along, moving west about 28 km/h: points 12 hours before, at, and 12 hours after the
 * crossing. Its class over the island is `classFromWind(windKt)`; it qualifies (enters box 1)
 * about an hour before `at`: `evaluateStorm` gives the exact qualifying sample.
 */
export function trackOver(id: string, name: string, country: CountryCode, at: string, windKt: number): string {
  const { lat, lon } = ISLAND_CROSSINGS[country];
  const atMs = Date.parse(at);
  const status = classFromWind(windKt) === 'TS' ? 'TS' : 'HU';
  const point = (hours: number, degrees: number): TrackSpec => ({
    time: new Date(atMs + hours * 3_600_000).toISOString().replace('.000Z', 'Z'),
    status,
    lat,
    lon: Math.round((lon + degrees) * 10) / 10,
    windKt,
  });
  return trackText(id, name, [point(-12, 3), point(0, 0), point(12, -3)]);
}
