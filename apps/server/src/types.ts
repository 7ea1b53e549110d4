import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { PublicQueryCache } from './graphql/response-cache';

// What buildApp puts on every Fastify instance, for REST routes of every module.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** PGlite is one process on its data (a lock file guarantees it); PostgreSQL may have many. */
    databaseKind: 'pglite' | 'postgres';
    clock: Clock;
    /** For cache lifetimes (offers, pricing): never goes back, unlike the clock. */
    monotonicNow: () => number;
    /** Shared answers to anonymous public queries; content and offer edit paths call `clear()`. */
    publicQueryCache: PublicQueryCache;
  }
}
