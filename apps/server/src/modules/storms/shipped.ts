import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { LifecycleDeps } from '../lifecycle';
import { stormCount } from './repository';
import { importStormText } from './service';

/**
 * The Caribbean storms since 1950 that the project ships as its own data
 * (packages/domain/datasets/hurdat2, copied from NOAA's HURDAT2), read from the repository at run
 * time: nothing outside the project is read.
 */
export const SHIPPED_STORMS_FILE = fileURLToPath(new URL('../../../../../packages/domain/datasets/hurdat2/caribbean-1950-2023.txt', import.meta.url));

/**
 * On the first start (no storm stored yet) imports the shipped storms through the same importer
 * an admin uses, so the tracker, the map and the back-test read stored tracks. Returns how many
 * storms were stored; a database that has storms is left alone.
 */
export async function loadShippedStorms(deps: Pick<LifecycleDeps, 'db' | 'ledger' | 'clock' | 'deliveries' | 'log'>): Promise<number> {
  if ((await stormCount(deps.db)) > 0) return 0;
  const result = await importStormText(deps, await readFile(SHIPPED_STORMS_FILE, 'utf8'));
  return result.storms.filter((storm) => storm.change !== 'UNCHANGED').length;
}
