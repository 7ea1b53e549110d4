import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Clock } from './clock';
import type { Config } from './config';
import { databaseOptionsFromConfig, openDatabase, type Database } from './db/client';
import type { LogStream } from './logging';
import { seedFor } from './seed';
import { seedDemoKyc } from './seed/demo-kyc';
import { seedDemoPolicies } from './seed/demo-policies';
import { lifecycleDeps } from './modules/lifecycle';
import { loadShippedStorms } from './modules/storms';

export interface StartServerOptions {
  config: Config;
  /**
   * An open, migrated database owned by the caller, who closes it. Without it the one the config
   * names is opened, migrated and seeded (reference data; demo accounts when SEED_DEMO), and closed by `close()`.
   */
  database?: Database;
  clock?: Clock;
  /** Where the log lines go instead of stdout (the e2e harness reads them). */
  logStream?: LogStream;
}

export interface StartedServer {
  app: FastifyInstance;
  /** The database the app runs on (the caller's, or the one opened here). */
  database: Database;
  /** Where this process listens, on this machine (links customers get use config.publicUrl). */
  url: string;
  /** Stops listening, closes the app and then the database when it was opened here. Idempotent. */
  close(): Promise<void>;
}

/** Opens the database the config names and migrates and seeds it; closes it again if that fails. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    await database.prepare(seedFor(config));
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * The one start-up path (server.ts, the e2e harness): opens and prepares the database, builds the
 * app, listens on the configured port and logs where, with which database and web app.
 */
export async function startServer({ config, database, clock, logStream }: StartServerOptions): Promise<StartedServer> {
  const owned = database === undefined;
  const db = database ?? (await openConfiguredDatabase(config));
  const closeDatabase = () => (owned ? db.close() : Promise.resolve());

  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database: db, clock, logStream });
    // Real storm tracks for the tracker, the maps and the back-test (reference data, demo or not).
    // First: they load only into a database without storms, and the demo adds exercise storms.
    const shipped = await loadShippedStorms(lifecycleDeps(app));
    if (shipped > 0) app.log.info({ storms: shipped }, 'Shipped storm tracks loaded');
    // The demo's policies go through the app's own services (ledger, blob store), so they are seeded here.
    if (config.seedDemo) {
      const seeded = await seedDemoPolicies(app);
      if (seeded > 0) app.log.info({ policies: seeded }, 'Demo policies seeded in every status');
      const holders = await seedDemoKyc(app);
      if (holders > 0) app.log.info({ holders }, 'Demo KYC documents seeded');
    }
  } catch (error) {
    await closeDatabase();
    throw error;
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      try {
        await app.close();
      } finally {
        await closeDatabase(); // releases the DATA_DIR lock
      }
    })());

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await close();
    throw error;
  }

  // The port actually bound (PORT=0 picks one).
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  app.log.info({ database: where, web: config.webDistExists ? config.webDistDir : 'not built', links: config.publicUrl }, `FHP listening on ${url}`);

  return { app, database: db, url, close };
}
