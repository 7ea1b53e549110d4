import type { Db } from '../client';
import { content, faqs, offers, products, seasons } from '../schema';
import { CONTENT_KEYS } from '../../modules/content/content-shapes';
import { landingContentSeed, pageContentSeed } from './content';
import { faqSeed } from './faqs';
import { seedIdentity } from './identity';
import { offerSeed, seasonSeed } from './pricing';
import { DEMO_PRODUCT_ID, productSeed } from './products';

/**
 * Demo data for a first start. Every insert skips rows that already exist (by natural key), so
 * booting again neither duplicates rows nor overwrites what an admin has edited since.
 */
export async function seedDemoData(db: Db): Promise<void> {
  // One transaction: a crash half-way leaves no half-seeded database. PGlite: use tx only.
  await db.transaction(async (tx) => {
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
    await seedIdentity(tx);
  });
}
