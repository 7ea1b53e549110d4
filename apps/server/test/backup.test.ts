/**
 * Backups round trip (issue 13, item 9): demo policies in every status (with their files, payments
 * and ledger entries) are stored, backed up, wiped, restored: everything is back and the ledger
 * verifies. PGlite always; PostgreSQL (pg_dump/pg_restore) when TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { backupDatabase, restoreDatabase, type BackupTarget } from '../src/db/backup';
import { openDatabase, type Database, type DatabaseOptions } from '../src/db/client';
import { files, ledgerEntries, payments, policies } from '../src/db/schema';
import { seedDemoData } from '../src/seed';
import { seedDemoPolicies } from '../src/seed/demo-policies';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { createScratchPostgres, testDatabaseKinds, type ScratchPostgres } from './databases';
import { testConfig } from './harness';

async function counts(database: Database) {
  const db = database.db;
  const one = async (table: typeof policies | typeof files | typeof ledgerEntries | typeof payments) => Number((await db.select({ n: count() }).from(table))[0]!.n);
  return { policies: await one(policies), files: await one(files), ledger: await one(ledgerEntries), payments: await one(payments) };
}

for (const kind of testDatabaseKinds()) {
  describe(`backup and restore [${kind}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'fhp-backup-'));
    let scratch: ScratchPostgres | undefined;
    afterEach(async () => {
      await scratch?.drop();
      rmSync(work, { recursive: true, force: true });
    });

    it('purchase, back up, wipe, restore: policies, files, payments and ledger entries are back and the ledger verifies', async () => {
      if (kind === 'postgres') scratch = await createScratchPostgres();
      const options: DatabaseOptions = kind === 'postgres' ? { kind: 'postgres', url: scratch!.url, poolSize: 2 } : { kind: 'pglite', dataDir: join(work, 'data') };
      const target: BackupTarget = kind === 'postgres' ? { kind: 'postgres', url: scratch!.url } : { kind: 'pglite', dataDir: join(work, 'data') };

      let database = await openDatabase(options);
      await database.prepare(seedDemoData);
      const app = await buildApp({ config: testConfig(), database });
      await app.ready();
      expect(await seedDemoPolicies(app)).toBeGreaterThan(0);
      await app.close();
      const before = await counts(database);
      expect(before.policies).toBeGreaterThan(0);
      expect(before.files).toBeGreaterThan(0);
      expect(before.ledger).toBeGreaterThan(0);
      await database.close();

      const file = join(work, 'backup.dump');
      await backupDatabase(target, file);

      // Wipe: every policy gone (and with them what hangs off them), so the restore has to bring them back.
      database = await openDatabase(options);
      await database.db.execute(sql`truncate policies, files, ledger_entries, payments cascade`);
      expect((await counts(database)).policies).toBe(0);
      await database.close();

      await restoreDatabase(target, file);
      database = await openDatabase(options);
      try {
        expect(await counts(database)).toEqual(before);
        expect((await verifyStoredLedger(database.db)).ok).toBe(true);
      } finally {
        await database.close();
      }
    }, 120_000);
  });
}
