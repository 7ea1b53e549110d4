import { ConfigError, loadConfig } from './config';
import { startServer } from './start';

/** The process entry: web app, /graphql and REST on one port; closes the database on SIGINT/SIGTERM. */
// Async, so a ConfigError from loadConfig is reported below like any other start failure.
const starting = (async () => startServer({ config: loadConfig(process.env) }))();

/**
 * SIGTERM drains: Fastify stops accepting connections, answers 503 to requests arriving on open
 * keep-alive connections, and lets requests in flight finish (uploads wait at most their 30 s slot
 * wait plus the body). Past this bound the process exits anyway: an orchestrator's own kill timeout
 * (often 30 s) should be longer.
 */
const SHUTDOWN_GRACE_MS = 25_000;

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  // A signal during boot waits for it, so the database is closed cleanly either way.
  const server = await starting.catch(() => undefined);
  if (!server) return; // the start failure below reports and exits
  server.app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    server.app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  // Node closes the keep-alive connections idle when closing starts; one whose request finishes
  // later would hold the close until its client hangs up. Close those as they become idle.
  setInterval(() => server.app.server.closeIdleConnections(), 500).unref();
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
