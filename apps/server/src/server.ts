import { ConfigError, loadConfig } from './config';
import { startServer } from './start';

/** The process entry: web app, /graphql and REST on one port; closes the database on SIGINT/SIGTERM. */
// Async, so a ConfigError from loadConfig is reported below like any other start failure.
const starting = (async () => startServer({ config: loadConfig(process.env) }))();

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  // A signal during boot waits for it, so the database is closed cleanly either way.
  const server = await starting.catch(() => undefined);
  if (!server) return; // the start failure below reports and exits
  server.app.log.info({ signal }, 'shutting down');
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    server.app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));

starting.catch((error: unknown) => {
  // Config and lock errors are for a person at a terminal: print the sentence, not a stack.
  const message = error instanceof ConfigError || (error instanceof Error && error.name === 'DataDirLockedError') ? error.message : error;
  console.error('FHP server failed to start:', message);
  process.exit(1);
});
