import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/**
 * What every instance caches of the catalogue (offers, seasons, pricing, page content, FAQ) is
 * forgotten on every instance within a second of an edit (issue 11: "on every instance within the
 * public cache's lifetime"). An edit runs through `edit(work)`: one transaction that also bumps a
 * version row in `settings`; once it has committed, this instance forgets its caches at once. Every instance reads the
 * version row once per `CATALOGUE_CHECK_MS` (one primary-key read) and, when it moved, forgets its
 * offers, pricing snapshot and public answers, so its next quote, page and index.html are exact.
 */
export const CATALOGUE_VERSION_KEY = 'catalogue_version';
export const CATALOGUE_CHECK_MS = 1000;

export interface Catalogue {
  /** Runs an edit of the catalogue in one transaction with the version's bump, then forgets the caches. */
  edit<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Reads the version now; forgets the caches when another instance changed it. True when it did. */
  check(): Promise<boolean>;
  /** Forgets this instance's cached catalogue (offers, pricing, public answers). */
  forget(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: Catalogue;
  }
}

async function bump(tx: Db): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: CATALOGUE_VERSION_KEY, value: sql`'1'::jsonb` })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`to_jsonb((${settings.value} #>> '{}')::bigint + 1)`, updatedAt: sql`now()` } });
}

async function read(db: Db): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, CATALOGUE_VERSION_KEY)).limit(1);
  return JSON.stringify(row?.value ?? 0);
}

export function createCatalogue(app: Pick<FastifyInstance, 'db' | 'offers' | 'pricingConfig' | 'publicQueryCache'>): Catalogue {
  let seen: string | undefined;
  const forget = () => {
    app.offers.invalidate();
    app.pricingConfig.invalidate();
    app.publicQueryCache.clear();
  };
  return {
    async edit(work) {
      const result = await app.db.transaction(async (tx) => {
        const done = await work(tx);
        await bump(tx);
        return done;
      });
      // After the commit: a read made before it could otherwise be cached as the new state.
      forget();
      return result;
    },
    async check() {
      const version = await read(app.db);
      const moved = seen !== undefined && version !== seen;
      seen = version;
      if (moved) forget();
      return moved;
    },
    forget,
  };
}

/** Checks the version every `intervalMs` until stopped; a failed read is logged and tried again. */
function startChecking(catalogue: Catalogue, log: FastifyBaseLogger, intervalMs: number): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    catalogue
      .check()
      .catch((error: unknown) => log.warn({ err: error }, 'catalogue version not checked'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** After the pricing plugin (its caches) and with the public query cache decorated. */
export const cataloguePlugin = fp(
  async (app) => {
    const catalogue = createCatalogue(app);
    app.decorate('catalogue', catalogue);
    // Tests check by hand (two apps on one database), so no timer runs under their feet.
    if (app.config.env === 'test') return;
    let checking: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      await catalogue.check();
      checking = startChecking(catalogue, app.log, CATALOGUE_CHECK_MS);
    });
    app.addHook('onClose', async () => {
      checking?.stop();
    });
  },
  { name: 'catalogue', dependencies: ['pricing'] },
);
