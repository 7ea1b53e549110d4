/**
 * `npm run bench`: the quote query through /graphql against a bare Fastify route on the same
 * server, in the same run, so the ratio holds on any machine. Exits non-zero only when requests
 * fail, never because of the ratio (it is printed against its target).
 *
 * The load generator runs in a child process (`bench/load.ts`), as a real client would: sharing
 * the server's event loop would bill its own HTTP parsing to whichever target it measures. Both
 * targets are measured the same way, alternately, for BENCH_ROUNDS rounds, so drift on a shared
 * machine hits both. BENCH_LOAD=inprocess runs autocannon inside this process instead (the old
 * design), for comparison.
 *
 * Then the proof ledger: verifying 10,000 stored entries against hashing the same payloads
 * (bench/ledger.ts; `node --import tsx bench/ledger.ts` runs that part alone), and the transaction log
 * query's timelines on a million entries (bench/txn-list.ts, likewise), a holder's policy lists
 * among a million policies on PostgreSQL (bench/my-policies.ts, likewise), the trigger engine
 * (bench/storm-evaluation.ts), the admins' users list on 200,000 users (bench/users-list.ts) and
 * the portfolio over a million policies (bench/portfolio.ts).
 *
 * The target ratio is measured as deployed: anonymous answers to public queries are shared for
 * GRAPHQL_CACHE_TTL_MS (src/graphql/response-cache.ts). A second server with that cache off is
 * measured in the same run, so the cost of executing the query itself is printed too.
 *
 * First, the storm contract (`bench/storms.ts`): all shipped storms against both islands, beside
 * parsing alone and a plain haversine loop over the same samples.
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { runLedgerBench } from './ledger';
import { runMyPoliciesBench } from './my-policies';
import { runTxnListBench } from './txn-list';
import { runUsersListBench } from './users-list';
import { runPortfolioBench } from './portfolio';
import { runLoad, type LoadRequest, type LoadResult } from './load-generator';
import { runStormsBench } from './storms';
import { runStormEvaluationBench } from './storm-evaluation';
import { buildApp } from '../apps/server/src/app';
import { DEVELOPMENT_LEDGER_CHECKPOINT_PRIVATE_KEY, loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/seed';

const TARGET_RATIO = 0.4;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = 1;
const CONNECTIONS = 10;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const IN_PROCESS = process.env.BENCH_LOAD === 'inprocess';
const OTP_PEPPER = 'bench-only-pepper-not-a-secret-0123456789';
const LEDGER_PSEUDONYM_KEY = 'bench-only-ledger-key-not-a-secret-0123456789';
const BANK_ACCOUNT_KEY = 'bench-only-bank-account-key-not-a-secret-0123';

// The selection the purchase flow's options step sends (apps/web/src/features/purchase/api.ts).
const QUOTE_BODY = JSON.stringify({
  query: `query PurchaseQuote($input: QuoteInput!) {
    quote(input: $input) {
      country countryName coverage { raw cents formatted }
      options { id label rolPct premium { raw cents formatted } coverage { raw cents formatted }
        discount { percent amount { cents formatted } premium { raw cents formatted } }
        triggeringParams { id params coveragePct coverage { cents formatted } } }
    }
  }`,
  variables: { input: { country: 'dm', coverage: 25000 } },
});

interface Target {
  name: string;
  path: string;
  request?: Pick<LoadRequest, 'method' | 'headers' | 'body'>;
}

/** One measured run of a target, by a child process unless BENCH_LOAD=inprocess. */
function measure(baseUrl: string, target: Target): Promise<LoadResult> {
  const request: LoadRequest = { url: `${baseUrl}${target.path}`, ...target.request, connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S };
  if (IN_PROCESS) return runLoad(request);
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
    let result: LoadResult | undefined;
    child.once('message', (message) => (result = message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`the load generator exited with ${code}`))));
    child.send(request);
  });
}

interface Summary extends LoadResult {
  each: string;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** One server of the bench: the real app plus the bare baseline route, listening on a free port. */
async function startTarget(env: Record<string, string>, database: Database): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent/fhp-bench', OTP_PEPPER, LEDGER_PSEUDONYM_KEY, BANK_ACCOUNT_KEY, LEDGER_CHECKPOINT_PRIVATE_KEY: DEVELOPMENT_LEDGER_CHECKPOINT_PRIVATE_KEY, ...env });
  const app = await buildApp({ config, database });
  // The baseline: the same Fastify instance and plugins, no GraphQL and no database.
  app.get('/bench/bare', async () => ({ status: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

/** One checked request first: a benchmark of error responses would measure nothing useful. */
async function checkQuote(baseUrl: string): Promise<boolean> {
  const check = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: QUOTE_BODY });
  const payload = (await check.json()) as { errors?: unknown; data?: { quote?: { options?: unknown[] } } };
  if (!check.ok || payload.errors || payload.data?.quote?.options?.length !== 6) {
    console.error('The quote query failed before the benchmark:', JSON.stringify(payload));
    return false;
  }
  return true;
}

async function main(): Promise<number> {
  if (!runStormsBench()) return 1;
  const database = await openDatabase({ kind: 'pglite' });
  await database.prepare(seedDemoData);
  // As deployed (anonymous public answers shared for GRAPHQL_CACHE_TTL_MS), and with that cache
  // off, so the cost of executing the query through Mercurius stays visible in the same run.
  const deployed = await startTarget({}, database);
  const uncached = await startTarget({ GRAPHQL_CACHE_TTL_MS: '0' }, database);

  try {
    if (!(await checkQuote(deployed.baseUrl)) || !(await checkQuote(uncached.baseUrl))) return 1;

    const quoteRequest = { method: 'POST', headers: { 'content-type': 'application/json' }, body: QUOTE_BODY } as const;
    const targets: (Target & { baseUrl: string })[] = [
      { name: 'GET /bench/bare (baseline)', path: '/bench/bare', baseUrl: deployed.baseUrl },
      { name: 'POST /graphql quote (dm)', path: '/graphql', request: quoteRequest, baseUrl: deployed.baseUrl },
      { name: '  same, cache off', path: '/graphql', request: quoteRequest, baseUrl: uncached.baseUrl },
    ];
    const runs: LoadResult[][] = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of targets.entries()) runs[i]!.push(await measure(target.baseUrl, target));
    }
    const summaries = runs.map((r) => ({
      rps: mean(r.map((x) => x.rps)),
      p99: Math.max(...r.map((x) => x.p99)),
      failures: r.reduce((n, x) => n + x.failures, 0),
      each: r.map((x) => x.rps.toFixed(0)).join(' / '),
    })) as [Summary, Summary, Summary];
    const [bare, quote, quoteUncached] = summaries;
    const ratio = quote.rps / bare.rps;
    const roundRatios = (i: number) => runs[i]!.map((q, round) => (q.rps / runs[0]![round]!.rps).toFixed(2)).join(' / ');
    const row = (name: string, r: Summary) =>
      `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   (rounds: ${r.each})`;
    const where = IN_PROCESS ? 'load generator in this process' : 'load generator in a child process';
    console.log(`\nFHP bench: ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION_S}s per target after ${WARMUP_S}s warm-up, ${where}, PGlite in memory`);
    for (const [i, target] of targets.entries()) console.log(row(target.name, summaries[i]!));
    console.log(`ratio quote/bare: ${ratio.toFixed(2)} (rounds: ${roundRatios(1)}) (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`);
    console.log(`ratio with the public query cache off: ${(quoteUncached.rps / bare.rps).toFixed(2)} (rounds: ${roundRatios(2)})`);

    const failures = summaries.reduce((n, s) => n + s.failures, 0);
    if (failures > 0) {
      console.error(`${failures} requests failed (errors, timeouts or non-2xx answers)`);
      return 1;
    }
    // The proof ledger (bench/ledger.ts): verification against hashing the same payloads.
    const ledger = await runLedgerBench();
    console.log(ledger.lines.join('\n'));
    // The transaction log query on a million entries (bench/txn-list.ts).
    console.log((await runTxnListBench()).join('\n'));
    // A holder's policy lists among a million policies (bench/my-policies.ts).
    console.log((await runMyPoliciesBench()).join('\n'));
    // The trigger engine on PostgreSQL (bench/storm-evaluation.ts): one storm over 100,000 policies.
    console.log((await runStormEvaluationBench()).join('\n'));
    console.log((await runUsersListBench()).join('\n'));
    // The admins' portfolio over a million policies (bench/portfolio.ts).
    console.log((await runPortfolioBench()).join('\n'));
    return ledger.failures > 0 ? 1 : 0;
  } finally {
    await deployed.app.close();
    await uncached.app.close();
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
