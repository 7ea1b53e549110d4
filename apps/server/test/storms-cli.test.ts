import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHurdat2 } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { storms } from '../src/db/schema';
import { SHIPPED_STORMS_FILE } from '../src/modules/storms/shipped';
import { startServer } from '../src/start';
import { createCliTestDatabase, createPreparedTestDatabase, defaultDatabaseKind, type CliTestDatabase, type TestDatabase } from './databases';
import { testConfig } from './harness';
import { shippedHurdat2, stormBlock } from './storm-helpers';

/**
 * Issue 10 item 1 from the outside: `npm run storms:import -- FILE` imports into the configured
 * database (and refuses a bad file, storing nothing), and the server's first start loads the
 * shipped Caribbean storms, once.
 */

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>, through: 'npm' | 'node' = 'node'): Promise<Run> {
  const [file, argv] =
    through === 'npm' ? ['npm', ['run', '--silent', 'storms:import', '--', ...args]] : [process.execPath, ['--import', 'tsx', 'apps/server/src/storms-import.ts', ...args]];
  return new Promise((resolve) => {
    execFile(
      file,
      argv,
      // Only what the tool reads: no TEST_DATABASE_URL or developer settings leak in.
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// What the tool stores is the same on either engine (decision 105): once, on the default database.
describe(`npm run storms:import -- FILE [${defaultDatabaseKind()}]`, () => {
  let database: CliTestDatabase;
  let files = '';

  beforeAll(async () => {
    database = await createCliTestDatabase(defaultDatabaseKind());
    files = mkdtempSync(join(tmpdir(), 'fhp-storm-files-'));
    const sample = shippedHurdat2('sample.txt');
    writeFileSync(join(files, 'ivan.txt'), stormBlock(sample, 'AL092004'));
    writeFileSync(join(files, 'emily-bad.txt'), stormBlock(sample, 'AL052005').replace(/, (\d+\.\d)N,/, ', 95.0N,'));
    writeFileSync(join(files, 'both.txt'), stormBlock(sample, 'AL092004') + stormBlock(sample, 'AL052005'));
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(files, { recursive: true, force: true });
  });

  const env = () => ({ ...database.env, SEED_DEMO: 'false' });
  const storedIds = () => database.read(async (db) => (await db.select({ id: storms.id }).from(storms).orderBy(storms.id)).map((row) => row.id));

  it('imports a file: one line per storm and a summary, exit 0', async () => {
    const first = await run([join(files, 'ivan.txt')], env(), 'npm');
    expect(first.stderr).toBe('');
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toBe('AL092004 IVAN: new (94 track points)\n1 storms read, 0 payouts created, 0 storm alerts created\n');
    expect(await storedIds()).toEqual(['AL092004']);
  }, 180_000);

  it('refuses a bad file with its line and stores nothing of it (exit 1); a missing file exits 2', async () => {
    const bad = await run([join(files, 'emily-bad.txt')], env());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Line 2: .*latitude 95\.0N/);
    expect(bad.stdout).toBe('');
    const missing = await run([join(files, 'nope.txt')], env());
    expect(missing).toMatchObject({ code: 2, stderr: `Cannot read ${join(files, 'nope.txt')}\n` });
    const usage = await run([], env());
    expect(usage.code).toBe(2);
    expect(await storedIds()).toEqual(['AL092004']);
    // A file with Ivan (stored) and Emily (new): Emily is added, Ivan left as it is.
    const both = await run([join(files, 'both.txt')], env());
    expect(both.stdout).toBe('AL092004 IVAN: unchanged (94 track points)\nAL052005 EMILY: new (45 track points)\n2 storms read, 0 payouts created, 0 storm alerts created\n');
    expect(await storedIds()).toEqual(['AL052005', 'AL092004']);
  }, 180_000);
});

// Loading a file is the same on either engine (decision 105): once, on the default database.
for (const kind of [defaultDatabaseKind()]) {
  describe(`the first start loads the shipped storms [${kind}]`, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createPreparedTestDatabase(kind, 'migrated');
    });
    afterAll(() => test.dispose());

    it('stores every storm of the shipped file on the first start, and nothing more on the next', async () => {
      const shipped = parseHurdat2(shippedHurdat2('caribbean-1950-2023.txt'));
      expect(SHIPPED_STORMS_FILE).toMatch(/packages\/domain\/datasets\/hurdat2\/caribbean-1950-2023\.txt$/);
      expect(shipped).toHaveLength(220);
      const config = testConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false' });
      const one = async <T>(query: ReturnType<typeof sql>) => ((await test.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
      const count = async () => (await one<{ n: number }>(sql`select count(*)::int as n from storms`)).n;
      const lastUpdate = async () => (await one<{ at: Date | string }>(sql`select max(updated_at) as at from storms`)).at;

      const first = await startServer({ config, database: test.database });
      await first.app.close();
      expect(await count()).toBe(shipped.length);
      expect((await one<{ n: number }>(sql`select count(*)::int as n from storm_track_points`)).n).toBe(shipped.reduce((sum, storm) => sum + storm.points.length, 0));
      const updated = await lastUpdate();

      const second = await startServer({ config, database: test.database });
      await second.app.close();
      expect(await count()).toBe(shipped.length);
      // Nothing was imported again: no storm changed on the second start.
      expect(await lastUpdate()).toEqual(updated);
    }, 240_000);
  });
}
