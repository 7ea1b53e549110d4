import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';

export type DatabaseKind = Database['kind'];

/** A database made for one suite; `dispose` closes it and, on PostgreSQL, drops it. */
export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

/** Every database the suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
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

export async function createScratchPostgres(): Promise<ScratchPostgres> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  // Unique per suite so parallel workers never share state; only [a-z0-9_] so quoting is safe.
  const name = `fhp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
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
  const scratch = await createScratchPostgres();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
  return {
    database,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}
