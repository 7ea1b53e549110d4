import { readFile } from 'node:fs/promises';
import { parseHurdat2, type Storm } from '@fhp/domain';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../modules/lifecycle';
import { SHIPPED_STORMS_FILE, storeStorms } from '../modules/storms';

/**
 * The exercise storms the demo's payouts name (demo-policies.ts): real shipped tracks moved whole
 * days into the 2026 season and named as exercises, so the tracker, a storm's page and the admins'
 * payout map show a track for every demo payout. Stored here as tracks; the trigger engine evaluates
 * each on the date of the demo's storm steps (demo-policies.ts), so the demo's payouts are the
 * contract's (decision 141). No real 2026 storm is implied.
 */
export const DEMO_STORMS = [
  // Janet 1955 crossed Grenada on the night of 22 September; the exercise crosses it on 20 July 2026.
  { id: 'AL052026', name: 'JANET EXERCISE', from: 'AL101955', fromDay: '1955-09-22', toDay: '2026-07-20' },
  // Maria 2017 crossed Dominica on the night of 18 September; the exercise crosses it on 6 October 2026.
  { id: 'AL152026', name: 'MARIA EXERCISE', from: 'AL152017', fromDay: '2017-09-18', toDay: '2026-10-06' },
] as const;

/** One storm's header and lines out of a HURDAT2 text (the shipped file holds 220; only two are parsed). */
function stormLines(text: string, id: string): string {
  const start = text.indexOf(`\n${id},`) + 1;
  if (start === 0) throw new Error(`The shipped storms have no ${id}`);
  const header = text.slice(start, text.indexOf('\n', start));
  const count = Number(header.split(',')[2]);
  const lines = text.slice(start).split('\n', count + 1);
  return `${lines.join('\n')}\n`;
}

export function exerciseStorm(shipped: Storm, exercise: (typeof DEMO_STORMS)[number]): Storm {
  const shiftMs = Date.parse(exercise.toDay) - Date.parse(exercise.fromDay);
  return {
    id: exercise.id,
    name: exercise.name,
    year: Number(exercise.toDay.slice(0, 4)),
    points: shipped.points.map((point) => ({ ...point, time: new Date(Date.parse(point.time) + shiftMs).toISOString() })),
  };
}

/**
 * Stores the exercise storms that are missing (an existing one is left as it is), each as imported
 * at noon UTC of the day after its crossing; answers how many were stored.
 */
export async function seedDemoStorms(db: Db): Promise<number> {
  const text = await readFile(SHIPPED_STORMS_FILE, 'utf8');
  let stored = 0;
  for (const exercise of DEMO_STORMS) {
    const storm = exerciseStorm(parseHurdat2(stormLines(text, exercise.from))[0]!, exercise);
    const importedAt = new Date(Date.parse(exercise.toDay) + 36 * 3_600_000);
    try {
      const [result] = await db.transaction((tx) => storeStorms(tx, [storm], importedAt));
      if (result?.change === 'NEW') stored += 1;
    } catch (error) {
      // Another instance starting at the same moment stored it.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return stored;
}
