import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { copyPostgresTemplate, pgliteTemplate, postgresTemplate, type TemplateContent } from './templates';

export type DatabaseKind = Database['kind'];

/** A database made for one suite; `dispose` closes it and, on PostgreSQL, drops it. */
export interface TestDatabase {
  database: Database;
  /** PostgreSQL's address of it, for a child process (a CLI, a server) to connect to; none for PGlite in memory. */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * Every database the suites about the engines' differences run on (decision 105): PGlite always,
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The one database the other suites run on (decision 105): PostgreSQL, the production engine, when
 * TEST_DATABASE_URL is set (as in CI), PGlite otherwise.
 */
export function defaultDatabaseKind(): DatabaseKind {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

async function adminQuery(sql: string): Promise<void> {
  await serverQuery(sql);
}

/** An empty PostgreSQL database of the caller's on TEST_DATABASE_URL's server; `drop` removes it. */
export interface ScratchPostgres {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** An empty one, or with `template`: a copy of that database. */
export async function createScratchPostgres(template?: string): Promise<ScratchPostgres> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  // Unique per suite so parallel workers never share state; only [a-z0-9_] so quoting is safe.
  const name = `fhp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (template) await copyPostgresTemplate(template, name);
  else await adminQuery(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(`drop database if exists "${name}" with (force)`) };
}

/** Runs one statement on TEST_DATABASE_URL's server (as its user): fault tests terminate backends with it. */
export async function serverQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh empty database (not migrated): in-memory PGlite, or a uniquely named PostgreSQL one. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, dispose: () => database.close() };
  }
  return onScratchPostgres(await createScratchPostgres());
}

/** A pool of four on a scratch PostgreSQL database, dropped with it. */
async function onScratchPostgres(scratch: Awaited<ReturnType<typeof createScratchPostgres>>): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
  return {
    database,
    url: scratch.url,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A database already migrated (and, with 'seeded', holding the demo seed), copied in milliseconds
 * from this run's template (templates.ts) instead of migrated afresh: do not `prepare` it.
 */
export async function createPreparedTestDatabase(kind: DatabaseKind, content: TemplateContent): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate(content) });
    return { database, dispose: () => database.close() };
  }
  return onScratchPostgres(await createScratchPostgres(await postgresTemplate(content)));
}

/**
 * A database for a command-line tool that a test runs as a child process: `env` points the tool at
 * it (an empty PGlite folder the tool opens and migrates itself, or a migrated copy on PostgreSQL),
 * `read` opens it in the test between two runs of the tool (PGlite lets one process at a time in).
 */
export interface CliTestDatabase {
  env: Record<string, string>;
  read<T>(query: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export async function createCliTestDatabase(kind: DatabaseKind): Promise<CliTestDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'fhp-cli-'));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      async read(query) {
        const database = await openDatabase({ kind: 'pglite', dataDir });
        return query(database.db).finally(() => database.close());
      },
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const copy = await createPreparedTestDatabase('postgres', 'migrated');
  return { env: { DATABASE_URL: copy.url! }, read: (query) => query(copy.database.db), dispose: copy.dispose };
}
