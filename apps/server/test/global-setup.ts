/**
 * Once per run of the server project: names the run, so its suites share one template database
 * of each kind (templates.ts), and removes those templates at the end. Kept free of the app's
 * imports: it runs in vitest's main process.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's templates, which the teardown removes. */
    fhpTestRun: string;
  }
}

/** Where this run's PGlite dumps live. */
export function pgliteTemplateDir(run: string): string {
  return join(tmpdir(), 'fhp-test-templates', run);
}

/** Prefix of this run's template databases on TEST_DATABASE_URL's server. */
export function postgresTemplatePrefix(run: string): string {
  return `fhp_tpl_${run}_`;
}

/** Runs statements on TEST_DATABASE_URL's server with one connection of its own. */
export async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  // Only [a-z0-9]: it becomes part of database and file names.
  const run = `r${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('fhpTestRun', run);
  return async () => {
    rmSync(pgliteTemplateDir(run), { recursive: true, force: true });
    if (!process.env.TEST_DATABASE_URL) return;
    await withServer(async (client) => {
      const prefix = postgresTemplatePrefix(run);
      const rows = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
      for (const { datname } of rows.rows) await client.query(`drop database if exists "${datname}" with (force)`);
    });
  };
}
