import { describe, expect, it } from 'vitest';
import { BdeckError, bdeckStormId, parseBdeck } from './bdeck';
import { STORM_ERROR_CODES } from './errors';

/*
 * Real b-deck lines as the centres published them (copied from open-source tools that quote them):
 * Teddy 2020 (bal202020.dat, NHC: a depression, then radius repeats of 34, 50 and 64 kt), Melissa
 * 2025 (bal132025.dat, NHC: special advisories at 17:25 and 07:20 UTC, the minutes in the fourth
 * field), Katrina 2005 (bal122005.dat, NHC: the short lines of its end), a southern-hemisphere
 * cyclone (bsh232005.dat, JTWC: south and east) and a typhoon (bwp252025.dat, JTWC: type TY).
 */
const TEDDY = [
  'AL, 20, 2020091318,   , BEST,   0, 126N,  374W,  30, 1006, TD,   0,    ,    0,    0,    0,    0, 1011,  240, 100,  40,   0,   L,   0,    ,   0,   0,     TWENTY, M, 12, NEQ,   60,    0,    0,   60, genesis-num, 039,',
  'AL, 20, 2020091600,   , BEST,   0, 147N,  480W,  65,  987, HU,  34, NEQ,  140,   80,   40,  150, 1010,  180,  20,  75,   0,   L,   0,    ,   0,   0,      TEDDY, D,  0,    ,    0,    0,    0,    0, genesis-num, 039,',
  'AL, 20, 2020091600,   , BEST,   0, 147N,  480W,  65,  987, HU,  50, NEQ,   40,   30,    0,   30, 1010,  180,  20,  75,   0,   L,   0,    ,   0,   0,      TEDDY, D,  0,    ,    0,    0,    0,    0, genesis-num, 039,',
  'AL, 20, 2020091600,   , BEST,   0, 147N,  480W,  65,  987, HU,  64, NEQ,   20,    0,    0,    0, 1010,  180,  20,  75,   0,   L,   0,    ,   0,   0,      TEDDY, D,  0,    ,    0,    0,    0,    0, genesis-num, 039,',
  'AL, 20, 2020091606,   , BEST,   0, 154N,  486W,  80,  978, HU,  34, NEQ,  140,   80,   40,  150, 1010,  180,  20, 100,   0,   L,   0,    ,   0,   0,      TEDDY, D, 12, NEQ,  300,  240,  120,  150, genesis-num, 039,',
  'AL, 20, 2020091606,   , BEST,   0, 154N,  486W,  80,  978, HU,  50, NEQ,   40,   30,   20,   30, 1010,  180,  20, 100,   0,   L,   0,    ,   0,   0,      TEDDY, D, 12, NEQ,  300,  240,  120,  150, genesis-num, 039,',
  'AL, 20, 2020091606,   , BEST,   0, 154N,  486W,  80,  978, HU,  64, NEQ,   20,   10,   10,   20, 1010,  180,  20, 100,   0,   L,   0,    ,   0,   0,      TEDDY, D, 12, NEQ,  300,  240,  120,  150, genesis-num, 039,',
].join('\n');

const MELISSA = [
  'AL, 13, 2025102817, 25, BEST,   0, 181N,  780W, 160,  897, HU,  34, NEQ,  170,  130,   60,   80, 1006,  270,   5,   0,   0,   L,   0,    ,   0,   0,',
  'AL, 13, 2025102817, 25, BEST,   0, 181N,  780W, 160,  897, HU,  50, NEQ,   50,   45,   30,   45, 1006,  270,   5,   0,   0,   L,   0,    ,   0,   0,',
  'AL, 13, 2025102817, 25, BEST,   0, 181N,  780W, 160,  897, HU,  64, NEQ,   25,   25,   20,   25, 1006,  270,   5,   0,   0,   L,   0,    ,   0,   0,',
  'AL, 13, 2025102907, 20, BEST,   0, 200N,  762W, 100,  954, HU,  34, NEQ,  160,  140,   80,  100, 1007,  270,  20,   0,   0,   L,   0,    ,   0,   0,    MELISSA,  ,  0,    ,    0,    0,    0,    0, genesis-num, 035,',
  'AL, 13, 2025102907, 20, BEST,   0, 200N,  762W, 100,  954, HU,  50, NEQ,   60,   70,   35,   45, 1007,  270,  20,   0,   0,   L,   0,    ,   0,   0,    MELISSA,  ,  0,    ,    0,    0,    0,    0, genesis-num, 035,',
].join('\n');

const KATRINA_END = [
  'AL, 12, 2005083018,   , BEST,   0, 370N,  870W,  30,  990, TD,   0,    ,    0,    0,    0,    0,',
  'AL, 12, 2005083100,   , BEST,   0, 386N,  853W,  30,  994, EX,   0,    ,    0,    0,    0,    0,',
  'AL, 12, 2005083106,   , BEST,   0, 401N,  829W,  25,  996, EX,   0,    ,    0,    0,    0,    0,',
].join('\n');

const SOUTHERN = 'SH, 23, 2005031000,   , BEST,   0, 142S, 1164E,  45,  991, TS,  34, NEQ,  120,  120,  120,  120, 1008,  160,  25,   0,   0';

const TYPHOON = [
  'WP, 25, 2025102818,   , BEST,   0, 153N, 1311E, 100,  970, TY,  34, NEQ,  120,  100,   80,  100, 1003,  250,  30,  120,    0,   ,  0,    ,    ,    , ROLAND      , S,',
  'WP, 25, 2025102818,   , BEST,   0, 153N, 1311E, 100,  970, TY,  50, NEQ,   80,   60,   50,   60, 1003,  250,  30,  120,    0,   ,  0,    ,    ,    , ROLAND      , S,',
  'WP, 25, 2025102818,   , BEST,   0, 153N, 1311E, 100,  970, TY,  64, NEQ,   60,   40,   30,   40, 1003,  250,  30,  120,    0,   ,  0,    ,    ,    , ROLAND      , S,',
].join('\n');

function refusal(text: string, file: string): { line: number | null; message: string; code: string } {
  try {
    parseBdeck(text, file);
  } catch (error) {
    if (error instanceof BdeckError) return { line: error.line, message: error.message, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the storm id of a b-deck file', () => {
  it('follows the file name, whatever its path or URL', () => {
    expect(bdeckStormId('bal302026.dat')).toBe('AL302026');
    expect(bdeckStormId('https://ftp.nhc.noaa.gov/atcf/btk/bal092004.dat')).toBe('AL092004');
    expect(bdeckStormId('/var/feeds/BSH232005.DAT')).toBe('SH232005');
    expect(bdeckStormId('aal092004.dat')).toBeNull(); // an a-deck (forecasts)
    expect(bdeckStormId('bal092004.txt')).toBeNull();
  });
});

describe('parsing a b-deck', () => {
  it('reads the radius repeats of one fix as one fix, west and north as negative longitude and positive latitude', () => {
    const storm = parseBdeck(TEDDY, 'bal202020.dat');
    expect(storm.id).toBe('AL202020');
    expect(storm.year).toBe(2020);
    expect(storm.name).toBe('TEDDY');
    expect(storm.points).toEqual([
      { time: '2020-09-13T18:00:00.000Z', recordFlag: null, status: 'TD', lat: 12.6, lon: -37.4, windKt: 30, pressureMb: 1006 },
      { time: '2020-09-16T00:00:00.000Z', recordFlag: null, status: 'HU', lat: 14.7, lon: -48, windKt: 65, pressureMb: 987 },
      { time: '2020-09-16T06:00:00.000Z', recordFlag: null, status: 'HU', lat: 15.4, lon: -48.6, windKt: 80, pressureMb: 978 },
    ]);
  });

  it("takes a special advisory's minutes from the fourth field, and the latest real name", () => {
    const storm = parseBdeck(MELISSA, 'bal132025.dat');
    expect(storm.points.map((point) => [point.time, point.windKt])).toEqual([
      ['2025-10-28T17:25:00.000Z', 160],
      ['2025-10-29T07:20:00.000Z', 100],
    ]);
    expect(storm.name).toBe('MELISSA');
  });

  it('reads the short lines at the end of a storm (no radius, no name): a storm without a name is UNNAMED', () => {
    const storm = parseBdeck(KATRINA_END, 'bal122005.dat');
    expect(storm.points.map((point) => point.status)).toEqual(['TD', 'EX', 'EX']);
    expect(storm.name).toBe('UNNAMED');
  });

  it('reads the southern and eastern hemispheres as negative latitude and positive longitude', () => {
    const storm = parseBdeck(SOUTHERN, 'bsh232005.dat');
    expect(storm.points).toEqual([{ time: '2005-03-10T00:00:00.000Z', recordFlag: null, status: 'TS', lat: -14.2, lon: 116.4, windKt: 45, pressureMb: 991 }]);
  });

  it('reads a typhoon (TY) as a hurricane, the class the contract pays on', () => {
    const storm = parseBdeck(TYPHOON, 'bwp252025.dat');
    expect(storm.points).toHaveLength(1);
    expect(storm.points[0]).toMatchObject({ status: 'HU', lat: 15.3, lon: 131.1, windKt: 100 });
    expect(storm.name).toBe('ROLAND');
  });

  it('keeps no pressure when the line says 0 (unknown), and classes a TC of unknown type by its wind', () => {
    const line = 'AL, 20, 2020091318,   , BEST,   0, 126N,  374W,  70,    0, TC,   0,    ,    0,    0,    0,    0,';
    expect(parseBdeck(line, 'bal202020.dat').points[0]).toEqual({ time: '2020-09-13T18:00:00.000Z', recordFlag: null, status: 'HU', lat: 12.6, lon: -37.4, windKt: 70 });
  });

  it('takes lines in any order (a file that appends), in time order', () => {
    const lines = KATRINA_END.split('\n');
    expect(parseBdeck([lines[2], lines[0], lines[1]].join('\n'), 'bal122005.dat').points.map((p) => p.time)).toEqual([
      '2005-08-30T18:00:00.000Z',
      '2005-08-31T00:00:00.000Z',
      '2005-08-31T06:00:00.000Z',
    ]);
  });
});

describe('a bad b-deck is refused whole, naming the line', () => {
  it('a line cut off names its line', () => {
    const lines = TEDDY.split('\n');
    lines[4] = 'AL, 20, 2020091606,   , BEST,   0, 154N';
    const refused = refusal(lines.join('\n'), 'bal202020.dat');
    expect(refused.code).toBe(STORM_ERROR_CODES.BDECK_INVALID);
    expect(refused.line).toBe(5);
    expect(refused.message).toMatch(/^Line 5: a b-deck line has at least 11 comma-separated fields/);
  });

  it('a latitude written in degrees, a wind out of range, an unknown type, a forecast line', () => {
    const line = TEDDY.split('\n')[1]!;
    expect(refusal(line.replace('147N', '14.7N'), 'bal202020.dat').message).toMatch(/^Line 1: the latitude must be written in tenths of a degree/);
    expect(refusal(line.replace('  65,  987', ' 365,  987'), 'bal202020.dat').message).toMatch(/^Line 1: a maximum sustained wind of 365 kt is not possible/);
    expect(refusal(line.replace(' HU,  34', ' QQ,  34'), 'bal202020.dat').message).toMatch(/^Line 1: the system type must be one of/);
    expect(refusal(line.replace('BEST', 'OFCL'), 'bal202020.dat').message).toMatch(/^Line 1: a b-deck holds best-track fixes \(BEST\), not "OFCL"/);
  });

  it("a line of another storm than the file's, and a file name that is not a b-deck's", () => {
    expect(refusal(TEDDY, 'bal212020.dat').message).toMatch(/^Line 1: the line is of storm "AL, 20", not of the file's storm AL21/);
    expect(refusal(TEDDY, 'teddy.txt')).toMatchObject({ line: null, message: expect.stringMatching(/is not the name of a b-deck file/) });
  });

  it('two lines of one fix that disagree name both lines', () => {
    const lines = TEDDY.split('\n');
    lines[3] = lines[3]!.replace('  65,  987', '  70,  987');
    expect(refusal(lines.join('\n'), 'bal202020.dat')).toMatchObject({ line: 4, message: 'Line 4: storm AL202020 has two different fixes for 2020-09-16 00:00 UTC (lines 3 and 4)' });
  });

  it('an empty file and a binary one', () => {
    expect(refusal('\n\n', 'bal202020.dat').message).toMatch(/bal202020.dat is empty/);
    expect(refusal(`${TEDDY}\n\u0000\u0001`, 'bal202020.dat').line).toBe(8);
  });
});
