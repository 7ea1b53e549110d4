/**
 * The real server as its own process (server.ts, as `npm start` runs it), for the tests that kill,
 * signal or cut it off from its database: those faults cannot be simulated inside the test's process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GENEROUS_CLIENT_LIMITS } from '../limits';
import { freePort } from './http-flows';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const SERVER = 'apps/server/src/server.ts';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr and stdout so far (its log lines). */
  output(): string;
  /** Whether it is still running. */
  alive(): boolean;
  /** Resolves with the exit code or signal once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. Idempotent. */
  stop(graceMs?: number): Promise<void>;
}

/** Env for a test server: quiet logs, no demo accounts, the test's secrets; `env` overrides. */
export function serverProcessEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent/fhp-web-dist',
    OTP_PEPPER: 'test-pepper-0123456789abcdef0123456789abcdef',
    LEDGER_PSEUDONYM_KEY: 'test-ledger-key-0123456789abcdef0123456789',
    BANK_ACCOUNT_KEY: 'test-bank-key-0123456789abcdef0123456789ab',
    LEDGER_CHECKPOINT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgDQJ8O4+ptG0tGB2P\nPqB3MI/mp9h6VIPgl1I+CCWPs/6hRANCAAS5pSfbRfE5o6lMbN+y/5Rf8aso5xHI\n+DplTcFRlyRE0UZe0hxlxbQ9X42CHwlYSAdjXZEiXYKCunaMEldYti19\n-----END PRIVATE KEY-----',
    ...GENEROUS_CLIENT_LIMITS,
    ...env,
  };
}

/**
 * Starts server.ts on a free port and waits until /healthz answers ok (at most `bootMs`). The OS
 * picks the port, so tests and benches running at once never collide; a port taken in the moment
 * between picking and listening is picked again.
 */
export async function startServerProcess(env: Record<string, string>, bootMs = 90_000): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnPort(await freePort(), env, bootMs);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnPort(port: number, env: Record<string, string>, bootMs: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { cwd: ROOT, env: serverProcessEnv(port, env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let running = true;
  void exited.then(() => (running = false));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (graceMs = 10_000) => {
    if (!running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const server: ServerProcess = { url, child, output: () => output, alive: () => running, exited, stop };

  const deadline = Date.now() + bootMs;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`server exited during boot:\n${output}`);
    if (await healthy(url)) return server;
    await sleep(200);
  }
  await stop();
  throw new Error(`server did not become healthy within ${bootMs} ms:\n${output}`);
}

export async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** POSTs JSON; answers the status and the Retry-After header (0 for a network error). */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), text };
  } catch (error) {
    return { status: 0, retryAfter: null, text: String(error) };
  }
}

/** A METRICS_TOKEN for server processes whose queue the tests watch. */
export const PROCESS_METRICS_TOKEN = 'process-metrics-token-0123456789';

/**
 * Waits until the process's delivery queue is empty (its /metrics, so PGlite need not be opened
 * while the process holds it); answers whether it emptied within `timeoutMs`. The process must run
 * with METRICS_TOKEN = PROCESS_METRICS_TOKEN.
 */
export async function queueDrained(url: string, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${PROCESS_METRICS_TOKEN}` } }).catch(() => undefined);
    const waiting = /^fhp_outbound_messages_waiting (\d+)/m.exec((await response?.text()) ?? '')?.[1];
    if (waiting === '0') return true;
    await sleep(200);
  }
  return false;
}
