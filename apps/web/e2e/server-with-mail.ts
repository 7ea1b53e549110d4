/**
 * Playwright's web server for e2e: one process that starts a real SMTP server (`smtp-server`, the
 * capture of apps/server/src/modules/notifications/smtp-capture.ts), points the app's SMTP_URL at it,
 * opens the app's database itself, starts the real app on that database, and serves a small
 * test-only HTTP API on E2E_MAIL_PORT (never on the product's port, never in product code):
 *
 *   GET  /code?to=<email>      { code, subject } of the next unread code message to that address
 *   GET  /message?to=<email>   { subject, text } of the next unread message to that address
 *   GET  /sms?to=<phone>&since=<ms>   { code, text } of the first SMS to that phone stored at or
 *                               after `since` (epoch ms), from the app's outbox (SMS has no real gateway yet)
 *   GET  /policies?email=<e>   the `policies` rows of that customer, as stored
 *   POST /season/close         closes every open purchase window; answers { closed: [years] }
 *   POST /season/open          reopens what /season/close closed; answers { opened: [years] }
 *   POST /provisional?email=<e>&plan=<p>  a provisional policy of that customer in the season on sale,
 *                              bought now (gd, EC$25,000, option 3); answers { policyId, policyNumber, premiumCents }
 *   GET  /ledger?txnId=<t>&kind=<k>  { hash } of that proof-ledger entry
 *   POST /ledger/entries       appends proof-ledger entries for demo holders (through the app's own
 *                              ledger, as the lifecycle does) and seals them; answers [{ hash, sequence }]
 *   POST /ledger/tamper?hash=  alters that entry's stored payload in raw SQL, then runs the daily
 *                              ledger re-check (decision 138); answers { tampered }
 *   POST /ledger/restore       puts back every payload /ledger/tamper altered, re-checks; answers { restored }
 *   POST /kyc/resubmit?email=  puts that customer's decided KYC documents back to waiting (SUBMITTED,
 *                              no comment), as the seed left them; answers { resubmitted }
 *   POST /log/expected?pattern=  declares an error-level log line a spec causes on purpose (a regular
 *                              expression matched against the JSON line); answers { expected }
 *   GET  /log/unexpected       the app's error-level log lines of the run that no spec declared
 *
 * Mail endpoints wait for a message to arrive (`timeoutMs`, default 10 s); each message is handed
 * out once, so a spec reads a sign-up code and then the policy email in turn. One process, so the
 * capture exists before the app sends anything, the specs see the very database the app writes,
 * and everything stops together when Playwright stops the web server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { localIsoDate } from '@fhp/domain';

// The server's modules, typed here by only what this file uses: they are imported by URL so that
// the web's type-check does not walk the server's sources (they have their own).
interface CapturedMessage {
  subject: string;
  text: string;
  html: string | undefined;
}
interface SmtpCaptureModule {
  startSmtpCapture(): Promise<{
    url: string;
    waitForMessage(to: string, options?: { timeoutMs?: number }): Promise<CapturedMessage>;
    close(): Promise<void>;
  }>;
  extractCode(message: CapturedMessage): string;
}
type Column = unknown;
interface Operators {
  eq(column: Column, value: unknown): unknown;
}
interface TableQuery<Row> {
  findFirst(options: { where: (table: Record<string, Column>, operators: Operators) => unknown }): Promise<Row | undefined>;
  findMany(options: { where: (table: Record<string, Column>, operators: Operators) => unknown }): Promise<Row[]>;
}
interface Db {
  query: { users: TableQuery<{ id: string }>; policies: TableQuery<Record<string, unknown>> };
  execute(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
}
interface LedgerEntryRow {
  hash: string;
  sequence: number;
  payload: string;
}
interface Ledger {
  append(tx: Db, entry: { kind: string; txnId: string; from: string; to: string; valueCents: number | null; data: Record<string, string | number>; at: Date }): Promise<LedgerEntryRow>;
  accountOf(userId: string): string;
  seal(): Promise<unknown[]>;
  recheck(): Promise<unknown>;
}
interface ProvisionalModule {
  insertProvisionalPolicy(tx: Db, spec: Record<string, unknown>): Promise<{ id: string; policyNumber: string; premiumCents: number }>;
}
interface Database {
  db: Db;
}
interface Config {
  port: number;
}
interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  text: string;
  storedAt: Date;
}
interface StartedServer {
  app: { publicQueryCache: { clear(): void }; identity: { outbox: { list(): OutboxMessage[] } }; ledger: Ledger; clock(): Date };
  database: Database;
  close(): Promise<void>;
}

const serverSrc = resolve(import.meta.dirname, '../../server/src');
const load = <T>(path: string) => import(pathToFileURL(resolve(serverSrc, path)).href) as Promise<T>;
const [capture, { loadConfig }, { startServer }, provisional, feeds, lifecycle] = await Promise.all([
  load<SmtpCaptureModule>('modules/notifications/smtp-capture.ts'),
  load<{ loadConfig(env: Record<string, string | undefined>): Config }>('config.ts'),
  load<{ startServer(options: { config: Config; logStream: { write(line: string): void } }): Promise<StartedServer> }>('start.ts'),
  load<ProvisionalModule>('modules/purchase/provisional.ts'),
  load<{ ingestBdeck(deps: unknown, source: string, fileName: string, text: string): Promise<{ stormId: string; change: string; payouts: unknown[] }> }>('modules/storms/feeds/ingest.ts'),
  load<{ lifecycleDeps(app: unknown): unknown }>('modules/lifecycle/deps.ts'),
]);

const smtp = await capture.startSmtpCapture();
process.env.SMTP_URL = smtp.url;

/**
 * The app's log goes to stdout as before; its error-level lines (pino 50 and up) are also kept, so
 * the run's guard (e2e/server-log.teardown.ts) fails the run on any that no spec declared.
 */
const errorLines: string[] = [];
const expectedErrors: RegExp[] = [];
const logStream = {
  write(line: string) {
    process.stdout.write(line);
    let level = 0;
    try {
      level = Number((JSON.parse(line) as { level?: unknown }).level) || 0;
    } catch {
      level = 60; // not pino's JSON: something wrote past the logger, which is worth a look
    }
    if (level >= 50) errorLines.push(line.trim());
  },
};

/** Years whose window /season/close closed, so /season/open reopens exactly those. */
let closedYears: number[] = [];

async function policiesOf(email: string): Promise<Record<string, unknown>[]> {
  const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.email, email.trim().toLowerCase()) });
  return user ? db.query.policies.findMany({ where: (policies, { eq }) => eq(policies.ownerId, user.id) }) : [];
}

async function closeSeason(): Promise<{ closed: number[] }> {
  const { rows } = await db.execute('update seasons set purchase_window_open = false where purchase_window_open returning year');
  closedYears = [...closedYears, ...rows.map((row) => Number(row.year))];
  // Like any edit path: shared answers to public queries (currentSeason) must not outlive it.
  server.app.publicQueryCache.clear();
  return { closed: closedYears };
}

async function openSeason(): Promise<{ opened: number[] }> {
  const opened = closedYears;
  // Integers from our own query above: nothing from the request reaches the SQL.
  if (opened.length > 0) await db.execute(`update seasons set purchase_window_open = true where year in (${opened.map(Number).join(',')})`);
  closedYears = [];
  server.app.publicQueryCache.clear();
  return { opened };
}

const digits = (phone: string) => phone.replace(/[^\d+]/g, '');

/** The first SMS to `to` stored at or after `since`, waiting for it (the app delivers after answering). */
async function waitForSms(to: string, since: number, timeoutMs: number): Promise<{ code: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sms = server.app.identity.outbox
      .list()
      .filter((m) => m.channel === 'sms' && digits(m.to) === digits(to) && m.storedAt.getTime() >= since)
      .at(-1); // the list is newest first
    if (sms) return { code: /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '', text: sms.text };
    if (Date.now() > deadline) throw new Error(`No SMS to ${to} arrived within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** A provisional policy bought now in the season on sale, through the server's own pricing and schedule. */
async function newProvisional(email: string, plan: string): Promise<unknown> {
  const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.email, email.trim().toLowerCase()) });
  if (!user) throw new Error(`No user ${email}`);
  const { rows } = await db.execute('select year, payment_deadline from seasons order by purchase_window_open desc, year desc limit 1');
  const season = rows[0]!;
  const now = new Date();
  const policy = await db.transaction((tx) =>
    provisional.insertProvisionalPolicy(tx, {
      ownerId: user.id,
      country: 'gd',
      optionId: '3',
      coverageCents: 2_500_000,
      seasonYear: Number(season.year),
      paymentDeadline: String(season.payment_deadline),
      paymentPlan: plan,
      paymentChannel: 'CREDIT_UNION',
      purchasedAt: now,
      purchaseDate: localIsoDate(now),
      idempotencyKey: crypto.randomUUID(),
      beneficiary: { firstName: 'Paul', lastName: 'Charles', email: 'paul.charles@example.com', mobileNo: '+1 473 555 0190', addressLine1: 'Morne Jaloux Road', city: "St. George's", country: 'gd' },
    }),
  );
  return { policyId: policy.id, policyNumber: policy.policyNumber, premiumCents: policy.premiumCents };
}

async function ledgerEntry(txnId: string, kind: string): Promise<unknown> {
  // Our own test's values, checked to be plain before they reach the SQL.
  if (!/^[A-Za-z0-9-]+$/.test(txnId) || !/^[A-Z_]+$/.test(kind)) throw new Error('bad ledger query');
  const { rows } = await db.execute(`select hash from ledger_entries where txn_id = '${txnId}' and kind = '${kind}'`);
  return { hash: rows[0]?.hash ?? null };
}

/** Demo holders' policy steps on the ledger, as the lifecycle will write them; sealed at once. */
async function appendLedgerEntries(): Promise<{ hash: string; sequence: number }[]> {
  const { ledger } = server.app;
  const written: LedgerEntryRow[] = [];
  for (const [n, email] of ['purchaser@fhp.example', 'purchaser.b@fhp.example'].entries()) {
    const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.email, email) });
    if (!user) throw new Error(`No demo user ${email}`);
    const holder = ledger.accountOf(user.id);
    const policyNumber = `FHP-GD-2027-00090${n}`;
    const steps: Omit<Parameters<Ledger['append']>[1], 'txnId' | 'at'>[] = [
      { kind: 'PAYMENT_RECORDED', from: holder, to: 'fhp:premiums', valueCents: 196_000 + n * 12_345, data: { policyNumber, instalment: 1 } },
      { kind: 'POLICY_ISSUED', from: 'fhp:cover', to: holder, valueCents: null, data: { policyNumber, status: 'ISSUED', option: '3' } },
    ];
    for (const step of steps) {
      written.push(await db.transaction((tx) => ledger.append(tx, { ...step, txnId: policyNumber, at: server.app.clock() })));
    }
  }
  await ledger.seal();
  return written.map(({ hash, sequence }) => ({ hash, sequence }));
}

/** Payloads /ledger/tamper altered, by hash, so /ledger/restore can put them back. */
const tamperedPayloads = new Map<string, string>();
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function tamperLedger(hash: string | null): Promise<{ tampered: string }> {
  // Only a hash reaches the SQL, and only one that is 64 hex digits.
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) throw new Error('tamper needs ?hash= of an entry');
  const { rows } = await db.execute(`select payload from ledger_entries where hash = ${sqlText(hash)}`);
  const payload = rows[0]?.payload;
  if (typeof payload !== 'string') throw new Error(`No ledger entry ${hash}`);
  if (!tamperedPayloads.has(hash)) tamperedPayloads.set(hash, payload);
  await db.execute(`update ledger_entries set payload = replace(payload, '"valueCents":', '"valueCents":9') where hash = ${sqlText(hash)}`);
  // As the daily re-check would (decision 138): it clears the verified marks from the broken block on.
  await server.app.ledger.recheck();
  return { tampered: hash };
}

async function restoreLedger(): Promise<{ restored: string[] }> {
  const restored = [...tamperedPayloads.keys()];
  for (const [hash, payload] of tamperedPayloads) {
    await db.execute(`update ledger_entries set payload = ${sqlText(payload)} where hash = ${sqlText(hash)}`);
  }
  tamperedPayloads.clear();
  await server.app.ledger.recheck();
  return { restored };
}

/** A spec that rejected a seeded document puts it back for the specs after it. */
async function resubmitKyc(email: string): Promise<{ resubmitted: number }> {
  const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.email, email) });
  if (!user) throw new Error(`No user ${email}`);
  // Only a uuid from our own database reaches the SQL.
  if (!/^[0-9a-f-]{36}$/.test(user.id)) throw new Error('bad user id');
  const { rows } = await db.execute(
    `update kyc_documents set status = 'SUBMITTED', comment = null, reviewed_by = null, reviewed_at = null where user_id = '${user.id}' and status <> 'SUBMITTED' returning id`,
  );
  return { resubmitted: rows.length };
}

/** A b-deck file ingested as a feed source's, as a poll would (active-storms.spec.ts): the storm is active at once. */
async function ingestFeed(req: IncomingMessage, source: string, fileName: string): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const result = await feeds.ingestBdeck(lifecycle.lifecycleDeps(server.app), source, fileName, Buffer.concat(chunks).toString('utf8'));
  return { stormId: result.stormId, change: result.change, payouts: result.payouts.length };
}

async function route(req: IncomingMessage, url: URL): Promise<unknown> {
  const to = url.searchParams.get('to');
  const timeoutMs = Number(url.searchParams.get('timeoutMs') ?? 10_000);
  const key = `${req.method} ${url.pathname}`;
  if (key === 'GET /code' && to) {
    // Other mail may be waiting for the same address (a demo holder's instalment reminders): skip to the code.
    let message = await smtp.waitForMessage(to, { timeoutMs });
    while (!/code/i.test(message.subject)) message = await smtp.waitForMessage(to, { timeoutMs });
    return { code: capture.extractCode(message), subject: message.subject };
  }
  if (key === 'GET /message' && to) {
    const { subject, text } = await smtp.waitForMessage(to, { timeoutMs });
    return { subject, text };
  }
  if (key === 'GET /sms' && to) return waitForSms(to, Number(url.searchParams.get('since') ?? 0), timeoutMs);
  const email = url.searchParams.get('email');
  if (key === 'GET /policies' && email) return policiesOf(email);
  if (key === 'POST /season/close') return closeSeason();
  if (key === 'POST /season/open') return openSeason();
  if (key === 'POST /provisional' && email) return newProvisional(email, url.searchParams.get('plan') ?? 'INSTALMENTS_2');
  const txnId = url.searchParams.get('txnId');
  const kind = url.searchParams.get('kind');
  if (key === 'GET /ledger' && txnId && kind) return ledgerEntry(txnId, kind);
  if (key === 'POST /ledger/entries') return appendLedgerEntries();
  if (key === 'POST /ledger/tamper') return tamperLedger(url.searchParams.get('hash'));
  if (key === 'POST /ledger/restore') return restoreLedger();
  if (key === 'POST /kyc/resubmit' && email) return resubmitKyc(email);
  const feedFile = url.searchParams.get('file');
  if (key === 'POST /storm/feed' && feedFile) return ingestFeed(req, url.searchParams.get('source') ?? 'nhc', feedFile);
  const pattern = url.searchParams.get('pattern');
  if (key === 'POST /log/expected' && pattern) {
    expectedErrors.push(new RegExp(pattern));
    return { expected: pattern };
  }
  if (key === 'GET /log/unexpected') return errorLines.filter((line) => !expectedErrors.some((expected) => expected.test(line)));
  return undefined;
}

const harnessPort = Number(process.env.E2E_MAIL_PORT ?? 3101);
const harness = createServer((req: IncomingMessage, res: ServerResponse) => {
  const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  route(req, new URL(req.url ?? '/', 'http://localhost'))
    .then((body) => (body === undefined ? json(404, { error: 'no such test endpoint' }) : json(200, body)))
    // A mail that never came is a timeout; anything else is the harness's own failure.
    .catch((error: unknown) => json(/arrived within/.test(String(error)) ? 504 : 500, { error: String(error) }));
});

// Listening before the app does: once /healthz answers (Playwright's go), the test endpoints do too.
await new Promise<void>((done, fail) => harness.once('error', fail).listen(harnessPort, '127.0.0.1', done));

// The server's own start-up path (apps/server/src/start.ts). It hands back the database it opened,
// so the endpoints above read and write the very database the app uses.
const server = await startServer({ config: loadConfig(process.env), logStream });
const { db } = server.database;

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  harness.close();
  await server.close(); // the app, then its database (releases the DATA_DIR lock)
  await smtp.close();
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
