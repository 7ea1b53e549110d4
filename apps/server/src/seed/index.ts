import type { Db } from '../db/client';
import { content, faqs, offers, products, seasons } from '../db/schema';
import { CONTENT_KEYS } from '../modules/content';
import { landingContentSeed, pageContentSeed } from './content';
import { faqSeed } from './faqs';
import { ensureRoles, seedIdentity } from '../modules/identity';
import { offerSeed, seasonSeed, seedPricing } from './pricing';
import { DEMO_PRODUCT_ID, productSeed } from './products';

/**
 * What every installation needs to answer its public queries (product, page and landing content,
 * FAQ, seasons, offers, roles), demo data or not. Every insert skips rows that already exist (by
 * natural key), so booting again neither duplicates rows nor overwrites what an admin has edited.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  // One transaction: a crash half-way leaves no half-seeded database. PGlite: use tx only.
  await db.transaction(async (tx) => {
    await insertReferenceData(tx);
  });
}

async function insertReferenceData(tx: Db): Promise<void> {
  await tx.insert(products).values(productSeed).onConflictDoNothing();
  await tx
    .insert(content)
    .values([
      { key: CONTENT_KEYS.page, value: pageContentSeed },
      { key: CONTENT_KEYS.landing(DEMO_PRODUCT_ID), value: landingContentSeed },
    ])
    .onConflictDoNothing();
  await tx.insert(faqs).values(faqSeed).onConflictDoNothing();
  await tx.insert(seasons).values(seasonSeed).onConflictDoNothing();
  await tx.insert(offers).values(offerSeed).onConflictDoNothing();
  await seedPricing(tx);
  await ensureRoles(tx);
}

/**
 * Reference data plus the demo accounts (published password, see identity.ts): development, tests
 * and e2e only (SEED_DEMO). Idempotent like the reference data; an existing account is never touched.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await insertReferenceData(tx);
    await seedIdentity(tx);
  });
}

/** The seed a start runs after migrating: reference data always, demo accounts when SEED_DEMO. */
export function seedFor(config: { seedDemo: boolean }): (db: Db) => Promise<void> {
  return config.seedDemo ? seedDemoData : seedReferenceData;
}
