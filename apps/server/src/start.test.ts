import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startServer } from './start';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configFor(dataDir: string) {
  return loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', WEB_DIST_DIR: join(dataDir, 'no-web') });
}

describe('startServer', () => {
  it('opens and migrates the configured database, listens, and releases the DATA_DIR on close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fhp-start-'));
    dirs.push(dir);
    const server = await startServer({ config: configFor(dir) });
    try {
      expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(server.url).not.toBe('http://localhost:0');
      const port = new URL(server.url).port;
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await response.json()).toEqual({ status: 'ok', db: 'ok' });
      expect(existsSync(join(dir, 'fhp.lock'))).toBe(true);
    } finally {
      await server.close();
      await server.close(); // idempotent
    }
    expect(existsSync(join(dir, 'fhp.lock'))).toBe(false);
  });

  it("runs on the caller's database and leaves it open on close", async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.prepare();
      const server = await startServer({ config: configFor(join(tmpdir(), 'fhp-start-unused')), database });
      expect(server.database).toBe(database);
      await server.close();
      await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await database.close();
    }
  });
});
