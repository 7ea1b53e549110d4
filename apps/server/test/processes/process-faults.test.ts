/**
 * A server process stopped in the middle of a burst of writes (issue 13, item 5): SIGTERM drains
 * (requests in flight finish, exit 0); kill -9 loses nothing acknowledged. Each acknowledged
 * sign-up must have its code stored after the restart. PGlite always, PostgreSQL when set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { oneTimeCodes } from '../../src/db/schema';
import { createScratchPostgres, testDatabaseKinds, type ScratchPostgres } from '../databases';
import { postJson, sleep, startServerProcess, type ServerProcess } from './server-process';

const PORTS = { pglite: 5040, postgres: 5045 } as const;

/** Sign-ups from 30 clients until the process stops answering; answers the emails acknowledged (200). */
async function burstUntilDown(server: ServerProcess, run: string, onStarted: () => void): Promise<{ acknowledged: string[]; statuses: number[] }> {
  const acknowledged: string[] = [];
  const statuses: number[] = [];
  let started = 0;
  const client = async (n: number) => {
    for (let i = 0; ; i += 1) {
      const email = `fault-${run}-${n}-${i}@example.com`;
      const answer = await postJson(`${server.url}/iam/v1/user/sign-up`, { email });
      statuses.push(answer.status);
      if (answer.status === 200) acknowledged.push(email);
      if ((started += 1) === 60) onStarted();
      if (answer.status === 0 || answer.status === 503) return;
    }
  };
  await Promise.all(Array.from({ length: 30 }, (_, n) => client(n)));
  return { acknowledged, statuses };
}

for (const kind of testDatabaseKinds()) {
  describe(`server process stopped mid-burst [${kind}]`, () => {
    let dataDir: string | undefined;
    let scratch: ScratchPostgres | undefined;
    let server: ServerProcess | undefined;

    const env = async (): Promise<Record<string, string>> => {
      if (kind === 'postgres') {
        scratch ??= await createScratchPostgres();
        return { DATABASE_URL: scratch.url };
      }
      dataDir ??= mkdtempSync(join(tmpdir(), 'fhp-faults-'));
      return { DATA_DIR: dataDir, DATABASE_URL: '' };
    };
    const openStored = async (): Promise<Database> =>
      kind === 'postgres' ? openDatabase({ kind: 'postgres', url: scratch!.url, poolSize: 1 }) : openDatabase({ kind: 'pglite', dataDir });

    afterEach(async () => {
      await server?.stop();
      server = undefined;
      await scratch?.drop();
      scratch = undefined;
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      dataDir = undefined;
    });

    async function storedOf(emails: string[]): Promise<Set<string>> {
      const database = await openStored();
      try {
        const rows = emails.length === 0 ? [] : await database.db.select({ email: oneTimeCodes.email }).from(oneTimeCodes).where(inArray(oneTimeCodes.email, emails));
        return new Set(rows.map((r) => r.email));
      } finally {
        await database.close();
      }
    }

    it('SIGTERM: requests in flight finish, the process exits 0 within the bound, nothing acknowledged is lost', async () => {
      server = await startServerProcess(PORTS[kind], await env());
      const run = randomBytes(3).toString('hex');
      let stoppedAt = 0;
      const burst = burstUntilDown(server, run, () => {
        stoppedAt = Date.now();
        server!.child.kill('SIGTERM');
      });
      const exit = await server.exited;
      const { acknowledged, statuses } = await burst;
      expect(exit.code, server.output()).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(25_000);
      expect(statuses).not.toContain(500);
      expect(acknowledged.length).toBeGreaterThanOrEqual(60);
      const stored = await storedOf(acknowledged);
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    }, 120_000);

    it('kill -9: after a restart every acknowledged write is there and the app serves', async () => {
      server = await startServerProcess(PORTS[kind], await env());
      const run = randomBytes(3).toString('hex');
      const burst = burstUntilDown(server, run, () => server!.child.kill('SIGKILL'));
      await server.exited;
      const { acknowledged } = await burst;
      expect(acknowledged.length).toBeGreaterThanOrEqual(30);
      // The restart takes over PGlite's lock left by the killed process, and recovers its files.
      server = await startServerProcess(PORTS[kind], await env());
      expect((await postJson(`${server.url}/iam/v1/user/sign-up`, { email: `after-${run}@example.com` })).status).toBe(200);
      await server.stop();
      await sleep(100);
      const stored = await storedOf(acknowledged);
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    }, 180_000);
  });
}
