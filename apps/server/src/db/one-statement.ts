import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs writes that do not depend on one another as one statement (data-modifying CTEs): one round
 * trip instead of one each while a transaction holds a pool connection and its locks; under a rush
 * each round trip waits its turn for the cores. Not for two writes to one row: the parts of a
 * statement see the same snapshot, not each other's changes. Undefined entries are skipped.
 */
export async function writeAtOnce(tx: Db, writes: readonly (SQLWrapper | undefined)[]): Promise<void> {
  const parts = writes.filter((write): write is SQLWrapper => write !== undefined);
  const [only] = parts;
  if (!only) return;
  if (parts.length === 1) {
    await tx.execute(only.getSQL());
    return;
  }
  const ctes = parts.map((write, n) => sql`${sql.identifier(`write_${n}`)} as (${write.getSQL()})`);
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}
