import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIDEBAR_KEYS } from '@fhp/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { gql, testConfig } from '../../test/harness';
import type { Config } from '../config';
import { buildApp } from '../app';
import { openConfiguredDatabase } from '../start';
import { MIGRATIONS_DIR, type Db } from '../db/client';
import { content, faqs, offers, products, roles, seasons, users } from '../db/schema';
import { CONTENT_KEYS, type PageContent, type SidebarItem } from '../modules/content';
import { pageContentSeed } from './content';
import { seedDemoData } from './index';

const keysOf = (items: readonly SidebarItem[]): string[] => items.flatMap((item) => [item.key, ...keysOf(item.children)]);

describe('seeded page content', () => {
  it('names the sidebar entries with the domain keys, every one of them', () => {
    expect(keysOf(pageContentSeed.sidebarItems).sort()).toEqual([...SIDEBAR_KEYS].sort());
  });
});

async function rowCounts(db: Db) {
  const tables = { content, faqs, offers, products, seasons };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]?.n] as const),
  );
  return Object.fromEntries(entries);
}

describe.each(testDatabaseKinds())('demo seed [%s]', (kind) => {
  it('seeds once: a second boot adds nothing', async () => {
    const { database, dispose } = await createTestDatabase(kind);
    try {
      await database.prepare(seedDemoData);
      const first = await rowCounts(database.db);
      expect(first).toEqual({ content: 2, faqs: 3, offers: 1, products: 1, seasons: 3 });
      await database.prepare(seedDemoData);
      expect(await rowCounts(database.db)).toEqual(first);
    } finally {
      await dispose();
    }
  });

  it('migration 0003 renames the old sidebar keys of an existing page row and keeps edited titles', async () => {
    const { database, dispose } = await createTestDatabase(kind);
    try {
      await database.prepare(seedDemoData);
      const OLD: Record<string, string> = { provisional: 'provisionalPolicies', actual: 'actualPolicies', archived: 'archivedPolicies' };
      const toOld = (items: SidebarItem[]): SidebarItem[] =>
        items.map((item) => ({ ...item, key: OLD[item.key] ?? item.key, children: toOld(item.children) }));
      const before = toOld(pageContentSeed.sidebarItems);
      before[2]!.children[0]!.title = 'Pending'; // an administrator's edit
      const page = eq(content.key, CONTENT_KEYS.page);
      await database.db.update(content).set({ value: { ...pageContentSeed, sidebarItems: before } }).where(page);

      const migration = readFileSync(join(MIGRATIONS_DIR, '0003_sidebar_keys.sql'), 'utf8');
      await database.db.execute(sql.raw(migration));

      const [row] = await database.db.select({ value: content.value }).from(content).where(page);
      const after = (row?.value as PageContent).sidebarItems;
      expect(keysOf(after)).toEqual(keysOf(pageContentSeed.sidebarItems));
      expect(after[2]?.children[0]?.title).toBe('Pending');
    } finally {
      await dispose();
    }
  });
});

/** Boots the app on the database the config names, as startServer does; closing the app closes it. */
async function bootApp(config: Config) {
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());
  return app;
}

describe('booting on a DATA_DIR', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fhp-boot-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates and seeds on first boot, keeps data and adds no duplicates on the second', async () => {
    const config = testConfig({ DATA_DIR: dir });
    for (let boot = 0; boot < 2; boot += 1) {
      const app = await bootApp(config);
      try {
        expect(await rowCounts(app.db)).toEqual({ content: 2, faqs: 3, offers: 1, products: 1, seasons: 3 });
      } finally {
        await app.close(); // also releases the DATA_DIR lock for the next boot
      }
    }
  });

  it('seeds reference data but no demo accounts when SEED_DEMO is false', async () => {
    const app = await bootApp(testConfig({ DATA_DIR: join(dir, 'empty'), SEED_DEMO: 'false' }));
    try {
      expect(await rowCounts(app.db)).toEqual({ content: 2, faqs: 3, offers: 1, products: 1, seasons: 3 });
      expect((await app.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('production without SEED_DEMO: no users, yet pageContent and currentSeason answer', async () => {
    const app = await bootApp(testConfig({ DATA_DIR: join(dir, 'production'), NODE_ENV: 'production', PUBLIC_URL: 'https://portal.fhp.example' }));
    try {
      expect(app.config.seedDemo).toBe(false);
      expect((await app.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
      expect((await app.db.select({ n: count() }).from(roles))[0]?.n).toBeGreaterThan(0);
      const { status, body } = await gql<{ pageContent: { brand: { name: string } }; currentSeason: { year: number } }>(
        app,
        '{ pageContent { brand { name } } currentSeason { year } }',
      );
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.data?.pageContent.brand.name).toBeTruthy();
      expect(body.data?.currentSeason.year).toBeGreaterThan(2000);
    } finally {
      await app.close();
    }
  });
});
