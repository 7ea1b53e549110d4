/**
 * `npm run bench:web`: how fast the portal's first screens load on a phone, against the floor of a
 * bare React page, in the same run. Builds the web app (skipped with BENCH_WEB_SKIP_BUILD=1), builds
 * the floor (bench/web-floor) into a temporary folder, starts the production server on a fresh
 * embedded database and the floor behind the same serving code (compression, headers, index.html),
 * then runs Lighthouse (mobile profile, simulated throttling: its defaults) in the system Chromium,
 * BENCH_WEB_RUNS times per page (3), and prints each metric's median and the targets met or missed.
 *
 * BENCH_WEB_ROUTES (comma-separated) measures only those of the routes; BENCH_WEB_REPORTS names a
 * folder to keep each run's Lighthouse result in (JSON), to see why a page is slow.
 *
 * Exits non-zero only when something fails to run, never because a target is missed: the table
 * says which and by how much.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { DEVELOPMENT_LEDGER_CHECKPOINT_PRIVATE_KEY, loadConfig, REPO_ROOT } from '../apps/server/src/config';
import { registerCompression } from '../apps/server/src/http/compression';
import { IndexHtml } from '../apps/server/src/web-app/index-html';
import { registerSecurityHeaders } from '../apps/server/src/http/security-headers';
import { webAppPlugin } from '../apps/server/src/web-app/web-app';
import { startServer } from '../apps/server/src/start';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../apps/web/e2e/chromium';
import { formatObservedTable, formatTable, medianRun, missedTargets, readRun, type LighthouseResult, type RouteResult, type RunMetrics } from './web-report';

const ALL_ROUTES = ['/', '/product/fhp', '/product/fhp/faq', '/sign-in', '/product/fhp/buy'];
const ROUTES = process.env.BENCH_WEB_ROUTES ? process.env.BENCH_WEB_ROUTES.split(',').filter((route) => ALL_ROUTES.includes(route)) : ALL_ROUTES;
const REPORTS_DIR = process.env.BENCH_WEB_REPORTS ? resolve(process.env.BENCH_WEB_REPORTS) : undefined;
const LANDING = '/product/fhp';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
/** As the e2e specs start it, headless. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');

function step(message: string): void {
  console.error(`bench:web: ${message}`);
}

/** gzip size of a built file by URL path: the .gz the build wrote, or the file gzipped here. */
function gzipSizes(distDir: string): (path: string) => number | undefined {
  const sizes = new Map<string, number | undefined>();
  return (path) => {
    if (!sizes.has(path)) {
      const file = resolve(distDir, `.${decodeURIComponent(path)}`);
      let size: number | undefined;
      if (file.startsWith(distDir) && existsSync(file) && statSync(file).isFile()) {
        size = existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
      }
      sizes.set(path, size);
    }
    return sizes.get(path);
  };
}

async function buildFloor(outDir: string): Promise<void> {
  await build({
    root: join(REPO_ROOT, 'bench/web-floor'),
    logLevel: 'warn',
    configFile: false,
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
    build: { outDir, emptyOutDir: true },
  });
}

/** The floor behind the portal's own serving code: static files precompressed, headers, index.html. */
async function startFloor(distDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  const indexHtml = new IndexHtml(distDir);
  await registerSecurityHeaders(app, { production: true, behindTrustedProxy: false, inlineStyleHashes: indexHtml.inlineStyleHashes });
  await registerCompression(app);
  await app.register(webAppPlugin({ distDir, indexHtml }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

async function lighthouseRuns(url: string, port: number, distDir: string): Promise<RunMetrics[]> {
  const origin = new URL(url).origin;
  const sizeOf = gzipSizes(distDir);
  const runs: RunMetrics[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await oneRun(url, port, origin, sizeOf, `${i + 1}`));
  return runs;
}

/**
 * One Lighthouse run. On a busy machine Chromium sometimes loses the trace (NO_NAVSTART,
 * NO_FCP): such a run measured nothing and is made again, up to twice.
 */
async function oneRun(url: string, port: number, origin: string, sizeOf: (path: string) => number | undefined, run: string): Promise<RunMetrics> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      const page = `${new URL(url).port}${new URL(url).pathname}`.replace(/[^\w]+/g, '_');
      writeFileSync(join(REPORTS_DIR, `${page}-${run}.json`), typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
    }
    try {
      return readRun(result.lhr as unknown as LighthouseResult, origin, sizeOf);
    } catch (error) {
      if (attempt >= 3) throw error;
      step(`${url}: ${(error as Error).message}; running it again`);
    }
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1') {
    step('building the web app');
    const built = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
  }
  const temp = mkdtempSync(join(tmpdir(), 'fhp-bench-web-'));
  const floorDist = join(temp, 'floor');
  step('building the floor (bench/web-floor)');
  await buildFloor(floorDist);

  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: join(temp, 'data'),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: WEB_DIST,
    OTP_PEPPER: 'bench-only-pepper-not-a-secret-0123456789',
    LEDGER_PSEUDONYM_KEY: 'bench-only-ledger-key-not-a-secret-0123456789',
    LEDGER_CHECKPOINT_PRIVATE_KEY: DEVELOPMENT_LEDGER_CHECKPOINT_PRIVATE_KEY,
    BANK_ACCOUNT_KEY: 'bench-only-bank-account-key-not-a-secret-0123',
    // Links in emails and documents; nothing in this bench follows them.
    PUBLIC_URL: 'http://127.0.0.1',
  });
  step('starting the production server');
  const server = await startServer({ config });
  const floor = await startFloor(floorDist);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const results: RouteResult[] = [];
    for (const route of ROUTES) {
      step(`Lighthouse x${RUNS} ${route}`);
      results.push({ route, metrics: medianRun(await lighthouseRuns(`${server.url}${route}`, chrome.port, WEB_DIST)), landing: route === LANDING });
    }
    step(`Lighthouse x${RUNS} the floor`);
    const floorResult: RouteResult = { route: '/', metrics: medianRun(await lighthouseRuns(`${floor.url}/`, chrome.port, floorDist)) };

    console.log(`\nLighthouse ${RUNS}x per page, medians (mobile, simulated throttling); Chromium ${CHROMIUM_PATH}\n`);
    console.log(formatTable(results, floorResult));
    console.log('\nThe unthrottled load the simulation starts from (medians; the LCP element most runs named):\n');
    console.log(formatObservedTable(results, floorResult));
    const missed = results.filter((r) => missedTargets(r, floorResult.metrics.lcpMs).length > 0).map((r) => r.route);
    console.log(missed.length === 0 ? '\nEvery target met.' : `\nTargets missed on: ${missed.join(', ')}`);
  } finally {
    chrome.kill();
    await floor.close();
    await server.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('bench:web failed:', error);
  process.exit(1);
});
