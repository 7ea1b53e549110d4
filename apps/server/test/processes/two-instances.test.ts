/**
 * Two instances on one PostgreSQL behind a small round-robin proxy (issue 13, item 6): a code sent
 * by one is accepted by the other (sign-up and a teller's password sign-in), a session from one is
 * valid on the other, an upload through one downloads through the other, the per-client limits
 * hold across both (X-Forwarded-For from the trusted proxy); purchases through both get unique
 * numbers without gaps; both boot at once and run every scheduled job's catch-up, and each job's
 * effect happens once (policies past their payment deadline are canceled once: one status change,
 * one log and ledger entry, one email each); payments through both and the jobs of both append to
 * one unbroken ledger chain.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { DEMO_PASSWORD } from '../../src/modules/identity/seed';
import { verifyStoredLedger } from '../../src/modules/audit/ledger';
import { startSmtpCapture, type SmtpCapture } from '../../src/modules/notifications/smtp-capture';
import { ACTIONS } from '../../src/modules/lifecycle/transitions';
import type { PolicyRow } from '../../src/modules/lifecycle/repository';
import { multipart, pngBytes } from '../files-helpers';
import { makeProvisionalIn } from '../lifecycle-helpers';
import { customersWithKyc } from './bursts';
import { capturedCodes, freePort, httpFlows, type HttpFlows } from './http-flows';
import { postJson, startServerProcess, type ServerProcess } from './server-process';
import { brokenInvariants, NOTHING_BROKEN, processDatabase, type ProcessDatabase } from './stored-state';

/** Forwards each request to the next instance in turn, naming the client in X-Forwarded-For as a proxy does. */
function roundRobinProxy(targets: string[], port: number, clientAddress: (n: number) => string): Promise<{ server: Server; served: number[] }> {
  const served = targets.map(() => 0);
  let next = 0;
  let n = 0;
  const server = createServer((req, res) => {
    const index = next;
    next = (next + 1) % targets.length;
    served[index]! += 1;
    const target = new URL(targets[index]!);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': clientAddress((n += 1)) } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, served })));
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
const DUE_POLICIES = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances behind a round-robin proxy [postgres, server processes]', () => {
  let database: ProcessDatabase;
  let stored: Database;
  let smtp: SmtpCapture;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let proxy: { server: Server; served: number[] };
  let sameClient = true;
  let base: string;
  let flows: HttpFlows;
  /** Provisional policies of a season whose payment deadline has passed: the deadline job cancels them. */
  let due: PolicyRow[];

  beforeAll(async () => {
    [database, smtp] = await Promise.all([processDatabase('postgres'), startSmtpCapture()]);
    stored = await database.open();
    const [owner] = rowsOf<{ id: string }>(await stored.db.execute(sql`select id from users where email = 'purchaser.b@fhp.example'`));
    due = [];
    for (let i = 0; i < DUE_POLICIES; i += 1) due.push(await makeProvisionalIn(stored.db, owner!.id, { seasonYear: 2026, country: i % 2 ? 'gd' : 'dm' }));
    // TRUST_PROXY: the client is the one the proxy names; five code sends per address for the limit check.
    const env = { ...database.env, SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_CODE_SENDS_PER_ADDRESS: '5', LOG_LEVEL: 'info' };
    // Both boot at once: migrations and seed under the boot lock, then both run every job's catch-up.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const port = await freePort();
    proxy = await roundRobinProxy([a.url, b.url], port, (n) => (sameClient ? '198.51.100.20' : `198.51.101.${n % 250}`));
    base = `http://127.0.0.1:${port}`;
    flows = httpFlows(base, capturedCodes(smtp));
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await new Promise((resolve) => proxy?.server.close(resolve));
    await stored?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('shares codes, sessions, files and limits', async () => {
    sameClient = false;
    const email = `two-${randomBytes(3).toString('hex')}@example.com`;
    // Sign-up through one instance, the code checked by the other.
    const token = await flows.signUp(email);

    // The session is valid on both, and a file uploaded through one downloads through the other.
    const { payload, headers } = multipart([{ name: 'purpose', value: 'ID_PROOF' }, { name: 'file', filename: 'id.png', contentType: 'image/png', data: pngBytes() }]);
    const uploaded = await fetch(`${base}/api/v1/files`, { method: 'POST', body: payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    for (let i = 0; i < 2; i += 1) {
      const download = await fetch(`${base}/api/v1/files/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(pngBytes())).toBe(true);
    }
    expect(proxy.served[0]).toBeGreaterThan(1);
    expect(proxy.served[1]).toBeGreaterThan(1);

    // One client through both instances: the limit of five code sends holds in total, not per instance.
    sameClient = true;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await postJson(`${base}/iam/v1/otp/send`, { email: `limit-${i}@example.com` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    sameClient = false;
  }, 60_000);

  it('numbers purchases through both uniquely and without gaps; payments through both and the jobs of both keep one ledger chain', async () => {
    // A teller signs in with password and the emailed code, the two steps on different instances.
    const teller = await flows.passwordSignIn('teller@fhp.example', DEMO_PASSWORD);
    const customers = await customersWithKyc(flows, 12, `both-${randomBytes(2).toString('hex')}`);
    const bought = await Promise.all(
      customers.map(async (customer, n) => flows.purchase(customer.token, await flows.purchaseInput({ paymentChannel: 'CREDIT_UNION', paymentPlan: n % 4 === 0 ? 'FULL' : 'INSTALMENTS_4' }))),
    );
    // Every instance served purchases; the numbers of the season on sale run 1..12 with none twice.
    const sequences = bought.map((policy) => Number(policy.policyNumber.split('-')[3])).sort((x, y) => x - y);
    expect(sequences).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));

    // Payments on every policy through both instances (a full one issues the contract).
    const receipts = await Promise.all(bought.map((policy) => flows.recordPayment(teller, policy.policyNumber, policy.schedule[0]!.amount.cents)));
    expect(new Set(receipts.map((r) => r.receiptNumber)).size).toBe(12);

    // The catch-up runs of both instances: each job and tick claimed once and finished.
    const runs = rowsOf<{ job: string; tick: string; finished: boolean; attempts: number }>(
      await stored.db.execute(sql`select job, tick, finished_at is not null as finished, attempts from job_runs`),
    );
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.filter((run) => !run.finished)).toEqual([]);
    // Each job's effect once: every past-deadline policy canceled once, with one log entry, one
    // ledger entry and one email, whichever instance (or both) ran the deadline job.
    const canceled = rowsOf<{ policy_number: string; status: string; log: number; ledger: number }>(
      await stored.db.execute(sql`select p.policy_number, p.status,
          (select count(*)::int from transaction_log t where t.txn_set_id = p.policy_number and t.action = ${ACTIONS.PAYMENT_DEADLINE_PASSED}) as log,
          (select count(*)::int from ledger_entries e where e.kind = 'POLICY_CANCELED' and e.txn_id = p.policy_number) as ledger
        from policies p where p.season_year = 2026`),
    );
    expect(canceled).toHaveLength(DUE_POLICIES);
    for (const policy of canceled) expect(policy, policy.policy_number).toMatchObject({ status: 'CANCELED', log: 1, ledger: 1 });
    for (const policy of due) {
      const mails = smtp.messages.filter((m) => m.subject === `Your provisional policy ${policy.policyNumber} is canceled`);
      expect(mails, policy.policyNumber).toHaveLength(1);
    }
    // Every claimed tick was run by exactly one of the two processes (their logs say which).
    const ran = [a!, b!].map((instance) => (instance.output().match(/"msg":"job ran"/g) ?? []).length);
    expect(ran[0]! + ran[1]!).toBe(runs.length);

    // One unbroken chain: the payments of both instances and the deadline job's cancellations.
    expect(await verifyStoredLedger(stored.db)).toMatchObject({ ok: true });
    expect(await brokenInvariants(stored.db)).toEqual(NOTHING_BROKEN);
  }, 120_000);
});
