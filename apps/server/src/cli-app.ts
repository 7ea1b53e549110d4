/**
 * The app as the storm CLIs use it: configured from the environment (quiet logs unless LOG_LEVEL
 * says otherwise), on the configured database, with no sealing timer, closed whatever happens.
 * A setting the configuration refuses is printed and answers exit code 2 ("could not run").
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openConfiguredDatabase } from './start';

export async function withCliApp(env: Record<string, string>, body: (app: FastifyInstance, config: Config) => Promise<number>): Promise<number> {
  let config: Config;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...env });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config: { ...config, ledgerSealIntervalSeconds: 0 }, database });
  try {
    await app.ready();
    return await body(app, config);
  } finally {
    await app.close();
    await database.close();
  }
}
