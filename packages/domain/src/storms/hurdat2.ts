import { DomainError } from '../errors';
import { STORM_ERROR_CODES } from './errors';

/**
 * HURDAT2 best-track text (NOAA NHC, format of hurdat2-format-atl-1851-2021.pdf): a header line per
 * storm (`AL092004,               IVAN,     94,`) followed by exactly that many data lines
 * (`20040907, 1800,  , HU, 11.8N,  60.0W, 120,  956, ...`). The parser refuses the whole text at the
 * first bad line, saying which line and why, so an importer never stores part of a bad file.
 */

/**
 * The largest text an importer should hand to `parseHurdat2`, in bytes. The whole Atlantic database
 * (1851-2023, about 55 000 lines) is 6.6 MB and the project's Caribbean extract 1.1 MB; 20 MB takes
 * the Atlantic and Pacific files together with decades of growth, while bounding what one upload can
 * make the server hold (the text, then about ten times its size in parsed points while it is
 * checked). Refuse larger files before reading them; the parser refuses longer text as well.
 */
export const HURDAT2_MAX_BYTES = 20_000_000;

export const STORM_STATUSES = ['TD', 'TS', 'HU', 'EX', 'SD', 'SS', 'LO', 'WV', 'DB'] as const;
/** TD tropical depression, TS tropical storm, HU hurricane, EX extratropical, SD/SS subtropical, LO low, WV wave, DB disturbance. */
export type StormStatus = (typeof STORM_STATUSES)[number];

export const RECORD_FLAGS = ['C', 'G', 'I', 'L', 'P', 'R', 'S', 'T', 'W'] as const;
/** L landfall, W maximum wind, P minimum pressure, I intensity peak, C closest approach, S status change, G genesis, T extra detail, R rapid changes. */
export type RecordFlag = (typeof RECORD_FLAGS)[number];

export interface TrackPoint {
  /** UTC instant, ISO 8601 (`2004-09-07T18:00:00.000Z`). */
  time: string;
  recordFlag: RecordFlag | null;
  status: StormStatus;
  /** Degrees, north positive. */
  lat: number;
  /** Degrees, east positive (61.1W is -61.1). */
  lon: number;
  /** Maximum sustained wind in knots; null where the record says it is missing (-99 or -999). */
  windKt: number | null;
  /** Minimum central pressure in millibars, when recorded. */
  pressureMb?: number;
}

export interface Storm {
  /** Basin, number and year: `AL092004`. */
  id: string;
  name: string;
  year: number;
  /** In time order, one per instant. */
  points: TrackPoint[];
}

/** The file was refused; `line` is 1-based and the message names it, in words an administrator can act on. */
export class Hurdat2Error extends DomainError {
  readonly line: number;

  constructor(line: number, problem: string) {
    super(STORM_ERROR_CODES.HURDAT2_INVALID, `Line ${line}: ${problem}`);
    this.name = 'Hurdat2Error';
    this.line = line;
  }
}

export function isHurdat2Error(value: unknown): value is Hurdat2Error {
  return value instanceof Hurdat2Error;
}

const HEADER_EXAMPLE = '"AL092004, IVAN, 94,"';
const ID_PATTERN = /^(AL|EP|CP)(\d{2})(\d{4})$/;
/** Whether a text is a HURDAT2 storm id (basin AL, EP or CP, number, year: AL092004); addresses and queries check ids with it before looking one up. */
export function isStormId(value: string): boolean {
  return ID_PATTERN.test(value);
}
const NAME_PATTERN = /^[A-Z0-9][A-Z0-9 -]{0,29}$/;
const COUNT_PATTERN = /^\d{1,4}$/;
const DATE_PATTERN = /^(\d{4})(\d{2})(\d{2})$/;
const TIME_PATTERN = /^(\d{2})(\d{2})$/;
const LAT_PATTERN = /^(\d{1,2}(?:\.\d+)?)([NS])$/;
const LON_PATTERN = /^(\d{1,3}(?:\.\d+)?)([EW])$/;
const INTEGER_PATTERN = /^-?\d+$/;
/** Both spellings of "missing" occur in the published file (-99 for a few winds, -999 elsewhere). */
const MISSING = new Set([-99, -999]);
/** Well above the strongest wind any best track holds (185 kt), so only slipped digits are refused. */
export const MAX_WIND_KT = 250;
/** Around the lowest pressure ever measured in a tropical cyclone (870 mb) and the highest at sea level. */
const PRESSURE_RANGE = { min: 850, max: 1100 } as const;
/** Fields of a data line: 20 in releases up to 2021, 21 since the radius of maximum wind was added. */
const DATA_FIELD_COUNTS = new Set([20, 21]);

/** Splits on commas, trims, and drops the one empty field after the trailing comma the format writes. */
function fieldsOf(line: string): string[] {
  const fields = line.split(',').map((field) => field.trim());
  if (fields.length > 1 && fields[fields.length - 1] === '') fields.pop();
  return fields;
}

function quoted(line: string): string {
  const shown = line.trim();
  return `"${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}"`;
}

/** A data line starts with a date; anything else that looks like `XX######` is meant as a header. */
function looksLikeDataLine(fields: string[]): boolean {
  return fields.length >= 4 && /^\d{8}$/.test(fields[0] ?? '');
}

interface Header {
  id: string;
  name: string;
  year: number;
  count: number;
  line: number;
}

function parseHeader(line: string, lineNo: number): Header {
  const fields = fieldsOf(line);
  if (looksLikeDataLine(fields)) {
    throw new Hurdat2Error(lineNo, `expected a storm header such as ${HEADER_EXAMPLE} but found a track point`);
  }
  const [id = '', name = '', count = ''] = fields;
  const idMatch = ID_PATTERN.exec(id);
  if (fields.length !== 3 || !idMatch) {
    throw new Hurdat2Error(lineNo, `expected a storm header such as ${HEADER_EXAMPLE} but found ${quoted(line)}`);
  }
  if (!NAME_PATTERN.test(name)) {
    throw new Hurdat2Error(lineNo, `storm ${id} has no readable name (capital letters, digits, spaces or hyphens): ${quoted(name)}`);
  }
  const points = Number(count);
  if (!COUNT_PATTERN.test(count) || points < 1) {
    throw new Hurdat2Error(lineNo, `storm ${id} must announce its number of track points (a whole number from 1), not ${quoted(count)}`);
  }
  return { id, name, year: Number(idMatch[3]), count: points, line: lineNo };
}

function parseCoordinate(text: string, pattern: RegExp, limit: number, what: string, negative: string): number {
  const match = pattern.exec(text);
  if (!match) throw new Error(`${what} must be written like ${what === 'latitude' ? '11.2N' : '61.1W'}, not ${quoted(text)}`);
  const value = Number(match[1]);
  if (value > limit) throw new Error(`${what} ${text} is outside the globe (at most ${limit} degrees)`);
  return match[2] === negative ? -value : value;
}

function parseInteger(text: string, what: string): number {
  if (!INTEGER_PATTERN.test(text)) throw new Error(`${what} must be a whole number, not ${quoted(text)}`);
  return Number(text);
}

/** `YYYYMMDD` and `HHMM` in UTC as epoch milliseconds, refusing dates that do not exist. */
function parseInstant(date: string, time: string): number {
  const d = DATE_PATTERN.exec(date);
  const t = TIME_PATTERN.exec(time);
  if (!d) throw new Error(`the date must be written YYYYMMDD, not ${quoted(date)}`);
  if (!t) throw new Error(`the time must be written HHMM (UTC), not ${quoted(time)}`);
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (hour > 23 || minute > 59) throw new Error(`${time} is not a time of day`);
  const ms = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(ms);
  if (year < 1851 || back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new Error(`${date} is not a calendar date of the record (1851 onwards)`);
  }
  return ms;
}

interface ParsedPoint {
  timeMs: number;
  point: TrackPoint;
  /** The line as written, less spacing: two points at one instant are the same only if these match. */
  canonical: string;
  line: number;
}

function parseDataLine(line: string, lineNo: number, storm: Header, index: number): ParsedPoint {
  const fields = fieldsOf(line);
  const where = `track point ${index} of ${storm.count} of storm ${storm.id}`;
  if (fields.length < 4 || !/^\d{8}$/.test(fields[0] ?? '')) {
    const found = line.trim() === '' ? 'an empty line' : ID_PATTERN.test(fields[0] ?? '') ? `another storm's header ${quoted(line)}` : quoted(line);
    throw new Hurdat2Error(
      lineNo,
      `expected ${where} (header on line ${storm.line}) but found ${found}; the header announces ${storm.count} points and only ${index - 1} follow`,
    );
  }
  if (!DATA_FIELD_COUNTS.has(fields.length)) {
    throw new Hurdat2Error(lineNo, `${where} has ${fields.length} comma-separated fields; a HURDAT2 track point has 20 or 21 (the line may be cut off)`);
  }
  const [date = '', time = '', flag = '', status = '', lat = '', lon = '', wind = '', pressure = '', ...radii] = fields;
  try {
    const timeMs = parseInstant(date, time);
    if (flag !== '' && !(RECORD_FLAGS as readonly string[]).includes(flag)) {
      throw new Error(`the record identifier must be blank or one of ${RECORD_FLAGS.join(', ')}, not ${quoted(flag)}`);
    }
    if (!(STORM_STATUSES as readonly string[]).includes(status)) {
      throw new Error(`the status must be one of ${STORM_STATUSES.join(', ')}, not ${quoted(status)}`);
    }
    const latitude = parseCoordinate(lat, LAT_PATTERN, 90, 'latitude', 'S');
    const longitude = parseCoordinate(lon, LON_PATTERN, 180, 'longitude', 'W');
    const windValue = parseInteger(wind, 'the maximum sustained wind (knots)');
    if (!MISSING.has(windValue) && (windValue < 0 || windValue > MAX_WIND_KT)) {
      throw new Error(`a maximum sustained wind of ${windValue} kt is not possible (0 to ${MAX_WIND_KT} kt, or -999 when missing)`);
    }
    const pressureValue = parseInteger(pressure, 'the minimum pressure (mb)');
    if (!MISSING.has(pressureValue) && (pressureValue < PRESSURE_RANGE.min || pressureValue > PRESSURE_RANGE.max)) {
      throw new Error(`a minimum pressure of ${pressureValue} mb is not possible (${PRESSURE_RANGE.min} to ${PRESSURE_RANGE.max} mb, or -999 when missing)`);
    }
    for (const radius of radii) {
      const value = parseInteger(radius, 'each wind radius (nautical miles)');
      if (value < 0 && !MISSING.has(value)) throw new Error(`a wind radius of ${value} nautical miles is not possible`);
    }
    const point: TrackPoint = {
      time: new Date(timeMs).toISOString(),
      recordFlag: flag === '' ? null : (flag as RecordFlag),
      status: status as StormStatus,
      lat: latitude,
      lon: longitude,
      windKt: MISSING.has(windValue) ? null : windValue,
    };
    if (!MISSING.has(pressureValue)) point.pressureMb = pressureValue;
    return { timeMs, point, canonical: fields.join(','), line: lineNo };
  } catch (error) {
    if (error instanceof Hurdat2Error) throw error;
    throw new Hurdat2Error(lineNo, `${where}: ${(error as Error).message}`);
  }
}

function formatUtc(timeMs: number): string {
  return `${new Date(timeMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Points in time order. Lines may come in any order (a feed that appends corrections); two lines
 * at one instant must be identical, and then count once.
 */
function orderPoints(storm: Header, parsed: ParsedPoint[]): TrackPoint[] {
  const sorted = [...parsed].sort((a, b) => a.timeMs - b.timeMs || a.line - b.line);
  const points: TrackPoint[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const current = sorted[i]!;
    const previous = sorted[i - 1];
    if (previous && previous.timeMs === current.timeMs) {
      if (previous.canonical !== current.canonical) {
        const [first, second] = previous.line < current.line ? [previous, current] : [current, previous];
        throw new Hurdat2Error(
          second.line,
          `storm ${storm.id} has two different track points for ${formatUtc(current.timeMs)} (lines ${first.line} and ${second.line})`,
        );
      }
      continue;
    }
    points.push(current.point);
  }
  return points;
}

function samePoints(a: TrackPoint[], b: TrackPoint[]): boolean {
  return a.length === b.length && a.every((point, i) => JSON.stringify(point) === JSON.stringify(b[i]));
}

/** Tab, line feed, vertical tab, form feed and carriage return are the control characters text may hold. */
const TEXT_CONTROLS = new Set([9, 10, 11, 12, 13]);

/** The first line holding a NUL, another control character or an undecodable byte, if any: such a file is not text. */
function binaryLine(text: string): number | null {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) line++;
    else if ((code < 32 && !TEXT_CONTROLS.has(code)) || code === 0xfffd) return line;
  }
  return null;
}

/**
 * Parses a whole HURDAT2 text, or throws a `Hurdat2Error` naming the first bad line. Storms come
 * back in file order; a storm repeated with the same points counts once, with different points it
 * is refused.
 */
export function parseHurdat2(text: string): Storm[] {
  if (typeof text !== 'string') throw new Hurdat2Error(1, 'the file could not be read as text');
  if (text.length > HURDAT2_MAX_BYTES) {
    throw new Hurdat2Error(1, `the file is larger than ${HURDAT2_MAX_BYTES / 1_000_000} MB, the most a HURDAT2 import takes`);
  }
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const binary = binaryLine(body);
  if (binary !== null) {
    throw new Hurdat2Error(binary, 'this is not a HURDAT2 text file: the line holds binary data');
  }
  const lines = body.split(/\r?\n/);
  if (lines.every((line) => line.trim() === '')) {
    throw new Hurdat2Error(1, `the file is empty; a HURDAT2 file starts with a storm header such as ${HEADER_EXAMPLE}`);
  }

  const storms: Storm[] = [];
  const seen = new Map<string, { storm: Storm; line: number }>();
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const header = parseHeader(line, i + 1);
    const parsed: ParsedPoint[] = [];
    for (let n = 1; n <= header.count; n++) {
      const lineNo = i + 1 + n;
      if (lineNo > lines.length || (lineNo === lines.length && lines[lineNo - 1] === '')) {
        throw new Hurdat2Error(
          lineNo,
          `the file ends after ${n - 1} of the ${header.count} track points that storm ${header.id} announces on line ${header.line}; the file may be cut off`,
        );
      }
      parsed.push(parseDataLine(lines[lineNo - 1]!, lineNo, header, n));
    }
    const storm: Storm = { id: header.id, name: header.name, year: header.year, points: orderPoints(header, parsed) };
    const earlier = seen.get(storm.id);
    if (earlier) {
      if (earlier.storm.name !== storm.name || !samePoints(earlier.storm.points, storm.points)) {
        throw new Hurdat2Error(header.line, `storm ${storm.id} appears twice in this file (lines ${earlier.line} and ${header.line}) with different track points`);
      }
    } else {
      seen.set(storm.id, { storm, line: header.line });
      storms.push(storm);
    }
    i += header.count + 1;
    const next = lines[i];
    if (next !== undefined && looksLikeDataLine(fieldsOf(next))) {
      throw new Hurdat2Error(
        i + 1,
        `storm ${header.id} (line ${header.line}) announces ${header.count} track points but more follow; expected the next storm header here`,
      );
    }
  }
  return storms;
}
