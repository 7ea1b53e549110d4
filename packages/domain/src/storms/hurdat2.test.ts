import { describe, expect, it } from 'vitest';
import caribbeanText from '../../datasets/hurdat2/caribbean-1950-2023.txt?raw';
import sampleText from '../../datasets/hurdat2/sample.txt?raw';
import { STORM_ERROR_CODES } from './errors';
import { HURDAT2_MAX_BYTES, Hurdat2Error, parseHurdat2 } from './hurdat2';

const IVAN_HEADER = 'AL092004,               IVAN,      3,';
const IVAN_LINES = [
  '20040907, 1200,  , HU, 11.7N,  59.0W, 110,  964,  100,   75,   50,   75,   40,   30,   25,   30,   25,   20,   15,   20,   10',
  '20040907, 1800,  , HU, 11.8N,  60.0W, 115,  960,  100,   75,   50,   75,   40,   30,   25,   30,   25,   20,   15,   20,   10',
  '20040908, 0000,  , HU, 12.0N,  61.0W, 115,  956,  100,   75,   50,   75,   40,   30,   25,   30,   25,   20,   15,   20,   10',
];
const IVAN = [IVAN_HEADER, ...IVAN_LINES].join('\n');
const OTHER = ['AL012005,             ARLENE,      1,', '20050608, 1800,  , TD, 17.4N,  84.3W,  25, 1004,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0, -999'].join('\n');

/** The refusal of a text: its line and its message (which must name the line too). */
function refusal(text: string): { line: number; message: string } {
  try {
    parseHurdat2(text);
  } catch (error) {
    expect(error).toBeInstanceOf(Hurdat2Error);
    const { line, message, code } = error as Hurdat2Error;
    expect(code).toBe(STORM_ERROR_CODES.HURDAT2_INVALID);
    expect(message.startsWith(`Line ${line}: `)).toBe(true);
    return { line, message };
  }
  throw new Error('the text was accepted');
}

describe('parseHurdat2: good files', () => {
  it('reads a storm: id, name, year and every point in UTC with signed coordinates', () => {
    const [ivan] = parseHurdat2(IVAN);
    expect(ivan).toMatchObject({ id: 'AL092004', name: 'IVAN', year: 2004 });
    expect(ivan!.points).toHaveLength(3);
    expect(ivan!.points[1]).toEqual({ time: '2004-09-07T18:00:00.000Z', recordFlag: null, status: 'HU', lat: 11.8, lon: -60, windKt: 115, pressureMb: 960 });
  });

  it('reads the shipped records: 220 storms in the Caribbean extract, the five of the sample identical to theirs', () => {
    const all = parseHurdat2(caribbeanText);
    const sample = parseHurdat2(sampleText);
    expect(all).toHaveLength(220);
    expect(new Set(all.map((s) => s.id)).size).toBe(220);
    expect(sample.map((s) => `${s.id} ${s.name}`)).toEqual(['AL092004 IVAN', 'AL052005 EMILY', 'AL152017 MARIA', 'AL052015 ERIKA', 'AL112017 IRMA']);
    for (const storm of sample) expect(all.find((s) => s.id === storm.id)).toEqual(storm);
    const ivan = all.find((s) => s.id === 'AL092004')!;
    expect(ivan.points).toHaveLength(94);
    expect(ivan.points.find((p) => p.recordFlag === 'L')).toMatchObject({ time: '2004-09-16T06:50:00.000Z', lat: 30.2, lon: -87.9, windKt: 105 });
  });

  it('keeps missing values missing: wind -99 or -999 is null, pressure -999 is left out', () => {
    const text = [
      'AL101976,            UNNAMED,      2,',
      '19761012, 0600,  , TD, 19.2N,  71.0W, -99, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999',
      '19761012, 1200,  , TD, 19.5N,  71.5W,-999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999',
    ].join('\n');
    const [storm] = parseHurdat2(text);
    expect(storm!.points.map((p) => p.windKt)).toEqual([null, null]);
    expect(storm!.points[0]).not.toHaveProperty('pressureMb');
  });

  it('reads east and south coordinates, record flags, Windows line ends, a byte-order mark and the older 20-field lines', () => {
    const text =
      '\ufeffAL122005,              KATIA,      2,\r\n' +
      '20051001, 0000, L, EX,  1.5S,   2.5E,  40,  990,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,\r\n' +
      '20051001, 0600, W, EX,  2.0S,   3.0E,  45,  988,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,\r\n';
    const [storm] = parseHurdat2(text);
    expect(storm!.points.map((p) => [p.recordFlag, p.lat, p.lon])).toEqual([
      ['L', -1.5, 2.5],
      ['W', -2, 3],
    ]);
  });

  it('puts shuffled track lines back in time order', () => {
    const shuffled = [IVAN_HEADER, IVAN_LINES[2], IVAN_LINES[0], IVAN_LINES[1]].join('\n');
    expect(parseHurdat2(shuffled)).toEqual(parseHurdat2(IVAN));
  });

  it('counts a storm repeated with the same points once', () => {
    expect(parseHurdat2(`${IVAN}\n${OTHER}\n${IVAN}\n`).map((s) => s.id)).toEqual(['AL092004', 'AL012005']);
  });
});

describe('parseHurdat2: every bad file is refused whole, naming the line', () => {
  it('an empty file', () => {
    expect(refusal('')).toEqual({ line: 1, message: expect.stringContaining('the file is empty') });
    expect(refusal('\n  \n').line).toBe(1);
  });

  it('a file cut off inside a storm', () => {
    const cut = [IVAN_HEADER, IVAN_LINES[0], IVAN_LINES[1]].join('\n') + '\n';
    const { line, message } = refusal(cut);
    expect(line).toBe(4);
    expect(message).toBe('Line 4: the file ends after 2 of the 3 track points that storm AL092004 announces on line 1; the file may be cut off');
  });

  it('a file cut off in the middle of a line', () => {
    const { line, message } = refusal(`${IVAN_HEADER}\n${IVAN_LINES[0]}\n${IVAN_LINES[1]}\n20040908, 0000,  , HU, 12.0N,`);
    expect(line).toBe(4);
    expect(message).toContain('has 5 comma-separated fields');
  });

  it('a header announcing more points than follow', () => {
    const { line, message } = refusal(`${IVAN_HEADER.replace('3,', '4,')}\n${IVAN_LINES.join('\n')}\n${OTHER}`);
    expect(line).toBe(5);
    expect(message).toContain('expected track point 4 of 4 of storm AL092004 (header on line 1)');
    expect(message).toContain("another storm's header");
  });

  it('a header announcing fewer points than follow', () => {
    const { line, message } = refusal(`${IVAN_HEADER.replace('3,', '2,')}\n${IVAN_LINES.join('\n')}\n${OTHER}`);
    expect(line).toBe(4);
    expect(message).toBe('Line 4: storm AL092004 (line 1) announces 2 track points but more follow; expected the next storm header here');
  });

  it('a latitude of 95N', () => {
    const { line, message } = refusal(IVAN.replace('11.8N', '95.0N'));
    expect(line).toBe(3);
    expect(message).toBe('Line 3: track point 2 of 3 of storm AL092004: latitude 95.0N is outside the globe (at most 90 degrees)');
  });

  it('a longitude of 181W', () => {
    expect(refusal(IVAN.replace('60.0W', '181.0W'))).toMatchObject({ line: 3, message: expect.stringContaining('longitude 181.0W is outside the globe') });
  });

  it('a wind of 400 kt', () => {
    const { line, message } = refusal(IVAN.replace('12.0N,  61.0W, 115', '12.0N,  61.0W, 400'));
    expect(line).toBe(4);
    expect(message).toContain('a maximum sustained wind of 400 kt is not possible (0 to 250 kt, or -999 when missing)');
  });

  it('a pressure out of this world, a bad status, a bad record flag, a date that does not exist', () => {
    expect(refusal(IVAN.replace(' 960,', ' 500,'))).toMatchObject({ line: 3, message: expect.stringContaining('minimum pressure of 500 mb') });
    expect(refusal(IVAN.replace('1800,  , HU', '1800,  , XX'))).toMatchObject({ line: 3, message: expect.stringContaining('the status must be one of') });
    expect(refusal(IVAN.replace('1800,  , HU', '1800, Q, HU'))).toMatchObject({ line: 3, message: expect.stringContaining('record identifier') });
    expect(refusal(IVAN.replace('20040907, 1800', '20040931, 1800'))).toMatchObject({ line: 3, message: expect.stringContaining('20040931 is not a calendar date') });
    expect(refusal(IVAN.replace('20040907, 1800', '20040907, 2460'))).toMatchObject({ line: 3, message: expect.stringContaining('2460 is not a time of day') });
  });

  it('a storm id repeated with different points', () => {
    const changed = IVAN.replace(' 960,', ' 961,');
    const { line, message } = refusal(`${IVAN}\n${OTHER}\n${changed}\n`);
    expect(line).toBe(7);
    expect(message).toBe('Line 7: storm AL092004 appears twice in this file (lines 1 and 7) with different track points');
  });

  it('two different points for one instant', () => {
    const text = [IVAN_HEADER, IVAN_LINES[0], IVAN_LINES[1], IVAN_LINES[1]!.replace(' 115,', ' 120,')].join('\n');
    expect(refusal(text)).toEqual({ line: 4, message: 'Line 4: storm AL092004 has two different track points for 2004-09-07 18:00 UTC (lines 3 and 4)' });
  });

  it('a CSV file', () => {
    const csv = 'id,name,date,lat,lon,wind\nAL092004,IVAN,2004-09-07,11.8,-60.0,115\n';
    expect(refusal(csv)).toEqual({ line: 1, message: 'Line 1: expected a storm header such as "AL092004, IVAN, 94," but found "id,name,date,lat,lon,wind"' });
  });

  it('a file that starts with track points', () => {
    expect(refusal(IVAN_LINES.join('\n'))).toEqual({ line: 1, message: 'Line 1: expected a storm header such as "AL092004, IVAN, 94," but found a track point' });
  });

  it('a binary file', () => {
    const png = '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR';
    expect(refusal(png)).toEqual({ line: 2, message: 'Line 2: this is not a HURDAT2 text file: the line holds binary data' });
    expect(refusal(`${IVAN}\n\ufffd\ufffd`).line).toBe(5);
  });

  it('a blank line inside a storm, and a header without its count', () => {
    expect(refusal([IVAN_HEADER, IVAN_LINES[0], '', IVAN_LINES[1]].join('\n'))).toMatchObject({ line: 3, message: expect.stringContaining('but found an empty line') });
    expect(refusal('AL092004, IVAN,,\n')).toMatchObject({ line: 1, message: expect.stringContaining('must announce its number of track points') });
  });

  it('text longer than the import limit', () => {
    expect(HURDAT2_MAX_BYTES).toBe(20_000_000);
    expect(refusal(' '.repeat(HURDAT2_MAX_BYTES + 1))).toMatchObject({ line: 1, message: expect.stringContaining('larger than 20 MB') });
  });
});
