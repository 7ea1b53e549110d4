import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/databases';
import { seedDemoData } from '../../seed';
import { offers } from '../../db/schema';
import { OfferCache } from './offer-cache';

const DURING = new Date('2026-12-01T12:00:00Z');

describe('OfferCache', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    await test.database.prepare(seedDemoData);
  });
  afterAll(() => test.dispose());

  it('checks validity dates at read time and sees edits after the TTL or an invalidate', async () => {
    let clock = 0;
    const cache = new OfferCache(test.database.db, 1000, () => clock);
    expect((await cache.applicable('dm', DURING))?.id).toBe('dm-early-bird-2027');
    expect(await cache.applicable('dm', new Date('2026-05-01T00:00:00Z'))).toBeUndefined();
    expect(await cache.applicable('gd', DURING)).toBeUndefined();

    await test.database.db.update(offers).set({ active: false }).where(eq(offers.id, 'dm-early-bird-2027'));
    expect((await cache.applicable('dm', DURING))?.id).toBe('dm-early-bird-2027'); // still within the TTL
    clock = 1001;
    expect(await cache.applicable('dm', DURING)).toBeUndefined();

    await test.database.db.update(offers).set({ active: true }).where(eq(offers.id, 'dm-early-bird-2027'));
    cache.invalidate();
    expect((await cache.applicable('dm', DURING))?.id).toBe('dm-early-bird-2027');
  });
});
