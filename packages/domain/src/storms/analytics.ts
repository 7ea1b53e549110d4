import type { CountryCode } from '../countries';
import { DomainError } from '../errors';
import { localIsoDate } from '../local-time';
import { CYCLONE_CLASS_LABELS, type CycloneClass, type OptionId } from '../options';
import { addDays, dayNumber } from '../policy/dates';
import type { IsoDate } from '../season';
import { higherClass, TRIGGERING_STATUSES, triggeringClass } from './classes';
import { BOX_2_METRES, samplePayoutPercent } from './contract';
import { STORM_ERROR_CODES } from './errors';
import { islandDistanceMetres } from './geometry';
import type { Storm, StormStatus } from './hurdat2';
import { forEachSample, type TrackSample } from './track';

/**
 * Weather analytics (the Tropical Cyclone Tracker; product decisions, "Weather analytics"): what
 * the track data says about one island, by local day (America/Port_of_Spain). Everything is
 * computed from the same samples as the contract, so the calendar never disagrees with a payout.
 */

/** Systems within this distance of the outline show on the tracker and feed the wind chart and alerts. */
export const NEARBY_METRES = 300_000;

export const STORM_STATUS_LABELS: Readonly<Record<StormStatus, string>> = Object.freeze({
  TD: 'Tropical Depression',
  TS: 'Tropical Storm',
  HU: 'Hurricane',
  EX: 'Extratropical System',
  SD: 'Subtropical Depression',
  SS: 'Subtropical Storm',
  LO: 'Low',
  WV: 'Tropical Wave',
  DB: 'Disturbance',
});

/**
 * Winds are shown in whole knots rounded down, so a shown number always agrees with its class
 * (63.6 kt is a tropical storm and shows as 63, never 64).
 */
export function wholeKnots(windKt: number | null): number | null {
  return windKt === null ? null : Math.floor(windKt);
}

export interface NearbySample extends TrackSample {
  distanceMetres: number;
  /** The class it counts for under the contract (TS or HU status and at least 34 kt), else null. */
  cycloneClass: CycloneClass | null;
}

const nearbyCache = new WeakMap<Storm, Partial<Record<CountryCode, NearbySample[]>>>();

/**
 * The storm's samples within 300 km of the island, with their distances, in time order. Cached per
 * storm object and island: the calendar, the table, the chart and the alerts all read the same pass.
 */
export function nearbySamples(storm: Storm, country: CountryCode): NearbySample[] {
  let byCountry = nearbyCache.get(storm);
  if (!byCountry) {
    byCountry = {};
    nearbyCache.set(storm, byCountry);
  }
  const cached = byCountry[country];
  if (cached) return cached;
  const samples: NearbySample[] = [];
  forEachSample(storm, (sample) => {
    const distanceMetres = islandDistanceMetres(country, sample.lat, sample.lon, NEARBY_METRES);
    if (distanceMetres <= NEARBY_METRES) samples.push({ ...sample, distanceMetres, cycloneClass: triggeringClass(sample.status, sample.windKt) });
  });
  byCountry[country] = samples;
  return samples;
}

/** "Tropical Storm", "Category 3", or the status ("Tropical Depression") when the sample has no class. */
export function categoryLabel(sample: Pick<NearbySample, 'cycloneClass' | 'status'>): string {
  return sample.cycloneClass ? CYCLONE_CLASS_LABELS[sample.cycloneClass] : STORM_STATUS_LABELS[sample.status];
}

export type CycloneEventKind = 'ELIGIBLE_FOR_PAYOUT' | 'TROPICAL_CYCLONE_OCCURRED' | 'SYSTEM_NEARBY';

/** Strongest first: a storm's day shows the strongest kind it reached. */
export const CYCLONE_EVENT_KINDS: readonly CycloneEventKind[] = ['ELIGIBLE_FOR_PAYOUT', 'TROPICAL_CYCLONE_OCCURRED', 'SYSTEM_NEARBY'];

/** The spec's event names (part 2, Weather analytics); the third kind is ours. */
export const CYCLONE_EVENT_TITLES: Readonly<Record<CycloneEventKind, string>> = Object.freeze({
  ELIGIBLE_FOR_PAYOUT: 'Eligible For Payout',
  TROPICAL_CYCLONE_OCCURRED: 'Tropical Cyclone Occurred',
  SYSTEM_NEARBY: 'Weather System Nearby',
});

/** The spec's event colours: Tropical Cyclone Occurred red, Eligible For Payout green, any other orange. */
export const CYCLONE_EVENT_COLOURS: Readonly<Record<CycloneEventKind, 'green' | 'red' | 'orange'>> = Object.freeze({
  ELIGIBLE_FOR_PAYOUT: 'green',
  TROPICAL_CYCLONE_OCCURRED: 'red',
  SYSTEM_NEARBY: 'orange',
});

export interface CycloneEvent {
  /** Local day, YYYY-MM-DD. */
  date: IsoDate;
  kind: CycloneEventKind;
  title: string;
  stormId: string;
  name: string;
  /** UTC instant of the day's strongest sample of this kind (the first, on a tie). */
  time: string;
  /** That sample's maximum sustained wind, whole knots (`wholeKnots`); null when the record has none. */
  windKt: number | null;
  category: CycloneClass | null;
  categoryLabel: string;
  /** The closest the storm came to the outline that day, metres. */
  closestMetres: number;
}

export interface DayRange {
  /** First local day included, YYYY-MM-DD. */
  from?: IsoDate;
  /** Last local day included. */
  to?: IsoDate;
}

function kindOf(sample: NearbySample, option: OptionId): CycloneEventKind {
  if (sample.cycloneClass !== null && samplePayoutPercent(option, sample.cycloneClass, sample.distanceMetres) > 0) return 'ELIGIBLE_FOR_PAYOUT';
  if (sample.cycloneClass !== null && sample.distanceMetres <= BOX_2_METRES) return 'TROPICAL_CYCLONE_OCCURRED';
  return 'SYSTEM_NEARBY';
}

const strongerWind = (a: NearbySample, b: NearbySample) => (b.windKt ?? -1) > (a.windKt ?? -1);
const kindRank = (kind: CycloneEventKind) => CYCLONE_EVENT_KINDS.indexOf(kind);

function inRange(date: IsoDate, range: DayRange): boolean {
  return (range.from === undefined || date >= range.from) && (range.to === undefined || date <= range.to);
}

/**
 * Calendar events of a policy's island: one per storm and local day, of the strongest kind the
 * storm reached that day. "Eligible For Payout": a sample that pays under the policy's option (its
 * class in box 1, or Cat 4/5 in box 2). "Tropical Cyclone Occurred": a tropical storm or hurricane
 * sample (TS/HU status, 34 kt or more) in box 2. "Weather System Nearby": any other sample within
 * 300 km. Sorted by day, strongest kind first, then storm id.
 */
export function calendarEvents(storms: readonly Storm[], country: CountryCode, option: OptionId, range: DayRange = {}): CycloneEvent[] {
  const events: CycloneEvent[] = [];
  for (const storm of storms) {
    const days = new Map<IsoDate, { kind: CycloneEventKind; sample: NearbySample; closest: number }>();
    for (const sample of nearbySamples(storm, country)) {
      const date = localIsoDate(sample.timeMs);
      if (!inRange(date, range)) continue;
      const kind = kindOf(sample, option);
      const day = days.get(date);
      if (!day) {
        days.set(date, { kind, sample, closest: sample.distanceMetres });
        continue;
      }
      day.closest = Math.min(day.closest, sample.distanceMetres);
      if (kindRank(kind) < kindRank(day.kind) || (kind === day.kind && strongerWind(day.sample, sample))) {
        day.kind = kind;
        day.sample = sample;
      }
    }
    for (const [date, { kind, sample, closest }] of days) {
      events.push({
        date,
        kind,
        title: CYCLONE_EVENT_TITLES[kind],
        stormId: storm.id,
        name: storm.name,
        time: new Date(sample.timeMs).toISOString(),
        windKt: wholeKnots(sample.windKt),
        category: sample.cycloneClass,
        categoryLabel: categoryLabel(sample),
        closestMetres: closest,
      });
    }
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || kindRank(a.kind) - kindRank(b.kind) || a.stormId.localeCompare(b.stormId));
}

export interface CycloneTableRow {
  /** Local day, YYYY-MM-DD (the spec's analytics date format). */
  date: IsoDate;
  /** UTC instant of the observation the row reports: when the storm had that wind near the island. */
  cycloneDate: string;
  windspeedKt: number | null;
  category: string;
  kind: CycloneEventKind;
  title: string;
  stormId: string;
  name: string;
}

/** The tracker's table: one row per calendar event (the server adds the proof-ledger id). */
export function cycloneTableRows(events: readonly CycloneEvent[]): CycloneTableRow[] {
  return events.map((event) => ({
    date: event.date,
    cycloneDate: event.time,
    windspeedKt: event.windKt,
    category: event.categoryLabel,
    kind: event.kind,
    title: event.title,
    stormId: event.stormId,
    name: event.name,
  }));
}

export type WindPeriod = 'day' | 'week' | 'month' | 'year';
export const WIND_PERIODS: readonly WindPeriod[] = ['day', 'week', 'month', 'year'];
export const DEFAULT_WIND_PERIOD: WindPeriod = 'week';
/** A chart has no use for more points than this; a longer range is refused rather than built. */
export const MAX_WIND_BUCKETS = 5_000;

export interface WindBucket {
  /** First local day of the bucket: the day, the Monday of the week, the 1st of the month or of January. */
  start: IsoDate;
  /** Strongest and weakest maximum sustained wind among samples within 300 km, whole knots (`wholeKnots`); null when none. */
  maxKt: number | null;
  minKt: number | null;
}

/** The first day of the period holding `date` (weeks start on Monday, ISO 8601). */
export function bucketStart(date: IsoDate, period: WindPeriod): IsoDate {
  switch (period) {
    case 'day':
      return date;
    case 'week':
      // 1970-01-01 was a Thursday: day number + 3 counts from a Monday.
      return addDays(date, -((((dayNumber(date) + 3) % 7) + 7) % 7));
    case 'month':
      return `${date.slice(0, 7)}-01`;
    case 'year':
      return `${date.slice(0, 4)}-01-01`;
  }
}

function nextBucket(start: IsoDate, period: WindPeriod): IsoDate {
  switch (period) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'month': {
      const [year, month] = start.split('-').map(Number) as [number, number];
      return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    }
    case 'year':
      return `${Number(start.slice(0, 4)) + 1}-01-01`;
  }
}

/**
 * The wind chart: per bucket, the maximum and minimum sustained wind of every system within 300 km
 * of the island. With both `from` and `to`, every bucket of the range is returned (empty ones with
 * nulls) so the chart's axis is continuous; otherwise only buckets with data.
 */
export function windSeries(storms: readonly Storm[], country: CountryCode, options: DayRange & { period?: WindPeriod } = {}): WindBucket[] {
  const period = options.period ?? DEFAULT_WIND_PERIOD;
  const buckets = new Map<IsoDate, { max: number; min: number }>();
  for (const storm of storms) {
    for (const sample of nearbySamples(storm, country)) {
      if (sample.windKt === null) continue;
      const date = localIsoDate(sample.timeMs);
      if (!inRange(date, options)) continue;
      const start = bucketStart(date, period);
      const bucket = buckets.get(start);
      if (bucket) {
        bucket.max = Math.max(bucket.max, sample.windKt);
        bucket.min = Math.min(bucket.min, sample.windKt);
      } else {
        buckets.set(start, { max: sample.windKt, min: sample.windKt });
      }
    }
  }
  const toBucket = (start: IsoDate): WindBucket => {
    const bucket = buckets.get(start);
    return { start, maxKt: bucket ? wholeKnots(bucket.max) : null, minKt: bucket ? wholeKnots(bucket.min) : null };
  };
  if (options.from === undefined || options.to === undefined) {
    return [...buckets.keys()].sort().map(toBucket);
  }
  const series: WindBucket[] = [];
  for (let start = bucketStart(options.from, period); start <= options.to; start = nextBucket(start, period)) {
    if (series.length === MAX_WIND_BUCKETS) {
      throw new DomainError(STORM_ERROR_CODES.WIND_RANGE_TOO_LONG, `Choose a shorter range: the wind chart shows at most ${MAX_WIND_BUCKETS} ${period}s`);
    }
    series.push(toBucket(start));
  }
  return series;
}

export interface ClosestApproach {
  stormId: string;
  name: string;
  country: CountryCode;
  distanceMetres: number;
  /** UTC instant of the closest sample (the first, on a tie). */
  time: string;
  lat: number;
  lon: number;
  windKt: number | null;
  status: StormStatus;
  category: CycloneClass | null;
  categoryLabel: string;
}

/** Where a storm came closest to the island, for storm alerts; null when it never came within 300 km. */
export function closestApproach(storm: Storm, country: CountryCode): ClosestApproach | null {
  let closest: NearbySample | null = null;
  for (const sample of nearbySamples(storm, country)) {
    if (closest === null || sample.distanceMetres < closest.distanceMetres) closest = sample;
  }
  if (closest === null) return null;
  return {
    stormId: storm.id,
    name: storm.name,
    country,
    distanceMetres: closest.distanceMetres,
    time: new Date(closest.timeMs).toISOString(),
    lat: closest.lat,
    lon: closest.lon,
    windKt: wholeKnots(closest.windKt),
    status: closest.status,
    category: closest.cycloneClass,
    categoryLabel: categoryLabel(closest),
  };
}

/**
 * What a storm alert says (issue 10 item 6): the closest a tropical system (status TS or HU, the
 * statuses that can trigger) came to the island within 300 km, counting only samples inside the
 * window (a season's cover term), with the strongest class it had within 300 km in that window.
 * Null when no tropical sample came that close: depressions, waves and lows alert nobody.
 */
export interface AlertApproach {
  distanceMetres: number;
  /** UTC instant of the closest tropical sample (the first, on a tie). */
  time: string;
  windKt: number | null;
  categoryLabel: string;
  /** The strongest class among the tropical samples within 300 km, null when none reached 34 kt. */
  strongest: CycloneClass | null;
}

export function alertApproach(storm: Storm, country: CountryCode, window: { fromMs?: number; toMs?: number } = {}): AlertApproach | null {
  const fromMs = window.fromMs ?? -Infinity;
  const toMs = window.toMs ?? Infinity;
  let closest: NearbySample | null = null;
  let strongest: CycloneClass | null = null;
  for (const sample of nearbySamples(storm, country)) {
    if (sample.timeMs < fromMs || sample.timeMs >= toMs || !TRIGGERING_STATUSES.includes(sample.status)) continue;
    strongest = higherClass(strongest, sample.cycloneClass);
    if (closest === null || sample.distanceMetres < closest.distanceMetres) closest = sample;
  }
  if (closest === null) return null;
  return {
    distanceMetres: closest.distanceMetres,
    time: new Date(closest.timeMs).toISOString(),
    windKt: wholeKnots(closest.windKt),
    categoryLabel: categoryLabel(closest),
    strongest,
  };
}

/** The strongest class a storm reached within 300 km of the island, for an alert's headline. */
export function strongestNearbyClass(storm: Storm, country: CountryCode): CycloneClass | null {
  return nearbySamples(storm, country).reduce<CycloneClass | null>((strongest, sample) => higherClass(strongest, sample.cycloneClass), null);
}
