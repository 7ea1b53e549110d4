import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { loggerOptions, type LogStream } from './logging';
import { graphqlPlugin } from './api/plugin';
import { PublicQueryCache } from './graphql/response-cache';
import { registerCompression } from './http/compression';
import { replyWithError } from './http/errors';
import { IndexHtml, loadPrerender } from './web-app/index-html';
import { registerSecurityHeaders } from './http/security-headers';
import { webAppPlugin } from './web-app/web-app';
import { filesPlugin } from './modules/files';
import { userImportRoutes } from './modules/admin-users';
import { healthRoutes } from './modules/health';
import { identityPlugin } from './modules/identity';
import { paymentsPlugin } from './modules/payments';
import { ledgerPlugin, ledgerRoutes } from './modules/audit';
import { metricsPlugin } from './modules/metrics';
import { pricingPlugin } from './modules/pricing';
import { cataloguePlugin } from './modules/catalogue';
import { PROVISIONAL_POLICY_EMAIL, renderProvisionalPolicyEmail } from './modules/purchase';
import { payoutRoutes } from './modules/payouts';
import { stormRoutes } from './modules/storms';
import { jobsPlugin } from './scheduled-jobs';
import './types';

export interface BuildAppOptions {
  config: Config;
  /** An open, prepared database owned by the caller (startServer, tests, bench), who closes it. */
  database: Database;
  clock?: Clock;
  /** Milliseconds that only move forward, for how long configuration is cached; tests pass their own. */
  monotonicNow?: () => number;
  /** Where log lines go instead of stdout; tests read them. */
  logStream?: LogStream;
}

/** A client may pass its own request id (a proxy's); anything odd is replaced by a UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole app without listening: tests use `app.inject`, startServer (start.ts) listens. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  monotonicNow = () => performance.now(),
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Fastify's default is no limit: a client that stalls mid-upload would hold one of the
    // bounded upload slots forever. Two minutes lets a 20 MB proof through a slow connection.
    requestTimeout: 120_000,
    // Personal data, secrets and SQL parameters never reach the logs (logging.ts).
    logger: loggerOptions(config, logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A hop count is passed as the function Fastify would build from it (its types take no number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  if (config.env === 'production' && config.seedDemo) {
    app.log.warn(
      'SEED_DEMO=true in production: the demo accounts (owner, admin, teller, purchasers) exist with the PUBLISHED password from the README. Anyone can sign in as them. Unset SEED_DEMO unless this is a throwaway test deployment.',
    );
  }

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('clock', clock);
  app.decorate('monotonicNow', monotonicNow);
  app.decorate('publicQueryCache', new PublicQueryCache(config.graphqlCacheTtlMs, () => clock().getTime()));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error, request, reply) => replyWithError(error, request, reply));

  // The built page is read once: its inline styles' hashes go into the CSP. The build's prerender
  // of the public pages (dist-ssr), when there is one, draws them into it (decision 020).
  const indexHtml = config.webDistExists
    ? new IndexHtml(config.webDistDir, {
        prerender: await loadPrerender(config.webDistDir),
        onPrerenderError: (error, path) => app.log.warn({ err: error, path }, 'page not prerendered'),
      })
    : undefined;
  await registerSecurityHeaders(app, {
    production: config.env === 'production',
    behindTrustedProxy: config.trustProxy !== false,
    inlineStyleHashes: indexHtml?.inlineStyleHashes,
  });
  // Before every route: it hooks each route as it is added.
  await registerCompression(app);

  // Before identity (its bearer hook), so it sees every route's answers.
  await app.register(metricsPlugin(database));
  await app.register(ledgerPlugin);
  await app.register(pricingPlugin);
  await app.register(cataloguePlugin);
  // Before every route: its bearer-token hook must see them all.
  await app.register(identityPlugin);
  app.identity.deliveries.register(PROVISIONAL_POLICY_EMAIL, renderProvisionalPolicyEmail);
  await app.register(filesPlugin);
  await app.register(paymentsPlugin);
  await app.register(stormRoutes);
  // The public checkpoint list and key (decision 136): after identity, whose hook gives every request its ability.
  await app.register(ledgerRoutes);
  await app.register(payoutRoutes);
  // Encapsulated: its raw-body parser serves the import route only.
  await app.register(userImportRoutes);
  await app.register(jobsPlugin);
  await app.register(healthRoutes);
  await app.register(graphqlPlugin);
  await app.register(webAppPlugin({ distDir: config.webDistExists ? config.webDistDir : undefined, indexHtml, origin: config.publicUrl ?? `http://localhost:${config.port}` }));
  return app;
}
