import { DomainError } from '../errors';
import { STORM_ERROR_CODES } from './errors';
import type { Storm, StormStatus, TrackPoint } from './hurdat2';

/**
 * ATCF b-deck files (issue 22 item 1): the operational best track a hurricane centre publishes while
 * a storm is active, one file per storm (`bal092004.dat`), one line per fix and wind radius:
 * `AL, 09, 2004090718,   , BEST,   0, 119N,  611W, 115,  950, HU,  34, NEQ,  ...`
 * (basin, number, YYYYMMDDHH, minutes, BEST, tau, latitude and longitude in tenths of a degree,
 * maximum wind in knots, pressure in mb (0 when unknown), the system's type, then the radius of the
 * 34, 50 or 64 kt wind and more). The lines of one fix that differ only in their radius are one fix.
 * Like the HURDAT2 parser, it refuses the whole file at the first bad line, naming it, so a feed
 * never stores part of a bad file. The storm's id comes from the file's name (`AL092004`), as the
 * centre names its files; every line must be of that basin and number.
 */

/** A b-deck of a long storm is about 100 KB; this bounds what one download can make the server parse. */
export const BDECK_MAX_BYTES = 2_000_000;

/** The file was refused; `line` (1-based) names the bad line when there is one. */
export class BdeckError extends DomainError {
  readonly line: number | null;

  constructor(line: number | null, problem: string) {
    super(STORM_ERROR_CODES.BDECK_INVALID, line === null ? problem : `Line ${line}: ${problem}`);
    this.name = 'BdeckError';
    this.line = line;
  }
}

export function isBdeckError(value: unknown): value is BdeckError {
  return value instanceof BdeckError;
}

/** The basins of the ATCF: Atlantic, eastern and central Pacific, western Pacific, north Indian, southern hemisphere, south Atlantic. */
const FILE_PATTERN = /^b(al|ep|cp|wp|io|sh|sl|ls)(\d{2})(\d{4})\.dat$/i;

/**
 * The storm id of a b-deck file from its name (`bal302026.dat` -> `AL302026`), or null when the name
 * is not a b-deck file's. A path or URL is read by its last segment.
 */
export function bdeckStormId(fileName: string): string | null {
  const last = fileName.split(/[/\\]/).pop() ?? '';
  const match = FILE_PATTERN.exec(last);
  return match ? `${match[1]!.toUpperCase()}${match[2]}${match[3]}` : null;
}

/**
 * The ATCF's system types as the contract's statuses (only TS and HU trigger). Typhoons and super
 * typhoons are hurricanes by another name; a "tropical cyclone" of unknown type is classed by its
 * wind; post-tropical, inland, dissipating and unknown systems are lows, so an unknown type never
 * pays on its own (decision 145).
 */
const TYPE_STATUS: Record<string, StormStatus | 'BY_WIND'> = {
  DB: 'DB',
  TD: 'TD',
  TS: 'TS',
  TY: 'HU',
  ST: 'HU',
  HU: 'HU',
  TC: 'BY_WIND',
  SD: 'SD',
  SS: 'SS',
  EX: 'EX',
  ET: 'EX',
  PT: 'LO',
  LO: 'LO',
  WV: 'WV',
  IN: 'LO',
  DS: 'LO',
  MD: 'LO',
  XX: 'LO',
  '': 'LO',
};

/** Names the centre gives a system before it has one. */
const PLACEHOLDER_NAMES = /^(INVEST|NONAME|GENESIS\d*|)$/;
const NAME_PATTERN = /^[A-Z0-9][A-Z0-9 -]{0,29}$/;
const DTG_PATTERN = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})?$/;
const LAT_PATTERN = /^(\d{1,3})([NS])$/;
const LON_PATTERN = /^(\d{1,4})([EW])$/;
const INTEGER_PATTERN = /^-?\d+$/;
const WIND_MAX_KT = 250;
const PRESSURE_RANGE = { min: 850, max: 1100 } as const;

function quoted(text: string): string {
  const shown = text.trim();
  return `"${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}"`;
}

function fieldsOf(line: string): string[] {
  const fields = line.split(',').map((field) => field.trim());
  if (fields.length > 1 && fields[fields.length - 1] === '') fields.pop();
  return fields;
}

function integer(text: string, what: string): number {
  if (!INTEGER_PATTERN.test(text)) throw new Error(`${what} must be a whole number, not ${quoted(text)}`);
  return Number(text);
}

/** `YYYYMMDDHH` (or `YYYYMMDDHHMM`) in UTC, with the minutes a special advisory's fix writes in the fourth field. */
function instant(dtg: string, minutes: string): number {
  const match = DTG_PATTERN.exec(dtg);
  if (!match) throw new Error(`the date and hour must be written YYYYMMDDHH, not ${quoted(dtg)}`);
  const [year, month, day, hour] = [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
  let minute = match[5] === undefined ? 0 : Number(match[5]);
  if (match[5] === undefined && minutes !== '') minute = integer(minutes, 'the minutes of the fix');
  if (hour > 23 || minute < 0 || minute > 59) throw new Error(`${dtg} ${minutes} is not a time of day`);
  const ms = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(ms);
  if (year < 1851 || back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new Error(`${dtg} is not a calendar date`);
  }
  return ms;
}

/** Tenths of a degree with a hemisphere letter (`142S` is -14.2, `1164E` is 116.4). */
function coordinate(text: string, pattern: RegExp, limit: number, what: string, negative: string): number {
  const match = pattern.exec(text);
  if (!match) throw new Error(`the ${what} must be written in tenths of a degree with its hemisphere, like ${what === 'latitude' ? '119N' : '611W'}, not ${quoted(text)}`);
  const value = Number(match[1]) / 10;
  if (value > limit) throw new Error(`the ${what} ${text} is outside the globe (at most ${limit} degrees)`);
  return match[2] === negative ? -value : value;
}

interface Fix {
  timeMs: number;
  point: TrackPoint;
  name: string | null;
  /** What every line of one fix must repeat (its radius fields may differ). */
  canonical: string;
  line: number;
}

function parseLine(line: string, lineNo: number, basin: string, number: string): Fix {
  const fields = fieldsOf(line);
  if (fields.length < 11) {
    throw new BdeckError(lineNo, `a b-deck line has at least 11 comma-separated fields (basin, number, date, minutes, BEST, tau, latitude, longitude, wind, pressure, type), not ${fields.length}: ${quoted(line)}`);
  }
  const [lineBasin = '', lineNumber = '', dtg = '', minutes = '', tech = '', tau = '', lat = '', lon = '', wind = '', pressure = '', type = ''] = fields;
  try {
    if (lineBasin.toUpperCase() !== basin || lineNumber.padStart(2, '0') !== number) {
      throw new Error(`the line is of storm ${quoted(`${lineBasin}, ${lineNumber}`)}, not of the file's storm ${basin}${number}`);
    }
    if (tech !== 'BEST') throw new Error(`a b-deck holds best-track fixes (BEST), not ${quoted(tech)} (is this an a-deck of forecasts?)`);
    integer(tau, 'the forecast period (tau)');
    const timeMs = instant(dtg, minutes);
    const latitude = coordinate(lat, LAT_PATTERN, 90, 'latitude', 'S');
    const longitude = coordinate(lon, LON_PATTERN, 180, 'longitude', 'W');
    const windKt = integer(wind, 'the maximum sustained wind (knots)');
    if (windKt < 0 || windKt > WIND_MAX_KT) throw new Error(`a maximum sustained wind of ${windKt} kt is not possible (0 to ${WIND_MAX_KT} kt)`);
    const pressureMb = integer(pressure, 'the minimum pressure (mb)');
    if (pressureMb !== 0 && (pressureMb < PRESSURE_RANGE.min || pressureMb > PRESSURE_RANGE.max)) {
      throw new Error(`a minimum pressure of ${pressureMb} mb is not possible (${PRESSURE_RANGE.min} to ${PRESSURE_RANGE.max} mb, or 0 when unknown)`);
    }
    const kind = TYPE_STATUS[type.toUpperCase()];
    if (kind === undefined) throw new Error(`the system type must be one of ${Object.keys(TYPE_STATUS).filter(Boolean).join(', ')} or blank, not ${quoted(type)}`);
    const status: StormStatus = kind === 'BY_WIND' ? (windKt >= 64 ? 'HU' : windKt >= 34 ? 'TS' : 'TD') : kind;
    const point: TrackPoint = { time: new Date(timeMs).toISOString(), recordFlag: null, status, lat: latitude, lon: longitude, windKt };
    if (pressureMb !== 0) point.pressureMb = pressureMb;
    const rawName = (fields[27] ?? '').toUpperCase();
    const name = PLACEHOLDER_NAMES.test(rawName) || !NAME_PATTERN.test(rawName) ? null : rawName;
    return { timeMs, point, name, canonical: [lat, lon, wind, pressure, type.toUpperCase()].join(','), line: lineNo };
  } catch (error) {
    if (error instanceof BdeckError) throw error;
    throw new BdeckError(lineNo, (error as Error).message);
  }
}

function formatUtc(timeMs: number): string {
  return `${new Date(timeMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Tab, line feed, vertical tab, form feed and carriage return are the control characters text may hold. */
const TEXT_CONTROLS = new Set([9, 10, 11, 12, 13]);

/**
 * Parses a whole b-deck file into one storm (its id from `fileName`), or throws a `BdeckError`
 * naming the first bad line. Fixes come back in time order, one per instant: the radius lines of a
 * fix count once, two lines of one instant that disagree on position, wind, pressure or type are
 * refused. The name is the latest fix's real name (a depression has none: `UNNAMED`).
 */
export function parseBdeck(text: string, fileName: string): Storm {
  const id = bdeckStormId(fileName);
  if (!id) throw new BdeckError(null, `${quoted(fileName)} is not the name of a b-deck file (b, the basin, the storm's number and year, .dat: bal092004.dat)`);
  if (typeof text !== 'string' || text.length > BDECK_MAX_BYTES) {
    throw new BdeckError(null, `${fileName} is larger than ${BDECK_MAX_BYTES / 1_000_000} MB, more than any storm's b-deck`);
  }
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const lines = body.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    for (let c = 0; c < line.length; c++) {
      const code = line.charCodeAt(c);
      if ((code < 32 && !TEXT_CONTROLS.has(code)) || code === 0xfffd) throw new BdeckError(i + 1, `${fileName} is not a b-deck text file: the line holds binary data`);
    }
  }
  const basin = id.slice(0, 2);
  const number = id.slice(2, 4);
  const fixes: Fix[] = [];
  lines.forEach((line, index) => {
    if (line.trim() !== '') fixes.push(parseLine(line, index + 1, basin, number));
  });
  if (fixes.length === 0) throw new BdeckError(null, `${fileName} is empty: a b-deck file holds one line per fix`);

  const sorted = [...fixes].sort((a, b) => a.timeMs - b.timeMs || a.line - b.line);
  const points: TrackPoint[] = [];
  let name: string | null = null;
  for (let i = 0; i < sorted.length; i++) {
    const fix = sorted[i]!;
    const previous = sorted[i - 1];
    if (fix.name) name = fix.name;
    if (previous && previous.timeMs === fix.timeMs) {
      if (previous.canonical !== fix.canonical) {
        const [first, second] = previous.line < fix.line ? [previous, fix] : [fix, previous];
        throw new BdeckError(second.line, `storm ${id} has two different fixes for ${formatUtc(fix.timeMs)} (lines ${first.line} and ${second.line})`);
      }
      continue;
    }
    points.push(fix.point);
  }
  return { id, name: name ?? 'UNNAMED', year: Number(id.slice(4)), points };
}
