/**
 * Backups of the configured database to one file, and back (`npm run backup -- FILE`,
 * `npm run restore -- FILE`). PGlite: its data folder as a gzipped tar (PGlite's own dump), taken
 * with the folder's lock, so the server must be stopped. PostgreSQL: pg_dump's custom format and
 * pg_restore (`--clean --if-exists`), while the servers run; a clear message where they are not installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './lock';

export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

function run(tool: 'pg_dump' | 'pg_restore', args: string[]): void {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new BackupError(`${tool} is not installed here. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client), matching the server's major version.`);
  }
  if (result.status !== 0) throw new BackupError(`${tool} failed: ${(result.stderr || String(result.error)).trim()}`);
}

export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') return run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${target.url}`]);
  if (!existsSync(join(target.dataDir, 'pglite'))) throw new BackupError(`There is no database in DATA_DIR ${target.dataDir} to back up.`);
  const release = lockDataDir(target.dataDir);
  try {
    const client = new PGlite(join(target.dataDir, 'pglite'));
    try {
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** Replaces the database's contents with the backup's. */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') return run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${target.url}`, file]);
  const bytes = readFileSync(file);
  const release = lockDataDir(target.dataDir);
  try {
    const folder = join(target.dataDir, 'pglite');
    rmSync(folder, { recursive: true, force: true });
    const client = new PGlite(folder, { loadDataDir: new Blob([bytes]) });
    await client.waitReady;
    await client.close();
  } finally {
    release();
  }
}
