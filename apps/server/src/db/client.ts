import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DEFAULT_POOL } from '../config';
import { CONTENTION_RETRY, contentionCode, retryOnContention } from './contention';
import * as schema from './schema';
import { lockDataDir } from './lock';

export type Schema = typeof schema;
/** The pg-core database both drivers produce: modules depend on this, never on a driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any fixed number works; it only has to be the same for every instance of this app. */
const BOOT_ADVISORY_LOCK = 727_001;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Applies pending migrations, then runs `afterMigrate` (the seed) with exclusive access: on
   * PostgreSQL an advisory lock keeps several instances booting at once from racing.
   */
  prepare(afterMigrate?: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
  /** Connections of the pool (PostgreSQL): for /metrics. PGlite is one connection and has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Transactions run again after a deadlock or serialization failure, and those still failing after the last run: for /metrics. */
  contention: { retried: number; gaveUp: number };
}

/**
 * Every top-level `db.transaction` of the app is retried on a deadlock or serialization failure
 * (db/contention.ts): one place instead of each caller, and only whole transactions (a nested
 * `tx.transaction` is a savepoint of an aborted transaction and is not retried).
 */
function retryTransactionsOnContention(db: Db): Database['contention'] {
  const stats = { retried: 0, gaveUp: 0 };
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    retryOnContention(() => transaction(work, config), {
      ...CONTENTION_RETRY,
      onRetry: () => void (stats.retried += 1),
    }).catch((error: unknown) => {
      if (contentionCode(error) !== undefined) stats.gaveUp += 1;
      throw error;
    })) as Db['transaction'];
  return stats;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      /** undefined: in memory (tests, bench) */
      dataDir?: string;
      /**
       * In memory only: start from a data directory dumped by PGlite's `dumpDataDir` instead of an
       * empty one. Tests load a migrated, seeded copy made once per run (test/templates.ts).
       */
      loadDataDir?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How long a query waits for a free connection (or a new one) before it fails, answered 503. */
      connectTimeoutMs?: number;
    };


async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    // A subfolder: PGlite's initdb wants an empty folder, and DATA_DIR also holds the lock file.
    const client = dataDir ? new PGlite(join(dataDir, 'pglite')) : new PGlite({ loadDataDir });
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    let closed = false;
    return {
      kind: 'pglite',
      db,
      contention: retryTransactionsOnContention(db),
      async prepare(afterMigrate) {
        await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
        // One connection: nothing else can interleave, so no lock is needed.
        await afterMigrate?.(db);
      },
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string, poolSize: number, connectTimeoutMs: number): Promise<Database> {
  // A bounded wait for a connection: past it the request answers 503 with Retry-After
  // (unavailable.ts) instead of queueing without end behind a rush.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: connectTimeoutMs });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  // The pool only listens for errors on idle clients. A client checked out by a request (between
  // two queries of a transaction) that loses its server emits 'error' with no listener, which
  // would kill the process (pg_terminate_backend, a failover). The query in flight or the next
  // one rejects anyway and the request answers 503 (unavailable.ts); the pool drops the client on
  // release because it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    kind: 'postgres',
    db,
    contention: retryTransactionsOnContention(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async prepare(afterMigrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [BOOT_ADVISORY_LOCK]);
        try {
          const bootDb = drizzlePg({ client, schema });
          await migratePg(bootDb, { migrationsFolder: MIGRATIONS_DIR });
          await afterMigrate?.(bootDb);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [BOOT_ADVISORY_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.loadDataDir)
    : openPostgres(options.url, options.poolSize ?? DEFAULT_POOL.size, options.connectTimeoutMs ?? DEFAULT_POOL.connectTimeoutMs);
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR. */
export function databaseOptionsFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePool?: { size: number; connectTimeoutMs: number };
}): DatabaseOptions {
  if (!config.databaseUrl) return { kind: 'pglite', dataDir: config.dataDir };
  const pool = config.databasePool ?? { size: DEFAULT_POOL.size, connectTimeoutMs: DEFAULT_POOL.connectTimeoutMs };
  return { kind: 'postgres', url: config.databaseUrl, poolSize: pool.size, connectTimeoutMs: pool.connectTimeoutMs };
}
