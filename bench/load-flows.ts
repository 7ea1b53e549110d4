/**
 * `npm run bench:load`: N whole purchase flows at once (BENCH_FLOWS, default 200), each from its
 * own client address (X-Forwarded-For through TRUST_PROXY): sign-up, the emailed code, two proofs,
 * KYC, purchase at today's quoted price. On PGlite (in a temporary DATA_DIR), and on a scratch
 * PostgreSQL database when TEST_DATABASE_URL or DATABASE_URL is set.
 *
 * Three processes, as deployed: the production server (`server.ts`, NODE_ENV=production, its own
 * event loop, its real SMTP pool and delivery queue), an SMTP capture, and this one (the clients).
 * Afterwards it asks the database: every acknowledged purchase stored exactly once, numbers unique
 * and without gaps, the delivery queue empty; and the capture: one policy email per purchase.
 * Prints throughput, p50/p99 per step, errors by kind, the server's warnings and its peak memory.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/client';
import { policies, users } from '../apps/server/src/db/schema';
import { seedReferenceData } from '../apps/server/src/seed';
import { FlowError, httpFlows, openSaleToday, type CodeSource } from '../apps/server/test/processes/http-flows';
import { startServerProcess, type ServerProcess } from '../apps/server/test/processes/server-process';

const FLOWS = Number(process.env.BENCH_FLOWS ?? 200);
const METRICS_TOKEN = `bench-${randomBytes(12).toString('hex')}`;
const STEPS = ['sign-up', 'code', 'verify', 'upload', 'kyc', 'purchase'] as const;
type Step = (typeof STEPS)[number];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The capture process and a request/answer channel to it. */
async function startCapture(): Promise<{ url: string; ask<T>(request: Record<string, unknown>): Promise<T>; stop(): void }> {
  const child: ChildProcess = fork(new URL('./smtp-capture-process.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'] });
  const pending = new Map<number, (answer: unknown) => void>();
  let next = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: { url?: string; id?: number }) => {
      if (message.url) resolve(message.url);
      else if (message.id !== undefined) {
        pending.get(message.id)?.(message);
        pending.delete(message.id);
      }
    });
  });
  return {
    url,
    ask<T>(request: Record<string, unknown>) {
      const id = (next += 1);
      return new Promise<T>((resolve) => {
        pending.set(id, resolve as (answer: unknown) => void);
        child.send({ id, ...request });
      });
    },
    stop: () => child.disconnect(),
  };
}

/** The server's peak resident memory so far (Linux), in MB. */
function peakMemoryMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

async function runFlows(label: string, options: DatabaseOptions, serverEnv: Record<string, string>): Promise<boolean> {
  // Migrated and seeded before the server starts, and a season on sale today.
  const setup = await openDatabase(options);
  await setup.prepare(seedReferenceData);
  await openSaleToday(setup.db);
  await setup.close();

  const capture = await startCapture();
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      NODE_ENV: 'production',
      // Links in emails and documents; nothing in this bench follows them.
      PUBLIC_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: capture.url,
      TRUST_PROXY: '127.0.0.1',
      METRICS_TOKEN,
      ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
      // The production defaults for the limits: every flow comes from its own address.
      RATE_LIMIT_CODE_SENDS_PER_ADDRESS: '100',
      RATE_LIMIT_SECRET_CHECKS_PER_ADDRESS: '300',
      RATE_LIMIT_CODE_SENDS_PER_ACCOUNT: '10',
      RATE_LIMIT_SECRET_CHECKS_PER_ACCOUNT: '30',
      ...serverEnv,
    });
    const codes: CodeSource = {
      async nextCode(email) {
        const answer = await capture.ask<{ code?: string; error?: string }>({ code: email });
        if (!answer.code) throw new FlowError('code', 0, 'no code email within 60 s', null);
        return answer.code;
      },
    };
    const flows = httpFlows(server.url, codes);
    await flows.purchaseInput(); // the quote, once, before the clock starts

    const times: Record<Step, number[]> = { 'sign-up': [], code: [], verify: [], upload: [], kyc: [], purchase: [] };
    const errors = new Map<string, number>();
    const acknowledged: { email: string; policyNumber: string }[] = [];
    async function timed<T>(step: Step, work: () => Promise<T>): Promise<T> {
      const start = performance.now();
      try {
        return await work();
      } finally {
        times[step].push(performance.now() - start);
      }
    }
    const json = (body: unknown, token?: string): RequestInit => ({
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

    async function flow(n: number) {
      const ip = `10.${(n >> 8) & 255}.${n & 255}.1`;
      const email = `load-${randomUUID().slice(0, 8)}-${n}@example.com`;
      try {
        await timed('sign-up', () => flows.call('sign-up', '/iam/v1/user/sign-up', json({ email }), ip));
        const otp = await timed('code', () => codes.nextCode(email));
        const verified = await timed('verify', () => flows.call('verify', '/iam/v1/email/verify-by-otp', json({ email, otp }), ip));
        const token = verified.body.accessToken as string;
        const documents = await timed('upload', () => flows.uploadProofs(token, ip));
        await timed('kyc', () => flows.submitKyc(token, documents, ip));
        const input = await flows.purchaseInput();
        const policy = await timed('purchase', () => flows.purchase(token, input, ip));
        acknowledged.push({ email, policyNumber: policy.policyNumber });
      } catch (error) {
        const kind = error instanceof FlowError ? error.kind : `other: ${(error as Error).name}`;
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
      }
    }

    const started = performance.now();
    await Promise.all(Array.from({ length: FLOWS }, (_, n) => flow(n)));
    const seconds = (performance.now() - started) / 1000;

    // The policy emails go out after the answers: wait (at most a minute) for the queue to empty,
    // as the server's own metrics count it (PGlite cannot be opened while the server holds it).
    const queued = async () => {
      const text = await (await fetch(`${server!.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      return Number(/^fhp_outbound_messages_waiting (\d+)/m.exec(text)?.[1] ?? -1);
    };
    let waiting = await queued();
    for (let waited = 0; waited < 60_000 && waiting !== 0; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      waiting = await queued();
    }
    const peakMb = peakMemoryMb(server.child.pid);
    const output = server.output();
    await server.stop(30_000);

    // What the database holds: each acknowledged purchase once, numbers unique, no gaps.
    const database = await openDatabase(options.kind === 'postgres' ? { ...options, poolSize: 2 } : options);
    let stored: { number: string; owner: string }[] = [];
    let owners: { id: string; email: string }[] = [];
    let gaps = 0;
    try {
      const emails = acknowledged.map((a) => a.email);
      owners = emails.length === 0 ? [] : await database.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
      stored = owners.length === 0 ? [] : await database.db.select({ number: policies.policyNumber, owner: policies.ownerId }).from(policies).where(inArray(policies.ownerId, owners.map((o) => o.id)));
      const sequences = rowsOf<{ n: number; top: number }>(
        await database.db.execute(sql`select count(*)::int as n, coalesce(max(split_part(policy_number, '-', 4)::int), 0) as top from ${policies}`),
      )[0];
      gaps = (sequences?.top ?? 0) - (sequences?.n ?? 0);
    } finally {
      await database.close();
    }
    const perOwner = new Map<string, number>();
    for (const row of stored) perOwner.set(row.owner, (perOwner.get(row.owner) ?? 0) + 1);
    const lost = acknowledged.length - perOwner.size;
    const duplicates = [...perOwner.values()].filter((n) => n > 1).length;
    const duplicateNumbers = stored.length - new Set(stored.map((row) => row.number)).size;
    const emailCounts = (await capture.ask<{ counts: Record<string, number> }>({ count: acknowledged.map((a) => a.email), subject: 'Your provisional policy' })).counts;
    const missingEmails = acknowledged.filter((a) => (emailCounts[a.email] ?? 0) !== 1).length;
    const warnings = new Map<string, number>();
    for (const line of output.split('\n')) {
      const msg = /"msg":"([^"]+)"/.exec(line)?.[1];
      if (msg) warnings.set(msg, (warnings.get(msg) ?? 0) + 1);
    }

    console.log(`\n${label}: ${FLOWS} whole purchase flows at once (server in its own process)`);
    console.log(`  completed ${acknowledged.length}, errors ${FLOWS - acknowledged.length}, in ${seconds.toFixed(1)} s: ${(acknowledged.length / seconds).toFixed(1)} purchases/s`);
    for (const step of STEPS) {
      const sorted = [...times[step]].sort((a, b) => a - b);
      console.log(`  ${step.padEnd(9)} p50 ${percentile(sorted, 50).toFixed(0).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(0).padStart(6)} ms   (${sorted.length})`);
    }
    for (const [kind, n] of errors) console.log(`  error ${kind}: ${n}`);
    console.log(`  database: ${stored.length} stored for ${acknowledged.length} acknowledged; lost ${lost}, duplicates ${duplicates}, duplicate numbers ${duplicateNumbers}, gaps ${gaps}`);
    console.log(`  emails: policy emails missing or doubled ${missingEmails}; messages still queued ${waiting}`);
    for (const [message, n] of warnings) console.log(`  server log (warn or worse) "${message}": ${n}`);
    console.log(`  server peak memory (VmHWM): ${peakMb === null ? 'n/a' : `${peakMb.toFixed(0)} MB`}`);
    return errors.size === 0 && lost === 0 && duplicates === 0 && duplicateNumbers === 0 && gaps === 0 && missingEmails === 0 && waiting === 0;
  } finally {
    await server?.stop();
    capture.stop();
  }
}

console.log(`bench:load on ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`);
const dataDir = mkdtempSync(join(tmpdir(), 'fhp-bench-load-'));
let ok: boolean;
try {
  ok = await runFlows('PGlite (DATA_DIR on local disk)', { kind: 'pglite', dataDir }, { DATA_DIR: dataDir, DATABASE_URL: '' });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or DATABASE_URL to measure it too)');
else {
  const name = `fhp_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    ok = (await runFlows(`PostgreSQL (${url.host}, scratch database)`, { kind: 'postgres', url: url.toString(), poolSize: 2 }, { DATABASE_URL: url.toString() })) && ok;
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}
process.exit(ok ? 0 : 1);
