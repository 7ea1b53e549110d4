import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { createCliTestDatabase, defaultDatabaseKind, type CliTestDatabase } from './databases';

/**
 * `npm run storms:feed -- --source NAME FILE...` (issue 22 item 1): ingests b-deck files once as the
 * named source's; the same file again changes nothing; a bad file is refused with its line, the
 * others are stored.
 */

const TEDDY = [
  'AL, 20, 2020091318,   , BEST,   0, 126N,  374W,  30, 1006, TD,   0,    ,    0,    0,    0,    0, 1011,  240, 100,  40,   0,   L,   0,    ,   0,   0,     TWENTY, M,',
  'AL, 20, 2020091600,   , BEST,   0, 147N,  480W,  65,  987, HU,  34, NEQ,  140,   80,   40,  150, 1010,  180,  20,  75,   0,   L,   0,    ,   0,   0,      TEDDY, D,',
  'AL, 20, 2020091600,   , BEST,   0, 147N,  480W,  65,  987, HU,  50, NEQ,   40,   30,    0,   30, 1010,  180,  20,  75,   0,   L,   0,    ,   0,   0,      TEDDY, D,',
].join('\n');

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/storms-feed.ts', ...args],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// What the tool stores is the same on either engine (decision 105): once, on the default database.
describe(`npm run storms:feed -- --source NAME FILE... [${defaultDatabaseKind()}]`, () => {
  let database: CliTestDatabase;
  let files = '';
  beforeAll(async () => {
    database = await createCliTestDatabase(defaultDatabaseKind());
    files = mkdtempSync(join(tmpdir(), 'fhp-bdeck-files-'));
    writeFileSync(join(files, 'bal202020.dat'), TEDDY);
    writeFileSync(join(files, 'bal212020.dat'), TEDDY.replaceAll('AL, 20,', 'AL, 21,').replace('147N', '14.7N'));
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(files, { recursive: true, force: true });
  });
  const env = () => ({ ...database.env, SEED_DEMO: 'false' });

  it('stores a file as the source\'s, then the same again changes nothing; a bad file is named with its line (exit 1)', async () => {
    const first = await run(['--source', 'nhc', join(files, 'bal202020.dat')], env());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('bal202020.dat: AL202020 TEDDY new (2 fixes from nhc)');
    const again = await run(['--source', 'nhc', join(files, 'bal202020.dat'), join(files, 'bal212020.dat')], env());
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('bal202020.dat: AL202020 TEDDY unchanged (2 fixes from nhc)');
    expect(again.stdout).toContain('1 files read, 1 refused, 0 payouts created, 0 storm alerts created');
    expect(again.stderr).toMatch(/bal212020\.dat: Line 2: the latitude must be written in tenths of a degree/);
    expect((await run(['nhc', join(files, 'bal202020.dat')], env())).code).toBe(2);
  }, 180_000);
});
