import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';

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
 * What other modules count (purchases, job runs and failures, limit refusals, failed deliveries).
 * Always on the app; every call is a no-op unless METRICS_TOKEN is set. Counted in the process that
 * did the work: Prometheus adds up the instances.
 */
export interface AppMetrics {
  purchaseStored(): void;
  jobFinished(job: string, outcome: 'ran' | 'skipped' | 'failed'): void;
  /** A per-client limit (REST answers it 429 and is counted by status too) or a GraphQL limit refusal. */
  limitRefused(surface: 'rest' | 'graphql', kind: string, scope: string): void;
  deliveryFailed(kind: string, gaveUp: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const NO_METRICS: AppMetrics = { purchaseStored() {}, jobFinished() {}, limitRefused() {}, deliveryFailed() {} };

/** At most this many waiting messages are counted: past it the figure says "at least". */
const QUEUE_COUNT_CAP = 10_000;

/** A scalar from a raw query on either driver (node-postgres answers { rows }, PGlite too). */
function firstNumber(result: unknown, column: string): number {
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return Number((rows[0] as Record<string, unknown> | undefined)?.[column] ?? 0);
}

/**
 * `/metrics` in Prometheus text format (prom-client), only when METRICS_TOKEN is set and only with
 * `Authorization: Bearer <METRICS_TOKEN>`: requests and latency per route and GraphQL operation,
 * refused uploads, 429 and GraphQL limit refusals, purchases, job runs and failures, failed
 * deliveries, and the database pool's use. A scrape reads no table with count(*): policies are the
 * planner's estimate, waiting messages a count capped at 10,000. A registry per app: tests build
 * many apps in one process. Registered before identity: its hook would read the metrics token as
 * a session token and refuse it.
 */
export const metricsPlugin = (database: Database) =>
  fp(
    async (app: FastifyInstance) => {
      const token = app.config.metricsToken;
      if (token === undefined) {
        app.decorate('metrics', NO_METRICS);
        return;
      }
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
      const statusRefusals = new Counter({ name: 'fhp_rate_limit_refusals_total', help: '429 answers (client, account, code and quota limits), by route', labelNames: ['route'], registers: [registry] });
      const limitRefusals = new Counter({
        name: 'fhp_client_limit_refusals_total',
        help: 'Requests refused by a per-client limit or a code-send limit, REST (429) and GraphQL (RATE_LIMITED)',
        labelNames: ['surface', 'kind', 'scope'],
        registers: [registry],
      });
      const purchases = new Counter({ name: 'fhp_purchases_total', help: 'Policies stored by purchases in this process', registers: [registry] });
      const jobRuns = new Counter({ name: 'fhp_job_runs_total', help: 'Scheduled job ticks in this process: ran, skipped (another instance had it) or failed', labelNames: ['job', 'outcome'], registers: [registry] });
      const jobFailures = new Counter({ name: 'fhp_job_failures_total', help: 'Scheduled job runs that failed in this process (each is retried)', labelNames: ['job'], registers: [registry] });
      const deliveryFailures = new Counter({
        name: 'fhp_delivery_failures_total',
        help: 'Failed attempts to hand an email or text to its gateway (retried), and messages given up',
        labelNames: ['kind', 'gave_up'],
        registers: [registry],
      });
      app.decorate('metrics', {
        purchaseStored: () => purchases.inc(),
        jobFinished(job, outcome) {
          jobRuns.inc({ job, outcome });
          if (outcome === 'failed') jobFailures.inc({ job });
        },
        limitRefused: (surface, kind, scope) => limitRefusals.inc({ surface, kind, scope }),
        deliveryFailed: (kind, gaveUp) => deliveryFailures.inc({ kind, gave_up: String(gaveUp) }),
      } satisfies AppMetrics);

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
        name: 'fhp_policies_estimate',
        help: 'Policies stored, as the planner estimates them (pg_class.reltuples: cheap, refreshed by ANALYZE; -1 before the first)',
        registers: [registry],
        async collect() {
          this.set(firstNumber(await app.db.execute(sql`select reltuples::float8 as n from pg_class where oid = 'policies'::regclass`), 'n'));
        },
      });
      new Gauge({
        name: 'fhp_outbound_messages_waiting',
        help: `Emails and texts queued and not yet sent, counted up to ${QUEUE_COUNT_CAP}`,
        registers: [registry],
        async collect() {
          this.set(
            firstNumber(
              await app.db.execute(sql`select count(*)::int as n from (select 1 from outbound_messages where failed_at is null limit ${QUEUE_COUNT_CAP}) as waiting`),
              'n',
            ),
          );
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

      new Counter({
        name: 'fhp_db_contention_total',
        help: 'Transactions that met a deadlock or serialization failure: run again (retried), or still failing after the last run (gave_up: answered 503)',
        labelNames: ['outcome'],
        registers: [registry],
        collect() {
          // Counted where transactions run (db/client.ts); copied here at each scrape.
          this.reset();
          this.inc({ outcome: 'retried' }, database.contention.retried);
          this.inc({ outcome: 'gave_up' }, database.contention.gaveUp);
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
        if (reply.statusCode === 429) statusRefusals.inc({ route: labels.route });
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
