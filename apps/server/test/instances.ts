import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Clock } from '../src/clock';
import { openDatabase, type Database } from '../src/db/client';
import { testConfig } from './harness';

/**
 * A second app instance on the suite's PostgreSQL database, with its own pool: requests sent to it
 * and to the suite's app race over separate connections, as two servers behind one balancer would.
 */
export async function secondInstance(database: Database, clock: Clock): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  const other = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
  const app = await buildApp({ config: testConfig(), database: other, clock });
  await app.ready();
  await app.jobs.idle();
  return { app, close: async () => (await app.close(), await other.close()) };
}
