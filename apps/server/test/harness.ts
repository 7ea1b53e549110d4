import { appendFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../src/app';
import type { Clock } from '../src/clock';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import type { LogStream } from '../src/logging';
import { createPreparedTestDatabase, defaultDatabaseKind, testDatabaseKinds, type DatabaseKind } from './databases';
import { GENEROUS_CLIENT_LIMITS } from './limits';

export { GENEROUS_CLIENT_LIMITS };

/** The tests' checkpoint signing key (ES256, public like the other test secrets here). */
export const TEST_CHECKPOINT_PRIVATE_KEY =
  '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgDQJ8O4+ptG0tGB2P\nPqB3MI/mp9h6VIPgl1I+CCWPs/6hRANCAAS5pSfbRfE5o6lMbN+y/5Rf8aso5xHI\n+DplTcFRlyRE0UZe0hxlxbQ9X42CHwlYSAdjXZEiXYKCunaMEldYti19\n-----END PRIVATE KEY-----';

/** A config for tests: quiet logs and no web build unless a test asks for one. */
export function testConfig(env: Record<string, string> = {}): Config {
  // Secrets of its own, so suites that switch to production (which requires them) still boot.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent/fhp-web-dist',
    OTP_PEPPER: 'test-pepper-0123456789abcdef0123456789abcdef',
    LEDGER_PSEUDONYM_KEY: 'test-ledger-key-0123456789abcdef0123456789',
    BANK_ACCOUNT_KEY: 'test-bank-key-0123456789abcdef0123456789ab',
    LEDGER_CHECKPOINT_PRIVATE_KEY: TEST_CHECKPOINT_PRIVATE_KEY,
    // Suites sign up and sign in far more than any client would in an hour, all from one address;
    // the limits' own tests (client-limits.test.ts) set the real defaults back.
    ...GENEROUS_CLIENT_LIMITS,
    // Cheap password hashes (the seeded accounts' are made so too, templates.ts): suites sign in
    // hundreds of times. Only where NODE_ENV stays test, the one place config.ts accepts it.
    ...(env.NODE_ENV === undefined || env.NODE_ENV === 'test' ? { TEST_PASSWORD_HASH_COST: 'low' } : {}),
    ...env,
  });
}

export interface SuiteOptions {
  /** Demo data (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  clock?: Clock;
  /** For cache lifetimes; defaults to the process's. */
  monotonicNow?: () => number;
  /** Where the app's log lines go (LOG_LEVEL in `env` decides which); tests read them. */
  logStream?: LogStream;
  /**
   * 'both': the suite is about something the two engines do differently (locking, concurrency,
   * SQL features, migrations, backup, PGlite's file lock) and runs once per `testDatabaseKinds()`.
   * Default 'one': business rules, run once on `defaultDatabaseKind()` (decision 105).
   */
  engines?: 'one' | 'both';
}

/** Filled in by beforeAll; read it inside tests, not at collection time. */
export interface AppSuite {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: Database;
}

/** FHP_TEST_TIMINGS=<file>: each suite's setup time is appended to it, to see what a change saves. */
function logSetupTime(kind: DatabaseKind, title: string, ms: number): void {
  const file = process.env.FHP_TEST_TIMINGS;
  if (file) appendFileSync(file, `${kind}\t${Math.round(ms)}\t${title}\n`);
}

/**
 * Runs `body` against a real app on a database of its own, migrated (and by default seeded): a
 * copy of this run's template (templates.ts). Once on the default database, or once per test
 * database with `engines: 'both'` (see databases.ts). Later issues add fixtures through `options`
 * or by using `suite.database.db` in their own beforeAll.
 */
export function describeApp(title: string, body: (suite: AppSuite) => void, options: SuiteOptions = {}): void {
  const kinds = options.engines === 'both' ? testDatabaseKinds() : [defaultDatabaseKind()];
  for (const kind of kinds) {
    describe(`${title} [${kind}]`, () => {
      const suite = { kind } as AppSuite;
      let dispose: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const started = performance.now();
        const test = await createPreparedTestDatabase(kind, options.seed === false ? 'migrated' : 'seeded');
        dispose = test.dispose;
        suite.database = test.database;
        suite.app = await buildApp({
          config: testConfig(options.env),
          database: test.database,
          clock: options.clock,
          monotonicNow: options.monotonicNow,
          logStream: options.logStream,
        });
        await suite.app.ready();
        // The jobs' catch-up run at start finishes before the first test, so it never races one.
        await suite.app.jobs.idle();
        logSetupTime(kind, title, performance.now() - started);
      });
      afterAll(async () => {
        await suite.app?.close();
        await dispose?.();
      });
      body(suite);
    });
  }
}

export interface GraphQLBody<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; display_message?: string } }[];
}

/** POSTs a GraphQL operation; returns the HTTP status and the parsed body. */
export async function gql<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  variables?: Record<string, unknown>,
): Promise<{ status: number; body: GraphQLBody<T>; response: LightMyRequestResponse }> {
  const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
  return { status: response.statusCode, body: response.json<GraphQLBody<T>>(), response };
}
