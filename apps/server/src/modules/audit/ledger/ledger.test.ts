import { BLOCK_MAX_ENTRIES, LedgerSealError } from '@fhp/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ledgerBlocks, ledgerEntries, ledgerHead } from '../../../db/schema';
import { createPreparedTestDatabase, testDatabaseKinds } from '../../../../test/databases';
import { LEDGER_TEST_AT as AT, paymentEntry as payment, secondPool, tamper } from '../../../../test/ledger-helpers';
import type { Database } from '../../../db/client';
import { appendLedgerEntry, ledgerAccountOf, sealPendingBlocks, verifyStoredLedger } from '.';

for (const kind of testDatabaseKinds()) {
  describe(`the stored ledger [${kind}]`, () => {
    let database: Database;
    beforeEach(async (context) => {
      const test = await createPreparedTestDatabase(kind, 'migrated');
      database = test.database;
      context.onTestFinished(() => test.dispose());
    });

    async function appendMany(count: number) {
      for (let n = 1; n <= count; n++) await appendLedgerEntry(database.db, payment(n), AT);
    }

    it('appends a chain that verifies, and an empty ledger verifies too', async () => {
      expect(await verifyStoredLedger(database.db)).toEqual({ ok: true, checked: 0, blocksChecked: 0, headSequence: 0 });
      await appendMany(5);
      expect(await verifyStoredLedger(database.db, { batchSize: 2 })).toEqual({ ok: true, checked: 5, blocksChecked: 0, headSequence: 5 });
      expect(await verifyStoredLedger(database.db, { upTo: 3 })).toEqual({ ok: true, checked: 3, blocksChecked: 0, headSequence: 5 });
    });

    it('keeps no entry of a change that rolled back', async () => {
      await appendMany(1);
      await expect(
        database.db.transaction(async (tx) => {
          await appendLedgerEntry(tx, payment(2), AT);
          throw new Error('the payment failed after its entry');
        }),
      ).rejects.toThrow('the payment failed');
      const next = await appendLedgerEntry(database.db, payment(3), AT);
      expect(next.sequence).toBe(2);
      expect(await verifyStoredLedger(database.db)).toMatchObject({ ok: true, checked: 2 });
    });

    it('breaks on an altered, deleted, reordered or cut-off entry and names it', async () => {
      await appendMany(5);
      const db = database.db;
      const alter = sql`update ledger_entries set payload = replace(payload, '10003', '90003') where sequence = 3`;
      await db.execute(alter);
      expect(await verifyStoredLedger(db)).toMatchObject({ ok: false, brokenAt: { sequence: 3, reason: 'its payload does not match its payload hash' } });
      await db.execute(sql`update ledger_entries set payload = replace(payload, '90003', '10003') where sequence = 3`);
      expect((await verifyStoredLedger(db)).ok).toBe(true);

      await db.execute(sql`update ledger_entries set txn_id = 'payment-99' where sequence = 2`);
      expect(await verifyStoredLedger(db)).toMatchObject({ ok: false, brokenAt: { sequence: 2, reason: 'its kind or transaction id differs from its payload' } });
      await db.execute(sql`update ledger_entries set txn_id = 'payment-2' where sequence = 2`);

      // Reorder: swap the sequence numbers of entries 2 and 3 (through -1: the key is unique).
      const swap = async () => {
        await db.execute(sql`update ledger_entries set sequence = -1 where sequence = 2`);
        await db.execute(sql`update ledger_entries set sequence = 2 where sequence = 3`);
        await db.execute(sql`update ledger_entries set sequence = 3 where sequence = -1`);
      };
      await swap();
      expect(await verifyStoredLedger(db)).toMatchObject({ ok: false, brokenAt: { sequence: 2 } });
      await swap();
      expect((await verifyStoredLedger(db)).ok).toBe(true);

      const [last] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.sequence, 5));
      await db.delete(ledgerEntries).where(eq(ledgerEntries.sequence, 5));
      expect(await verifyStoredLedger(db)).toMatchObject({ ok: false, brokenAt: { sequence: 5 } });
      await db.insert(ledgerEntries).values(last!);

      await db.delete(ledgerEntries).where(eq(ledgerEntries.sequence, 2));
      expect(await verifyStoredLedger(db)).toMatchObject({ ok: false, checked: 1, brokenAt: { sequence: 3 } });
    });

    it('derives stable holder accounts that differ per user and per key', () => {
      const key = 'test-key-0123456789abcdef0123456789ab';
      expect(ledgerAccountOf(key, 'user-1')).toMatch(/^0x[0-9a-f]{40}$/);
      expect(ledgerAccountOf(key, 'user-1')).toBe(ledgerAccountOf(key, 'user-1'));
      expect(ledgerAccountOf(key, 'user-2')).not.toBe(ledgerAccountOf(key, 'user-1'));
      expect(ledgerAccountOf(`${key}x`, 'user-1')).not.toBe(ledgerAccountOf(key, 'user-1'));
    });

    describe('blocks', () => {
      it('seals what is pending into linked blocks of at most the maximum, and nothing twice', async () => {
        expect(await sealPendingBlocks(database.db, AT)).toEqual([]);
        await appendMany(7);
        const first = await sealPendingBlocks(database.db, AT, 3);
        expect(first.map((b) => [b.number, b.firstSequence, b.lastSequence])).toEqual([
          [1, 1, 3],
          [2, 4, 6],
          [3, 7, 7],
        ]);
        expect(first[1]!.prevBlockHash).toBe(first[0]!.hash);
        expect(await sealPendingBlocks(database.db, AT)).toEqual([]);
        for (let n = 8; n <= 9; n++) await appendLedgerEntry(database.db, payment(n), AT);
        const second = await sealPendingBlocks(database.db, AT);
        expect(second.map((b) => [b.number, b.firstSequence, b.lastSequence, b.prevBlockHash])).toEqual([[4, 8, 9, first[2]!.hash]]);
        const [head] = await database.db.select().from(ledgerHead);
        expect(head).toMatchObject({ sealedSequence: 9, lastBlockNumber: 4, lastBlockHash: second[0]!.hash });
        expect(await verifyStoredLedger(database.db, { batchSize: 2 })).toEqual({ ok: true, checked: 9, blocksChecked: 4, headSequence: 9 });
        expect(BLOCK_MAX_ENTRIES).toBe(1000);
      });

      it('refuses to seal a ledger that no longer chains, and writes nothing', async () => {
        await appendMany(3);
        await sealPendingBlocks(database.db, AT);
        await appendMany(2); // payments 1 and 2 again, as entries 4 and 5
        await tamper(database.db, 'delete', 4);
        await expect(sealPendingBlocks(database.db, AT)).rejects.toThrow(new LedgerSealError(4, 'it is missing or out of order'));
        expect(await database.db.select().from(ledgerBlocks)).toHaveLength(1);
        await database.db.execute(sql`update ledger_entries set prev_hash = repeat('1', 64) where sequence = 5`);
        await expect(sealPendingBlocks(database.db, AT)).rejects.toThrow(LedgerSealError);
        expect((await database.db.select().from(ledgerHead))[0]?.sealedSequence).toBe(3);
      });

      it('names a block whose root was altered, or that was deleted, or forged past the head', async () => {
        await appendMany(6);
        await sealPendingBlocks(database.db, AT, 2);
        const db = database.db;
        const blocks = await db.select().from(ledgerBlocks).orderBy(asc(ledgerBlocks.number));

        await tamper(db, 'blockRoot', 0);
        expect(await verifyStoredLedger(db)).toMatchObject({
          ok: false,
          checked: 2,
          blocksChecked: 0,
          brokenAt: { sequence: 1, block: 1, reason: "block 1's Merkle root does not match its entries" },
        });
        await db.update(ledgerBlocks).set({ merkleRoot: blocks[0]!.merkleRoot }).where(eq(ledgerBlocks.number, 1));
        expect((await verifyStoredLedger(db)).ok).toBe(true);

        await db.delete(ledgerBlocks).where(eq(ledgerBlocks.number, 2));
        expect(await verifyStoredLedger(db)).toMatchObject({
          ok: false,
          brokenAt: { sequence: 3, block: 2, reason: 'block 2 should come next, but block 3 does: one is missing or out of order' },
        });
        await db.insert(ledgerBlocks).values(blocks[1]!);

        await db.delete(ledgerBlocks).where(eq(ledgerBlocks.number, 3));
        expect(await verifyStoredLedger(db)).toMatchObject({
          ok: false,
          brokenAt: { sequence: 5, block: 3, reason: 'block 3 is missing: the blocks end at 2 but the ledger head names block 3' },
        });
        await db.insert(ledgerBlocks).values(blocks[2]!);
        await db.insert(ledgerBlocks).values({ ...blocks[2]!, number: 4, firstSequence: 7, lastSequence: 8, prevBlockHash: blocks[2]!.hash, hash: 'f'.repeat(64) });
        expect(await verifyStoredLedger(db)).toMatchObject({ ok: false, brokenAt: { sequence: 7, block: 4, reason: "block 4 names entries past the ledger's last entry" } });
      });
    });

    if (kind === 'postgres') {
      it('never forks when two instances append and seal at once, each in its own transactions', async () => {
        const other = await secondPool(database);
        try {
          const appends = Array.from({ length: 60 }, (_, n) =>
            (n % 2 === 0 ? database : other).db.transaction(async (tx) => {
              await tx.execute(sql`select pg_sleep(0.001)`);
              return appendLedgerEntry(tx, payment(n), AT);
            }),
          );
          // Both instances seal while the appends run, as their jobs would.
          const seals = Array.from({ length: 12 }, (_, n) => sealPendingBlocks((n % 2 === 0 ? database : other).db, AT, 7));
          const rows = await Promise.all(appends);
          await Promise.all(seals);
          await sealPendingBlocks(other.db, AT, 7);
          expect(new Set(rows.map((row) => row.sequence)).size).toBe(60);
          const stored = await database.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.sequence));
          expect(stored.map((row) => row.sequence)).toEqual(Array.from({ length: 60 }, (_, n) => n + 1));
          const blocks = await database.db.select().from(ledgerBlocks).orderBy(asc(ledgerBlocks.number));
          expect(blocks.map((b) => b.number)).toEqual(blocks.map((_, i) => i + 1));
          expect(blocks.at(-1)?.lastSequence).toBe(60);
          // At most 7 entries a block: at least 9 blocks, sealed by both instances while appends ran.
          expect(blocks.length).toBeGreaterThanOrEqual(9);
          const verdict = await verifyStoredLedger(database.db);
          expect(verdict).toEqual({ ok: true, checked: 60, blocksChecked: blocks.length, headSequence: 60 });
          const [head] = await database.db.select().from(ledgerHead);
          expect(head).toMatchObject({ lastHash: stored.at(-1)?.hash, sealedSequence: 60, lastBlockHash: blocks.at(-1)?.hash });
        } finally {
          await other.close();
        }
      });
    }
  });
}
