/**
 * What the fault and two-instance tests check in the database once a server process is gone: the
 * invariants no crash may break (nothing half-written), and the acknowledged writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatReceiptNumber } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../src/db/client';
import { seedDemoData } from '../../src/seed';
import { verifyStoredLedger } from '../../src/modules/audit/ledger';
import { createScratchPostgres, type DatabaseKind } from '../databases';
import { openSaleToday } from './http-flows';

/** A database for server processes: migrated, seeded (demo accounts), a season on sale today. */
export interface ProcessDatabase {
  kind: DatabaseKind;
  /** DATABASE_URL or DATA_DIR for the server process. */
  env: Record<string, string>;
  /** The server must be stopped first on PGlite (one process at a time). */
  open(): Promise<Database>;
  /** PostgreSQL only: the scratch database's name (for pg_terminate_backend). */
  name?: string;
  drop(): Promise<void>;
}

export async function processDatabase(kind: DatabaseKind): Promise<ProcessDatabase> {
  let handle: ProcessDatabase;
  if (kind === 'postgres') {
    const scratch = await createScratchPostgres();
    handle = {
      kind,
      name: scratch.name,
      env: { DATABASE_URL: scratch.url },
      open: () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 }),
      drop: () => scratch.drop(),
    };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'fhp-process-'));
    handle = {
      kind,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await handle.open();
  try {
    await database.prepare(seedDemoData);
    await openSaleToday(database.db);
  } finally {
    await database.close();
  }
  return handle;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

async function list(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  return rowsOf<{ what: string }>(await db.execute(query)).map((row) => row.what);
}

/**
 * Everything that must hold whatever stopped the server: every policy numbered and complete (its
 * beneficiary, sale rates and instalments), its paid amount the sum of its payments, every
 * attached file used by a record and every record's file there, the ledger's chain unbroken.
 * Each list names what broke it; all empty and `ledger.ok` when nothing did.
 */
export async function brokenInvariants(db: Db) {
  const [unnumbered, incomplete, paidMismatch, orphanFiles, missingFiles, unsentGivenUp, ledger] = await Promise.all([
    list(db, sql`select policy_number as what from policies where policy_number like 'pending-%'`),
    list(
      db,
      sql`select p.policy_number as what from policies p
          where not exists (select 1 from policy_instalments i where i.policy_id = p.id)
             or not exists (select 1 from policy_beneficiaries b where b.policy_id = p.id)
             or not exists (select 1 from policy_sale_rates r where r.policy_id = p.id)`,
    ),
    list(
      db,
      sql`select p.policy_number as what from policies p
          where p.paid_cents <> coalesce((select sum(amount_cents) from payments m where m.policy_id = p.id), 0)`,
    ),
    list(
      db,
      sql`select f.id::text as what from files f where f.attached_at is not null
          and not exists (select 1 from kyc_documents k where k.file_id = f.id)
          and not exists (select 1 from policies p where p.contract_file_id = f.id)
          and not exists (select 1 from bank_accounts b where b.cheque_leaf_file_id = f.id)
          and not exists (select 1 from users u where u.image = '/api/v1/files/' || f.id::text)`,
    ),
    list(
      db,
      sql`select k.file_id::text as what from kyc_documents k left join files f on f.id = k.file_id where f.id is null or f.attached_at is null
          union all
          select p.contract_file_id::text from policies p left join files f on f.id = p.contract_file_id where p.contract_file_id is not null and f.id is null`,
    ),
    list(db, sql`select kind as what from outbound_messages where failed_at is not null`),
    verifyStoredLedger(db),
  ]);
  return { unnumbered, incomplete, paidMismatch, orphanFiles, missingFiles, unsentGivenUp, ledgerOk: ledger.ok };
}

export const NOTHING_BROKEN = { unnumbered: [], incomplete: [], paidMismatch: [], orphanFiles: [], missingFiles: [], unsentGivenUp: [], ledgerOk: true };

/** Policy numbers by idempotency key, and the receipts of the payments, as stored. */
export async function storedWrites(db: Db) {
  const policies = rowsOf<{ key: string; number: string }>(await db.execute(sql`select idempotency_key::text as key, policy_number as number from policies`));
  const payments = rowsOf<{ sequence: number; policy: string }>(
    await db.execute(sql`select m.sequence, p.policy_number as policy from payments m join policies p on p.id = m.policy_id`),
  );
  return {
    policiesByKey: new Map(policies.map((row) => [row.key, row.number])),
    policyNumbers: policies.map((row) => row.number),
    receipts: new Set(payments.map((row) => formatReceiptNumber(Number(row.sequence)))),
    paidPolicies: new Set(payments.map((row) => row.policy)),
  };
}
