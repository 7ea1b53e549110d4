/**
 * `npm run bench:load`: N whole purchase flows at once (BENCH_FLOWS, default 200), each from its
 * own client address (X-Forwarded-For through TRUST_PROXY): sign-up, the emailed code, two proofs,
 * KYC, purchase. On PGlite, and on a scratch PostgreSQL database when TEST_DATABASE_URL or
 * DATABASE_URL is set. Afterwards it asks the database: every acknowledged purchase stored exactly
 * once, policy numbers unique. Prints throughput, p50/p99 per step, errors by kind, peak memory.
 *
 * The server runs in this process with a clock fixed in the 2027 sale season (purchases are only
 * sold then) and a real SMTP capture for the codes; the client's HTTP shares its event loop, so
 * latencies include some client work. Without a web build (only the API is exercised).
 */
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { policies, users } from '../apps/server/src/db/schema';
import { seedDemoData } from '../apps/server/src/db/seed';
import { extractCode, startSmtpCapture } from '../apps/server/src/modules/notifications/smtp-capture';
import { startServer } from '../apps/server/src/start';
import { multipart, pdfBytes, pngBytes } from '../apps/server/test/files-helpers';
import { kycInput, PURCHASE, purchaseInput, SUBMIT_KYC } from '../apps/server/test/purchase-inputs';
import { withScratchPostgres } from './scratch-postgres';

const FLOWS = Number(process.env.BENCH_FLOWS ?? 200);
const NOW = new Date('2027-03-15T16:00:00Z');
const STEPS = ['signUp', 'code', 'verify', 'upload', 'kyc', 'purchase'] as const;
type Step = (typeof STEPS)[number];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runFlows(database: Database, label: string): Promise<boolean> {
  const smtp = await startSmtpCapture();
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent/fhp-web-dist',
    SMTP_URL: smtp.url,
    TRUST_PROXY: '127.0.0.1',
    OTP_PEPPER: 'bench-pepper-0123456789abcdef0123456789abcdef',
    LEDGER_PSEUDONYM_KEY: 'bench-ledger-key-0123456789abcdef0123456789',
    BANK_ACCOUNT_KEY: 'bench-bank-key-0123456789abcdef0123456789ab',
    DATABASE_URL: database.kind === 'postgres' ? 'postgres://unused@127.0.0.1/unused' : '',
  });
  const server = await startServer({ config, database, clock: () => NOW });
  const times: Record<Step, number[]> = { signUp: [], code: [], verify: [], upload: [], kyc: [], purchase: [] };
  const errors = new Map<string, number>();
  const acknowledged: string[] = [];
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

  async function timed<T>(step: Step, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      times[step].push(performance.now() - start);
    }
  }
  async function call(step: Step, path: string, init: RequestInit, ip: string) {
    const response = await fetch(server.url + path, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': ip } });
    const text = await response.text();
    if (response.status >= 300) throw Object.assign(new Error(`${step} ${response.status}`), { kind: `${step}: HTTP ${response.status}` });
    const body = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] } & Record<string, unknown>;
    if (body.errors) throw Object.assign(new Error(`${step} GraphQL`), { kind: `${step}: ${body.errors[0]?.extensions?.code ?? 'GraphQL error'}` });
    return body;
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
      await timed('signUp', () => call('signUp', '/iam/v1/user/sign-up', json({ email }), ip));
      const otp = await timed('code', async () => extractCode(await smtp.waitForMessage(email, { timeoutMs: 60_000 })));
      const verified = await timed('verify', () => call('verify', '/iam/v1/email/verify-by-otp', json({ email, otp }), ip));
      const token = verified.accessToken as string;
      const documents = await timed('upload', async () => {
        const proofs = [
          { purpose: 'ID_PROOF', filename: 'passport.png', contentType: 'image/png', data: pngBytes(), type: 'ID_PROOF', name: 'passport' },
          { purpose: 'ADDRESS_PROOF', filename: 'bill.pdf', contentType: 'application/pdf', data: pdfBytes(), type: 'ADDRESS_PROOF', name: 'utilityBill' },
        ];
        return Promise.all(
          proofs.map(async (proof) => {
            const { payload, headers } = multipart([{ name: 'purpose', value: proof.purpose }, { name: 'file', filename: proof.filename, contentType: proof.contentType, data: proof.data }]);
            const stored = await call('upload', '/api/v1/files', { method: 'POST', body: payload, headers: { ...headers, authorization: `Bearer ${token}` } }, ip);
            return { fileId: stored.id as string, type: proof.type, name: proof.name };
          }),
        );
      });
      await timed('kyc', () => call('kyc', '/graphql', json({ query: SUBMIT_KYC, variables: { input: kycInput(documents) } }, token), ip));
      await timed('purchase', () => call('purchase', '/graphql', json({ query: PURCHASE, variables: { input: purchaseInput() } }, token), ip));
      acknowledged.push(email);
    } catch (error) {
      // Grouped by kind: addresses and counts left out of the message.
      const plain = String((error as Error).message).replace(/\S+@\S+/g, '<email>').replace(/\(.*\)/g, '').trim();
      const kind = (error as { kind?: string }).kind ?? `other: ${plain}`;
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: FLOWS }, (_, n) => flow(n)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  // What the database holds: each acknowledged purchase once, numbers unique.
  const owners = acknowledged.length === 0 ? [] : await database.db.select({ id: users.id }).from(users).where(inArray(users.email, acknowledged));
  const stored = owners.length === 0 ? [] : await database.db.select({ number: policies.policyNumber, owner: policies.ownerId }).from(policies).where(inArray(policies.ownerId, owners.map((o) => o.id)));
  const perOwner = new Map<string, number>();
  for (const row of stored) perOwner.set(row.owner, (perOwner.get(row.owner) ?? 0) + 1);
  const lost = owners.length - perOwner.size + (acknowledged.length - owners.length);
  const duplicates = [...perOwner.values()].filter((n) => n > 1).length;
  const numbers = (await database.db.execute(sql`select count(*) - count(distinct policy_number) as d from policies`)) as unknown as { rows?: { d: string | number }[] } | { d: string | number }[];
  const rows = Array.isArray(numbers) ? numbers : (numbers.rows ?? []);
  const duplicateNumbers = Number(rows[0]?.d ?? 0);

  console.log(`\n${label}: ${FLOWS} whole purchase flows at once`);
  console.log(`  completed ${acknowledged.length}, errors ${FLOWS - acknowledged.length}, in ${seconds.toFixed(1)} s: ${(acknowledged.length / seconds).toFixed(1)} purchases/s`);
  for (const step of STEPS) {
    const sorted = [...times[step]].sort((a, b) => a - b);
    console.log(`  ${step.padEnd(9)} p50 ${percentile(sorted, 50).toFixed(0).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(0).padStart(6)} ms   (${sorted.length})`);
  }
  for (const [kind, n] of errors) console.log(`  error ${kind}: ${n}`);
  console.log(`  database: ${stored.length} stored for ${acknowledged.length} acknowledged; lost ${lost}, duplicates ${duplicates}, duplicate numbers ${duplicateNumbers}`);
  console.log(`  peak memory (server and client, one process): ${(peakRss / 1024 / 1024).toFixed(0)} MB`);

  await server.close();
  await smtp.close();
  return errors.size === 0 && lost === 0 && duplicates === 0 && duplicateNumbers === 0;
}

const pglite = await openDatabase({ kind: 'pglite' });
await pglite.prepare(seedDemoData);
let ok = await runFlows(pglite, 'PGlite (in memory)');
await pglite.close();
const pgOk = await withScratchPostgres(async (database, label) => {
  await database.prepare(seedDemoData);
  return runFlows(database, label);
});
if (pgOk === null) console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or DATABASE_URL to measure it too)');
else ok &&= pgOk;
process.exit(ok ? 0 : 1);
