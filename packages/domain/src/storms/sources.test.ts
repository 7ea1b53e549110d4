import { describe, expect, it } from 'vitest';
import { agreedVerdict, highestFigures, payDifferenceSchema, sourceDifference, sourcesDiffer, type SourceVerdict } from './sources';

const verdict = (source: string, percent: number, time: string | null, c1: SourceVerdict['c1'] = percent > 0 ? 'C3' : null): SourceVerdict => ({
  source,
  c1,
  c2: c1,
  payouts: { T: percent, '1': percent, '2': percent, '3': percent, '4': 0, '5': 0 },
  qualifyingTimes: { T: time, '1': time, '2': time, '3': time, '4': null, '5': null },
});

describe('sources that must agree (decision 149)', () => {
  const nhc = verdict('nhc', 50, '2020-09-01T12:00:00.000Z', 'C3');
  const mirror = verdict('mirror', 25, '2020-09-01T18:00:00.000Z', 'C1');

  it('one source required pays the highest figure, as before sources were compared', () => {
    expect(agreedVerdict([nhc, mirror], 1)).toMatchObject({ c1: 'C3', payouts: { T: 50, '3': 50, '4': 0 }, qualifyingTimes: { T: '2020-09-01T12:00:00.000Z', '4': null } });
  });

  it('two of two: one source alone pays nothing', () => {
    expect(agreedVerdict([nhc], 2)).toEqual({
      c1: null,
      c2: null,
      payouts: { T: 0, '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      qualifyingTimes: { T: null, '1': null, '2': null, '3': null, '4': null, '5': null },
    });
  });

  it('two of two agreeing pay their figure, qualified when the later of them saw it', () => {
    const other = verdict('mirror', 50, '2020-09-01T15:00:00.000Z');
    expect(agreedVerdict([nhc, other], 2)).toMatchObject({ payouts: { T: 50 }, qualifyingTimes: { T: '2020-09-01T15:00:00.000Z' } });
  });

  it('two of two where one sees a weaker storm pay the lower figure and its class', () => {
    expect(agreedVerdict([nhc, mirror], 2)).toMatchObject({ c1: 'C1', payouts: { T: 25, '3': 25, '5': 0 }, qualifyingTimes: { T: '2020-09-01T18:00:00.000Z' } });
    expect(sourceDifference([nhc, mirror], agreedVerdict([nhc, mirror], 2).payouts)).toEqual({ T: 25, '1': 25, '2': 25, '3': 25 });
    expect(sourcesDiffer([nhc, mirror], agreedVerdict([nhc, mirror], 2).payouts)).toBe(true);
  });

  it('two of three: the second highest', () => {
    expect(agreedVerdict([verdict('a', 100, 'x'), mirror, nhc], 2).payouts.T).toBe(50);
  });

  it('an approved difference pays the highest figure, never more than a source gives', () => {
    const approved = highestFigures([nhc, mirror]);
    expect(approved).toEqual({ T: 50, '1': 50, '2': 50, '3': 50, '4': 0, '5': 0 });
    expect(agreedVerdict([nhc, mirror], 2, approved)).toMatchObject({ payouts: { T: 50 }, qualifyingTimes: { T: '2020-09-01T12:00:00.000Z' } });
    expect(agreedVerdict([mirror], 2, { ...approved, '5': 100 }).payouts).toEqual({ T: 25, '1': 25, '2': 25, '3': 25, '4': 0, '5': 0 });
    expect(sourceDifference([nhc, mirror], agreedVerdict([nhc, mirror], 2, approved).payouts)).toEqual({});
  });

  it('sources agreeing differ in nothing', () => {
    expect(sourcesDiffer([nhc, { ...nhc, source: 'mirror' }], nhc.payouts)).toBe(false);
  });

  it('paying the difference needs a reason of a sentence', () => {
    expect(payDifferenceSchema.parse({ stormId: 'al312020', country: 'gd', seasonYear: 2020, reason: '  Recon flight confirmed Category 3  ' })).toEqual({
      stormId: 'AL312020',
      country: 'gd',
      seasonYear: 2020,
      reason: 'Recon flight confirmed Category 3',
    });
    const refused = payDifferenceSchema.safeParse({ stormId: 'AL312020', country: 'xx', seasonYear: 2020, reason: 'ok' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['Choose Dominica or Grenada.', 'Write why the difference is paid (at least 10 characters).']);
  });
});
