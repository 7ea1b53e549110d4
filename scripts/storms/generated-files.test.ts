import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISLAND_OUTLINES } from '@fhp/domain';
import { extractIslandOutlines, formatIslandOutlines, OUTLINES_PATH } from './extract-island-outlines';
import { BACKTEST_PATH, buildBacktest, formatBacktest } from './generate-backtest';

/** Committed files that scripts generate must be exactly what the scripts give today. */
describe('generated files', () => {
  it('island-outlines.json is the Natural Earth outline world-atlas ships (npm run storms:outlines)', () => {
    const regenerated = formatIslandOutlines(extractIslandOutlines());
    expect(readFileSync(OUTLINES_PATH, 'utf8')).toBe(regenerated);
    expect(ISLAND_OUTLINES).toEqual(JSON.parse(regenerated));
    expect(ISLAND_OUTLINES.source).toMatch(/^Natural Earth 1:10m Admin 0 countries, world-atlas@2\.\d+\.\d+ countries-10m\.json/);
  });

  it('backtest.json is the back-test of the shipped records (npm run storms:backtest)', () => {
    expect(readFileSync(BACKTEST_PATH, 'utf8')).toBe(formatBacktest(buildBacktest()));
  });
});
