/**
 * `npm run ledger:verify`: checks the whole proof ledger of the configured database (DATABASE_URL,
 * or PGlite in DATA_DIR) from the genesis entry to the head, every entry and every sealed block,
 * and says so. Exit 0: it verifies; 1: it is broken (the first bad entry and why); 2: it could not
 * be checked (bad configuration, no database, the PGlite folder held by a running server).
 * Read-only: it neither migrates nor seals.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { databaseOptionsFromConfig, openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { ledgerHead } from './db/schema';
import { type StoredLedgerVerdict, verifyStoredLedger } from './modules/audit';

class CannotCheck extends Error {}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What the operator reads: one line of verdict, one of detail. */
function describeVerdict(verdict: StoredLedgerVerdict, sealedSequence: number): string[] {
  const checked = `${count(verdict.checked, 'entry', 'entries')} and ${count(verdict.blocksChecked, 'block', 'blocks')}`;
  if (verdict.ok) {
    const pending = verdict.headSequence - sealedSequence;
    return [
      verdict.headSequence === 0
        ? 'Ledger verified: it is empty (no entries yet).'
        : `Ledger verified: ${checked} checked, from the genesis entry to entry ${verdict.headSequence}.`,
      ...(pending > 0 ? [`${count(pending, 'entry is', 'entries are')} not in a block yet (sealed every few seconds by the server).`] : []),
    ];
  }
  const { sequence, block, reason } = verdict.brokenAt;
  return [
    `Ledger BROKEN at entry ${sequence}${block === undefined ? '' : ` (block ${block})`}: ${reason}.`,
    `${checked} before it checked out. Everything from entry ${sequence} on can no longer be trusted.`,
  ];
}

async function open(): Promise<Database> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CannotCheck(error.message);
    throw error;
  }
  const options = databaseOptionsFromConfig(config);
  if (options.kind === 'pglite' && !existsSync(join(options.dataDir!, 'pglite'))) {
    throw new CannotCheck(`There is no database in DATA_DIR ${options.dataDir}: start the server once there, or set DATA_DIR or DATABASE_URL.`);
  }
  try {
    return await openDatabase(options);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const pid = /pid (\d+)/.exec(error.message)?.[1];
      throw new CannotCheck(
        `DATA_DIR ${config.dataDir} is in use by a running server${pid ? ` (pid ${pid})` : ''}, and PGlite lets one process at a time open it. ` +
          'Stop the server, then run ledger:verify again (or point DATABASE_URL at PostgreSQL).',
      );
    }
    throw error;
  }
}

async function main(): Promise<number> {
  const database = await open();
  try {
    const tables = (await database.db.execute(sql`select to_regclass('ledger_blocks') is not null as ready`)) as unknown as { rows: { ready: boolean }[] };
    if (tables.rows[0]?.ready !== true) throw new CannotCheck('This database has no proof ledger yet (or an older one): start the server once to migrate it.');
    const verdict = await verifyStoredLedger(database.db);
    const [head] = await database.db.select({ sealedSequence: ledgerHead.sealedSequence }).from(ledgerHead);
    const lines = describeVerdict(verdict, head?.sealedSequence ?? 0);
    (verdict.ok ? console.log : console.error)(lines.join('\n'));
    return verdict.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof CannotCheck ? `ledger:verify could not check the ledger. ${error.message}` : error);
    process.exit(2);
  },
);
