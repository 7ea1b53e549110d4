/**
 * The suites' databases are copies of one template per run (templates.ts): a copy must hold what
 * migrating and seeding afresh would, and copies must not share rows.
 */
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed';
import { users } from '../src/db/schema';
import { createPreparedTestDatabase, createTestDatabase, testDatabaseKinds, type TestDatabase } from './databases';

/** Both drivers answer `execute` with `{ rows }`; the shared type does not say so. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
const userCount = async (test: TestDatabase) => (await test.database.db.select({ n: count() }).from(users))[0]?.n;
const migrationCount = async (test: TestDatabase) =>
  rowsOf<{ n: number }>(await test.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n;

describe.each(testDatabaseKinds())('template copies [%s]', (kind) => {
  it('a seeded copy equals a database migrated and seeded afresh, and preparing it again changes nothing', async () => {
    const fresh = await createTestDatabase(kind);
    const copy = await createPreparedTestDatabase(kind, 'seeded');
    try {
      await fresh.database.prepare(seedDemoData);
      expect(await migrationCount(copy)).toBe(await migrationCount(fresh));
      expect(await userCount(copy)).toBe(await userCount(fresh));
      expect(await userCount(copy)).toBeGreaterThan(0);
      const before = await migrationCount(copy);
      await copy.database.prepare(seedDemoData);
      expect(await migrationCount(copy)).toBe(before);
    } finally {
      await fresh.dispose();
      await copy.dispose();
    }
    // Builds the template, and migrates and seeds a database afresh besides: the slow path, twice.
  }, 120_000);

  it('a migrated copy has no seed, and two copies do not share rows', async () => {
    const bare = await createPreparedTestDatabase(kind, 'migrated');
    const first = await createPreparedTestDatabase(kind, 'seeded');
    const second = await createPreparedTestDatabase(kind, 'seeded');
    try {
      expect(await userCount(bare)).toBe(0);
      await first.database.db.execute(sql`create table copy_probe (x int)`);
      const probe = sql`select to_regclass('copy_probe')::text as t`;
      expect(rowsOf<{ t: string | null }>(await first.database.db.execute(probe))[0]?.t).toBe('copy_probe');
      expect(rowsOf<{ t: string | null }>(await second.database.db.execute(probe))[0]?.t).toBeNull();
    } finally {
      await Promise.all([bare.dispose(), first.dispose(), second.dispose()]);
    }
  }, 60_000);
});
