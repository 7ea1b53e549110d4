import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../src/db/client';
import * as schema from '../src/db/schema';

/**
 * A PGlite database as one stored before a migration: migrated up to (not including) the first
 * migration whose tag `isTarget` accepts. Fill it with rows of that time, then `migrateRest` runs
 * the migration under test and every later one.
 */
export async function databaseBeforeMigration(isTarget: (tag: string) => boolean) {
  const folder = mkdtempSync(join(tmpdir(), 'fhp-migrations-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => isTarget(entry.tag));
  if (upTo <= 0) throw new Error('No migration with that tag after the first one');
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  const client = new PGlite();
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: folder });
  return {
    db,
    migrateRest: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
