/**
 * Migrated (and seeded) databases built once per test run and copied for each suite (decision 105).
 *
 * Migrating and seeding a fresh database took about half of every server test file's time. Now
 * the first suite of a run that needs one builds a template, and every suite gets its own copy:
 * PostgreSQL with `CREATE DATABASE ... TEMPLATE`, PGlite by loading a dumped data directory (which
 * also skips PGlite's initdb). The key holds the run (global-setup.ts provides it and removes the
 * templates at the end) and a hash of the migrations and the seed's sources, so watch mode picks
 * up an edited migration. Suites about migrating or seeding themselves use `createTestDatabase`.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { inject } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/client';
import { pgliteTemplateDir, postgresTemplatePrefix, withServer } from './global-setup';
import * as schema from '../src/db/schema';
import { seedDemoData } from '../src/seed';
import { usePasswordHashCost } from '../src/modules/identity';

/** Everything the template's content depends on besides the code of the migrator itself. */
const SOURCES = [
  MIGRATIONS_DIR,
  fileURLToPath(new URL('../src/seed', import.meta.url)),
  fileURLToPath(new URL('../src/modules/identity/seed.ts', import.meta.url)),
];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => filesUnder(join(path, entry)));
}

let sourcesHash: string | undefined;
function hashOfSources(): string {
  if (sourcesHash === undefined) {
    const hash = createHash('sha256');
    for (const file of SOURCES.flatMap(filesUnder).filter((file) => !file.endsWith('.test.ts'))) {
      hash.update(file).update('\0').update(readFileSync(file)).update('\0');
    }
    sourcesHash = hash.digest('hex').slice(0, 12);
  }
  return sourcesHash;
}

/** Only [a-z0-9] so it fits in an unquoted database name and a file name. */
export function testRunId(): string {
  let run: string | undefined;
  try {
    run = inject('fhpTestRun');
  } catch {
    run = undefined;
  }
  // Without the global setup (another config): one template per process, left for the OS to clean.
  return (run ?? `p${process.pid}`).replace(/[^a-z0-9]/g, '');
}

export type TemplateContent = 'seeded' | 'migrated';

async function buildPgliteDump(content: TemplateContent): Promise<Buffer> {
  // The same two steps as Database.prepare; a bare client because openDatabase does not dump.
  // The demo accounts' hashes at the cost testConfig() gives the suites' apps: cheap sign-ins.
  usePasswordHashCost('low');
  const client = new PGlite();
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    if (content === 'seeded') await seedDemoData(db);
    await client.exec('checkpoint');
    return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  } finally {
    await client.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dumps = new Map<string, Promise<Blob>>();

/**
 * The dumped data directory of a migrated (and seeded) PGlite database. The first worker to ask
 * builds it under an exclusive lock file; the others wait for the file (written then renamed, so
 * it is never read half-written).
 */
export function pgliteTemplate(content: TemplateContent): Promise<Blob> {
  const dir = pgliteTemplateDir(testRunId());
  const file = join(dir, `${content}-${hashOfSources()}.tar`);
  let dump = dumps.get(file);
  if (!dump) {
    dump = (async () => {
      mkdirSync(dir, { recursive: true });
      const deadline = Date.now() + 170_000;
      while (!existsSync(file)) {
        let lock: number | undefined;
        try {
          lock = openSync(`${file}.lock`, 'wx');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        if (lock !== undefined) {
          try {
            if (!existsSync(file)) {
              writeFileSync(`${file}.${process.pid}`, await buildPgliteDump(content));
              renameSync(`${file}.${process.pid}`, file);
            }
          } finally {
            closeSync(lock);
            rmSync(`${file}.lock`, { force: true });
          }
        } else {
          // A builder that died leaves its lock: past the deadline, build without one.
          if (Date.now() > deadline) rmSync(`${file}.lock`, { force: true });
          await sleep(100);
        }
      }
      return new Blob([readFileSync(file)]);
    })();
    dumps.set(file, dump);
  }
  return dump;
}

function urlOf(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a migrated (and seeded) template database on TEST_DATABASE_URL's server. Built once
 * per run under an advisory lock; built under another name and renamed, so a failed build is
 * never copied.
 */
export function postgresTemplate(content: TemplateContent): Promise<string> {
  const name = `${postgresTemplatePrefix(testRunId())}${content === 'seeded' ? 's' : 'm'}_${hashOfSources()}`;
  let template = templates.get(name);
  if (!template) {
    template = withServer(async (client) => {
      await client.query('select pg_advisory_lock(hashtext($1))', [name]);
      try {
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount === 0) {
          const building = `${name}_b`;
          await client.query(`drop database if exists "${building}" with (force)`);
          await client.query(`create database "${building}"`);
          usePasswordHashCost('low');
          const database = await openDatabase({ kind: 'postgres', url: urlOf(building), poolSize: 1 });
          try {
            await database.prepare(content === 'seeded' ? seedDemoData : undefined);
          } finally {
            await database.close();
          }
          await client.query(`alter database "${building}" rename to "${name}"`);
        }
        return name;
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
      }
    });
    templates.set(name, template);
  }
  return template;
}

/** Creates the database `name` as a copy of `template`. */
export async function copyPostgresTemplate(template: string, name: string): Promise<void> {
  await withServer(async (client) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`create database "${name}" template "${template}"`);
        return;
      } catch (error) {
        // 55006: the template still had a session (its builder's, closing); PostgreSQL waits 5 s, then refuses.
        if ((error as { code?: string }).code !== '55006' || attempt >= 5) throw error;
        await sleep(200);
      }
    }
  });
}
