/**
 * PostgreSQL terminates every connection of the app in the middle of a burst of 100 purchase flows
 * (a failover, a maintenance restart; simulated with pg_terminate_backend on the app's own
 * database only, never by restarting the server): the process stays up, the requests caught answer
 * 503 with Retry-After (never 500), it serves again within 5 s without a restart, and every
 * acknowledged purchase is stored once (a refused one resent with its key makes one policy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../src/modules/notifications/smtp-capture';
import { serverQuery } from '../databases';
import { customersWithKyc, purchaseAndPaymentBurst, refusalKinds, type Customer } from './bursts';
import { capturedCodes, httpFlows, type HttpFlows } from './http-flows';
import { healthy, sleep, startServerProcess, type ServerProcess } from './server-process';
import { brokenInvariants, NOTHING_BROKEN, processDatabase, storedWrites, type ProcessDatabase } from './stored-state';

const FLOWS = 100;

describe.skipIf(!process.env.TEST_DATABASE_URL)('database connections cut mid-burst of purchases [postgres, server process]', () => {
  let database: ProcessDatabase;
  let smtp: SmtpCapture;
  let server: ServerProcess;
  let flows: HttpFlows;
  let customers: Customer[];

  beforeAll(async () => {
    [database, smtp] = await Promise.all([processDatabase('postgres'), startSmtpCapture()]);
    server = await startServerProcess({ ...database.env, SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1' });
    flows = httpFlows(server.url, capturedCodes(smtp));
    customers = await customersWithKyc(flows, FLOWS, 'cut');
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await database?.drop();
  });

  const terminateAppConnections = () =>
    serverQuery<{ terminated: boolean }>('select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database.name]);

  it('stays up, answers 503 + Retry-After to the purchases caught, serves again within 5 s, stores each acknowledged purchase once', async () => {
    let stop = false;
    const { record, done } = purchaseAndPaymentBurst(flows, customers, '', { running: () => !stop, payments: false });
    // Well into the burst: every customer has a purchase in flight.
    while (record.purchases.size < FLOWS / 2) await sleep(10);
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
    const purchasedBefore = record.purchases.size;
    // Purchases go on after the cut.
    while (record.purchases.size < purchasedBefore + FLOWS && Date.now() - cutAt < 30_000) await sleep(20);
    stop = true;
    await done;

    expect(server.alive(), server.output()).toBe(true);
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
    expect(servingAfterMs).toBeLessThan(5000);
    expect(record.purchases.size).toBeGreaterThanOrEqual(purchasedBefore + FLOWS);
    // Only retryable refusals, each saying when to retry: no 500, no GraphQL error of another kind, no dropped connection.
    const kinds = refusalKinds(record.refusals);
    expect(Object.keys(kinds).length, JSON.stringify(kinds)).toBeGreaterThan(0);
    for (const kind of Object.keys(kinds)) expect(kind).toMatch(/^purchase: HTTP 503 SERVICE_UNAVAILABLE$/);
    for (const refusal of record.refusals) expect(refusal.retryAfter).toMatch(/^\d+$/);

    // A caught purchase resent with its key makes one policy (whether or not the first try committed).
    const resent = new Map<string, string>();
    for (const sent of record.refused) resent.set(sent.key, (await flows.purchase(sent.customer.token, sent.input)).policyNumber);
    const stored = await database.open();
    try {
      const writes = await storedWrites(stored.db);
      for (const [key, { policyNumber }] of record.purchases) expect(writes.policiesByKey.get(key), key).toBe(policyNumber);
      for (const [key, policyNumber] of resent) expect(writes.policiesByKey.get(key), key).toBe(policyNumber);
      expect(new Set(writes.policyNumbers).size).toBe(writes.policyNumbers.length);
      expect(await brokenInvariants(stored.db)).toEqual(NOTHING_BROKEN);
    } finally {
      await stored.close();
    }
  }, 90_000);
});
