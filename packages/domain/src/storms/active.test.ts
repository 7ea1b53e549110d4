import { describe, expect, it } from 'vitest';
import { activeSince, activeStormPayout, distanceWords, isActiveStorm, latestFixSentence, positionWords, sourceFigure, stormClassWords } from './active';

describe('active storms (decision 173)', () => {
  const now = '2026-09-07T18:00:00.000Z';

  it('a storm is active while a feed carries its track and its latest fix is at most 24 hours old', () => {
    expect(isActiveStorm({ trackSource: 'nhc', lastPointAt: '2026-09-07T12:00:00.000Z' }, now)).toBe(true);
    expect(isActiveStorm({ trackSource: 'nhc', lastPointAt: '2026-09-06T18:00:00.000Z' }, now)).toBe(true);
    expect(isActiveStorm({ trackSource: 'nhc', lastPointAt: '2026-09-06T17:59:00.000Z' }, now)).toBe(false);
    // Superseded by a best track: no longer active, however recent.
    expect(isActiveStorm({ trackSource: null, lastPointAt: '2026-09-07T12:00:00.000Z' }, now)).toBe(false);
    expect(activeSince(now).toISOString()).toBe('2026-09-06T18:00:00.000Z');
  });

  it('says the class in the contract words', () => {
    expect(stormClassWords('HU', 105)).toBe('Hurricane, category 3');
    expect(stormClassWords('HU', 140)).toBe('Hurricane, category 5');
    expect(stormClassWords('HU', 64)).toBe('Hurricane, category 1');
    expect(stormClassWords('HU', null)).toBe('Hurricane');
    expect(stormClassWords('TS', 45)).toBe('Tropical storm');
    expect(stormClassWords('TD', 30)).toBe('Tropical depression');
    expect(stormClassWords('EX', 70)).toBe('Extratropical system');
  });

  it('says where the storm is and how far from the island', () => {
    expect(positionWords(13.14, -60.21)).toBe('13.1°N 60.2°W');
    expect(positionWords(-14.2, 116.4)).toBe('14.2°S 116.4°E');
    expect(distanceWords(180_400, 'gd')).toBe('180 km from Grenada');
    expect(distanceWords(1_234_000, 'dm')).toBe('1,234 km from Dominica');
    expect(distanceWords(300, 'gd')).toBe('1 km from Grenada');
    expect(distanceWords(0, 'gd')).toBe('over Grenada');
    expect(latestFixSentence({ name: 'IVAN', status: 'HU', windKt: 115.4, lat: 12.0, lon: -61.5, time: '2004-09-07T18:00:00Z', distanceMetres: 15_000, country: 'gd' })).toBe(
      'At Sep 7, 2:00 PM AST, Ivan (hurricane, category 4, 115 knots) was 15 km from Grenada, at 12.0°N 61.5°W.',
    );
  });

  it("a source's figure counts when the storm qualified at or after the policy was issued", () => {
    const evaluation = { payouts: { T: 50, 1: 50, 2: 50, 3: 50, 4: 50, 5: 0 }, qualifyingTimes: { T: '2026-09-07T12:00:00Z', 1: '2026-09-07T12:00:00Z', 2: '2026-09-07T12:00:00Z', 3: '2026-09-07T12:00:00Z', 4: '2026-09-07T12:00:00Z', 5: null } };
    expect(sourceFigure(evaluation, '3', '2026-06-01T00:00:00Z')).toBe(50);
    expect(sourceFigure(evaluation, '3', '2026-09-07T12:00:00Z')).toBe(50);
    expect(sourceFigure(evaluation, '3', '2026-09-07T12:10:00Z')).toBe(0);
    expect(sourceFigure(evaluation, '5', '2026-06-01T00:00:00Z')).toBe(0);
    expect(sourceFigure(evaluation, '3', null)).toBe(0);
  });

  describe('what the storm has earned the policy so far', () => {
    const none = { payouts: [], termPercentPaid: 0 };
    it('one of two sources: the estimate, awaiting a second source', () => {
      expect(activeStormPayout({ ...none, sourceFigures: [50, 0], sourcesRequired: 2 })).toEqual({
        state: 'AWAITING_SOURCES',
        percent: 50,
        sourcesAgreeing: 1,
        sourcesRequired: 2,
        sentence: 'Estimated payout 50%: awaiting a second source',
      });
      expect(activeStormPayout({ ...none, sourceFigures: [50, 35], sourcesRequired: 3 }).sentence).toBe('Estimated payout 35%: awaiting a third source');
      expect(activeStormPayout({ ...none, sourceFigures: [50], sourcesRequired: 3 }).sentence).toBe('Estimated payout 50%: awaiting 2 more sources');
    });
    it('a payout that exists is being prepared, or paid', () => {
      expect(activeStormPayout({ payouts: [{ percent: 50, status: 'PENDING' }], sourceFigures: [50], sourcesRequired: 1, termPercentPaid: 50 })).toMatchObject({
        state: 'PREPARING',
        percent: 50,
        sentence: 'Payout being prepared: 50% of your coverage',
      });
      expect(
        activeStormPayout({ payouts: [{ percent: 35, status: 'PAID' }, { percent: 15, status: 'PAID' }], sourceFigures: [50], sourcesRequired: 1, termPercentPaid: 50 }),
      ).toMatchObject({ state: 'PAID', percent: 50, sentence: 'Payout of 50% of your coverage paid' });
      expect(activeStormPayout({ payouts: [{ percent: 35, status: 'PAID' }, { percent: 15, status: 'PENDING' }], sourceFigures: [50], sourcesRequired: 1, termPercentPaid: 50 }).state).toBe('PREPARING');
    });
    it('enough sources agree: being prepared at the M-th highest figure, capped at what the term has left', () => {
      expect(activeStormPayout({ ...none, sourceFigures: [100, 50], sourcesRequired: 2 })).toMatchObject({ state: 'PREPARING', percent: 50 });
      expect(activeStormPayout({ ...none, sourceFigures: [100, 50], sourcesRequired: 1 })).toMatchObject({ state: 'PREPARING', percent: 100 });
      expect(activeStormPayout({ payouts: [], sourceFigures: [100], sourcesRequired: 1, termPercentPaid: 65 })).toMatchObject({ state: 'PREPARING', percent: 35 });
      expect(activeStormPayout({ payouts: [], sourceFigures: [100], sourcesRequired: 1, termPercentPaid: 100 })).toMatchObject({
        state: 'NONE',
        sentence: 'No further payout: this term has already paid out your full coverage',
      });
    });
    it('no source pays: nothing earned yet (a missing setting counts as one source)', () => {
      expect(activeStormPayout({ ...none, sourceFigures: [0, 0], sourcesRequired: 2 })).toMatchObject({
        state: 'NONE',
        percent: 0,
        sentence: 'No payout so far: the storm has not met the terms of your policy',
      });
      expect(activeStormPayout({ ...none, sourceFigures: [25], sourcesRequired: 0 })).toMatchObject({ state: 'PREPARING', sourcesRequired: 1 });
    });
  });
});
