import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A check that a text column holds one of the domain's values (statuses, channels): the list is the
 * domain's constant, written into the constraint as literals (a check cannot take parameters).
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  for (const value of values) if (!/^[A-Z_]+$/.test(value)) throw new Error(`Not a status-like value: ${value}`);
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}
