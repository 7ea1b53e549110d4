import { timingSafeEqual } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { jobRuns, policies } from '../../db/schema';

export const METRICS_PATH = '/metrics';

/** Operation names are the client's choice: beyond this many distinct ones, the rest count as "other". */
const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/metrics` in Prometheus text format (prom-client), only when METRICS_TOKEN is set and only with
 * `Authorization: Bearer <METRICS_TOKEN>`: requests and latency per route and GraphQL operation,
 * refused uploads, 429 refusals (rate limits), purchases and job runs (counted in the database, so
 * every instance reports the same totals), and the database pool's use. A registry per app: tests
 * build many apps in one process. Registered before identity: its hook would read the metrics
 * token as a session token and refuse it.
 */
export const metricsPlugin = (database: Database) =>
  fp(
    async (app: FastifyInstance) => {
      const token = app.config.metricsToken;
      if (token === undefined) return;
      const registry = new Registry();
      const labelsOf = (request: FastifyRequest) => ({ method: request.method, route: request.routeOptions.url ?? 'unmatched' });
      const requests = new Counter({ name: 'fhp_http_requests_total', help: 'HTTP requests by route and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
      const latency = new Histogram({
        name: 'fhp_http_request_duration_seconds',
        help: 'HTTP latency by route',
        labelNames: ['method', 'route'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers: [registry],
      });
      const operations = new Histogram({
        name: 'fhp_graphql_operation_duration_seconds',
        help: 'GraphQL latency by operation name',
        labelNames: ['operation', 'status'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [registry],
      });
      const uploadRefusals = new Counter({ name: 'fhp_upload_refusals_total', help: 'Uploads refused, by status', labelNames: ['status'], registers: [registry] });
      const limitRefusals = new Counter({ name: 'fhp_rate_limit_refusals_total', help: '429 answers (client, account, code and quota limits), by route', labelNames: ['route'], registers: [registry] });
      const names = new Set<string>();
      const operationName = (request: FastifyRequest) => {
        const name = (request.body as { operationName?: unknown } | null | undefined)?.operationName;
        if (typeof name !== 'string' || !OPERATION_NAME.test(name)) return 'anonymous';
        if (names.has(name)) return name;
        if (names.size >= MAX_OPERATION_NAMES) return 'other';
        names.add(name);
        return name;
      };

      new Gauge({
        name: 'fhp_policies_total',
        help: 'Policies stored (every acknowledged purchase)',
        registers: [registry],
        async collect() {
          const [row] = await app.db.select({ n: count() }).from(policies);
          this.set(Number(row?.n ?? 0));
        },
      });
      new Gauge({
        name: 'fhp_job_runs_total',
        help: 'Scheduled job runs recorded (one per job and tick across all instances)',
        labelNames: ['job'],
        registers: [registry],
        async collect() {
          this.reset();
          for (const row of await app.db.select({ job: jobRuns.job, n: count() }).from(jobRuns).groupBy(jobRuns.job)) this.set({ job: row.job }, Number(row.n));
        },
      });
      new Gauge({
        name: 'fhp_db_pool_connections',
        help: 'Database pool connections by state (PostgreSQL)',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const stats = database.poolStats?.();
          if (!stats) return;
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });

      app.addHook('onResponse', async (request, reply) => {
        const labels = labelsOf(request);
        if (labels.route === METRICS_PATH) return;
        const seconds = reply.elapsedTime / 1000;
        requests.inc({ ...labels, status: String(reply.statusCode) });
        latency.observe(labels, seconds);
        if (labels.route === '/graphql') operations.observe({ operation: operationName(request), status: String(reply.statusCode) }, seconds);
        if (labels.route === '/api/v1/files' && request.method === 'POST' && reply.statusCode >= 400) uploadRefusals.inc({ status: String(reply.statusCode) });
        if (reply.statusCode === 429) limitRefusals.inc({ route: labels.route });
      });

      // In onRequest, ahead of the identity hook (see above).
      app.addHook('onRequest', async (request, reply) => {
        if (request.url !== METRICS_PATH || request.method !== 'GET') return;
        const header = request.headers.authorization ?? '';
        const given = /^Bearer (.+)$/.exec(header)?.[1];
        if (given === undefined || !sameToken(given, token)) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ statusCode: 401, error: 'Unauthorized', message: 'A metrics token is required.', display_message: 'A metrics token is required.' });
        }
        return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
      });
      app.get(METRICS_PATH, async () => undefined);
    },
    { name: 'metrics' },
  );
