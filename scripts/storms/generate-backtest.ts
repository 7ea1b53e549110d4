/**
 * `npm run storms:backtest`: rewrites packages/domain/src/storms/backtest.json, what each option
 * would have paid on each island over the shipped 1950-2023 records. A test checks that rerunning
 * it gives the committed file unchanged.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backtest, COUNTRY_CODES, parseHurdat2, type PrecomputedBacktest } from '@fhp/domain';
import { HURDAT2_DIR, isMainModule, repoPath } from './paths';

export const BACKTEST_PATH = repoPath('packages/domain/src/storms/backtest.json');
export const BACKTEST_SOURCE_FILE = 'caribbean-1950-2023.txt';

export function buildBacktest(): PrecomputedBacktest {
  const storms = parseHurdat2(readFileSync(join(HURDAT2_DIR, BACKTEST_SOURCE_FILE), 'utf8'));
  return {
    source: `NOAA NHC HURDAT2 release hurdat2-1851-2023-051124, packages/domain/datasets/hurdat2/${BACKTEST_SOURCE_FILE} (${storms.length} storms)`,
    countries: Object.fromEntries(COUNTRY_CODES.map((country) => [country, backtest(storms, country)])) as PrecomputedBacktest['countries'],
  };
}

export function formatBacktest(data: PrecomputedBacktest): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

if (isMainModule(import.meta.url)) {
  writeFileSync(BACKTEST_PATH, formatBacktest(buildBacktest()));
  console.log(`wrote ${BACKTEST_PATH}`);
}
