/**
 * PostgreSQL terminates every connection of the app in the middle of a burst (a failover, a
 * maintenance restart; simulated with pg_terminate_backend, never by restarting the server): the
 * process stays up, the requests caught answer 503 with Retry-After (never 500), and it serves
 * again within 5 s without a restart.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, serverQuery, type ScratchPostgres } from '../databases';
import { healthy, postJson, sleep, startServerProcess, type ServerProcess } from './server-process';

const PORT = 5020;

describe.skipIf(!process.env.TEST_DATABASE_URL)('database connections cut mid-burst [postgres, server process]', () => {
  let scratch: ScratchPostgres;
  let server: ServerProcess;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    server = await startServerProcess(PORT, { DATABASE_URL: scratch.url });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
  });

  const terminateAppConnections = () =>
    serverQuery<{ terminated: boolean }>(
      'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [scratch.name],
    );

  it('stays up, answers 503 + Retry-After to the requests caught, and serves again within 5 s', async () => {
    const run = randomBytes(3).toString('hex');
    const statuses: { status: number; retryAfter: string | null }[] = [];
    let stopBurst = false;
    // 40 clients, each signing up new addresses (a write and a code), trying a wrong code (a
    // transaction holding its connection, where the process used to die) and asking the sign-in type.
    const client = async (n: number) => {
      for (let i = 0; !stopBurst; i += 1) {
        const email = `cut-${run}-${n}-${i}@example.com`;
        statuses.push(await postJson(`${server.url}/iam/v1/user/sign-up`, { email }));
        statuses.push(await postJson(`${server.url}/iam/v1/email/verify-by-otp`, { email, otp: '000000' }));
        statuses.push(await postJson(`${server.url}/iam/v1/user/sign-in-type/get`, { email }));
      }
    };
    const burst = Promise.all(Array.from({ length: 40 }, (_, n) => client(n)));
    await sleep(500);
    const cut = await terminateAppConnections();
    expect(cut.length).toBeGreaterThan(0);
    // A second cut while the pool reconnects: a failover rarely drops connections only once.
    await sleep(200);
    await terminateAppConnections();
    const cutAt = Date.now();

    // Serving again: a request that needs the database succeeds within 5 s of the last cut.
    let servingAfterMs = Number.POSITIVE_INFINITY;
    while (Date.now() - cutAt < 5000) {
      if (await healthy(server.url)) {
        servingAfterMs = Date.now() - cutAt;
        break;
      }
      await sleep(100);
    }
    stopBurst = true;
    await burst;

    expect(server.alive(), server.output()).toBe(true);
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
    expect(servingAfterMs).toBeLessThan(5000);
    const byStatus: Record<string, typeof statuses> = {};
    for (const s of statuses) (byStatus[String(s.status)] ??= []).push(s);
    // Only answers (the wrong code's 401) and retryable refusals: no 500, no dropped connection (0).
    expect(Object.keys(byStatus)).toEqual(expect.arrayContaining(['200', '401']));
    for (const status of Object.keys(byStatus)) expect(['200', '401', '503']).toContain(status);
    // The cut caught requests in flight, and each of them told the client when to retry.
    expect(byStatus['503']?.length ?? 0).toBeGreaterThan(0);
    for (const refused of byStatus['503'] ?? []) expect(refused.retryAfter).toMatch(/^\d+$/);

    // And it keeps serving writes afterwards.
    const after = await postJson(`${server.url}/iam/v1/user/sign-up`, { email: `after-${run}@example.com` });
    expect(after.status).toBe(200);
  }, 60_000);
});
