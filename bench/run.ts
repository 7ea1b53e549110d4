/**
 * `npm run bench`: the quote query through /graphql against a bare Fastify route on the same
 * server, in the same run, so the ratio holds on any machine. Exits non-zero only when requests
 * fail, never because of the ratio (it is printed against its target).
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/db/seed';

const TARGET_RATIO = 0.4;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = 1;
const CONNECTIONS = 10;

const QUOTE_BODY = JSON.stringify({
  query: `query Quote($input: QuoteInput!) {
    quote(input: $input) {
      country countryName coverage { formatted }
      options { id label rolPct premium { raw formatted } coverage { formatted } discount { percent premium { formatted } }
        triggeringParams { id params coveragePct coverage { formatted } } }
    }
  }`,
  variables: { input: { country: 'dm', coverage: 25000 } },
});

interface Target {
  name: string;
  options: Omit<Parameters<typeof autocannon>[0], 'url'> & { path: string };
}

async function measure(baseUrl: string, target: Target): Promise<{ rps: number; p99: number; failures: number }> {
  const { path, ...options } = target.options;
  const url = `${baseUrl}${path}`;
  await autocannon({ ...options, url, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ ...options, url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

async function main(): Promise<number> {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent/fhp-bench' });
  const database = await openDatabase({ kind: 'pglite' });
  await database.prepare(seedDemoData);
  const app = await buildApp({ config, database });
  // The baseline: the same Fastify instance and plugins, no GraphQL and no database.
  app.get('/bench/bare', async () => ({ status: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  try {
    // One checked request first: a benchmark of error responses would measure nothing useful.
    const check = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: QUOTE_BODY });
    const payload = (await check.json()) as { errors?: unknown; data?: { quote?: { options?: unknown[] } } };
    if (!check.ok || payload.errors || payload.data?.quote?.options?.length !== 6) {
      console.error('The quote query failed before the benchmark:', JSON.stringify(payload));
      return 1;
    }

    const bare = await measure(baseUrl, { name: 'bare', options: { path: '/bench/bare' } });
    const quote = await measure(baseUrl, {
      name: 'quote',
      options: { path: '/graphql', method: 'POST', headers: { 'content-type': 'application/json' }, body: QUOTE_BODY },
    });
    const ratio = quote.rps / bare.rps;
    const row = (name: string, r: { rps: number; p99: number }) =>
      `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms`;
    console.log(`\nFHP bench: ${CONNECTIONS} connections, ${DURATION_S}s each after ${WARMUP_S}s warm-up, PGlite in memory`);
    console.log(row('GET /bench/bare (baseline)', bare));
    console.log(row('POST /graphql quote (dm)', quote));
    console.log(`ratio quote/bare: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`);

    const failures = bare.failures + quote.failures;
    if (failures > 0) {
      console.error(`${failures} requests failed (errors, timeouts or non-2xx answers)`);
      return 1;
    }
    return 0;
  } finally {
    await app.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('bench failed:', error);
    process.exit(1);
  },
);
