/**
 * `npm run backup -- FILE` / `npm run restore -- FILE`: the configured database (DATABASE_URL, or
 * PGlite in DATA_DIR, which needs the server stopped) to FILE and back. Exit 0: done; 1: failed,
 * with a sentence saying why.
 */
import { ConfigError, loadConfig } from './config';
import { BackupError, backupDatabase, restoreDatabase } from './db/backup';
import { DataDirLockedError } from './db/lock';

const [command, file] = process.argv.slice(2);

async function main(): Promise<void> {
  if ((command !== 'backup' && command !== 'restore') || !file) throw new BackupError('Usage: npm run backup -- FILE, or npm run restore -- FILE');
  const config = loadConfig(process.env);
  const target = config.databaseUrl ? { kind: 'postgres' as const, url: config.databaseUrl } : { kind: 'pglite' as const, dataDir: config.dataDir };
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  if (command === 'backup') await backupDatabase(target, file);
  else await restoreDatabase(target, file);
  console.log(command === 'backup' ? `Backed up ${where} to ${file}.` : `Restored ${where} from ${file}.`);
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(`${command ?? 'backup'} failed:`, known ? error.message : error);
  process.exit(1);
});
