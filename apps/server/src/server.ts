import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** Starts the one process: web app, /graphql and REST on one port; closes the database on stop. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close(); // onClose closes the database (and releases the DATA_DIR lock)
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  app.log.info(
    { database: where, web: config.webDistExists ? config.webDistDir : 'not built' },
    `FHP listening on ${config.publicUrl ?? `http://localhost:${config.port}`}`,
  );
}

main().catch((error: unknown) => {
  // Config and lock errors are for a person at a terminal: print the sentence, not a stack.
  const message = error instanceof ConfigError || (error instanceof Error && error.name === 'DataDirLockedError') ? error.message : error;
  console.error('FHP server failed to start:', message);
  process.exit(1);
});
