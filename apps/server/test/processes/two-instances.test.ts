/**
 * Two instances on one PostgreSQL behind a small round-robin proxy (issue 13, item 6): a code sent
 * by one is accepted by the other, a session from one is valid on the other, an upload through
 * one downloads through the other, the per-client limits hold across both (X-Forwarded-For from
 * the trusted proxy), and each job runs once per tick.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractCode, startSmtpCapture, type SmtpCapture } from '../../src/modules/notifications/smtp-capture';
import { createScratchPostgres, type ScratchPostgres } from '../databases';
import { multipart, pngBytes } from '../files-helpers';
import { postJson, startServerProcess, type ServerProcess } from './server-process';

const PORTS = { a: 5030, b: 5031, proxy: 5032 } as const;

/** Forwards each request to the next instance in turn, naming the client in X-Forwarded-For as a proxy does. */
function roundRobinProxy(targets: number[], port: number, clientAddress: (n: number) => string): Promise<{ server: Server; served: number[] }> {
  const served = targets.map(() => 0);
  let next = 0;
  let n = 0;
  const server = createServer((req, res) => {
    const index = next;
    next = (next + 1) % targets.length;
    served[index]! += 1;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: targets[index], method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': clientAddress((n += 1)) } },
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

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances behind a round-robin proxy [postgres, server processes]', () => {
  let scratch: ScratchPostgres;
  let smtp: SmtpCapture;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let proxy: { server: Server; served: number[] };
  let sameClient = true;
  const base = `http://127.0.0.1:${PORTS.proxy}`;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    smtp = await startSmtpCapture();
    // TRUST_PROXY: the client is the one the proxy names; five code sends per address for the limit check.
    const env = { DATABASE_URL: scratch.url, SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_CODE_SENDS_PER_ADDRESS: '5' };
    // Both boot at once: migrations and seed under the boot lock.
    [a, b] = await Promise.all([startServerProcess(PORTS.a, env), startServerProcess(PORTS.b, env)]);
    proxy = await roundRobinProxy([PORTS.a, PORTS.b], PORTS.proxy, (n) => (sameClient ? '198.51.100.20' : `198.51.100.${n % 250}`));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await new Promise((resolve) => proxy?.server.close(resolve));
    await smtp?.close();
    await scratch?.drop();
  });

  it('shares codes, sessions, files and limits; jobs ran once per tick', async () => {
    sameClient = false;
    const email = `two-${randomBytes(3).toString('hex')}@example.com`;
    expect((await postJson(`${base}/iam/v1/user/sign-up`, { email })).status).toBe(200); // instance a
    const otp = extractCode(await smtp.waitForMessage(email));
    const verified = await postJson(`${base}/iam/v1/email/verify-by-otp`, { email, otp }); // instance b
    expect(verified.status).toBe(200);
    const token = (JSON.parse(verified.text) as { accessToken: string }).accessToken;

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

    // Both ran the catch-up at start; each job and tick is recorded once (the job_runs key).
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const runs = await client.query<{ job: string; tick: string; n: number }>('select job, tick, count(*)::int as n from job_runs group by job, tick');
      expect(runs.rows.length).toBeGreaterThan(0);
      expect(runs.rows.filter((r) => r.n > 1)).toEqual([]);
    } finally {
      await client.end();
    }
  }, 120_000);
});
