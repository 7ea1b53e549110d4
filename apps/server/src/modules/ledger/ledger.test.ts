import { LEDGER_ACCOUNTS } from '@fhp/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerHead } from '../../db/schema';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases';
import { openDatabase, type Database } from '../../db/client';
import { appendLedgerEntry, ledgerAccountOf, verifyStoredLedger, type NewLedgerEntry } from '.';

const AT = new Date('2027-03-01T12:00:00Z');

function payment(n: number): NewLedgerEntry {
  return {
    kind: 'PAYMENT_RECORDED',
    txnId: `payment-${n}`,
    from: ledgerAccountOf('test-key-0123456789abcdef0123456789ab', 'user-1'),
    to: LEDGER_ACCOUNTS.premiums,
    valueCents: 10_000 + n,
    data: { policyNumber: 'FHP-GD-2027-000001' },
    at: AT,
  };
}

for (const kind of testDatabaseKinds()) {
  describe(`the stored ledger [${kind}]`, () => {
    let database: Database;
    beforeEach(async (context) => {
      const test = await createTestDatabase(kind);
      await test.database.prepare();
      database = test.database;
      context.onTestFinished(() => test.dispose());
    });

    async function appendMany(count: number) {
      for (let n = 1; n <= count; n++) await appendLedgerEntry(database.db, payment(n), AT);
    }

    it('appends a chain that verifies, and an empty ledger verifies too', async () => {
      expect(await verifyStoredLedger(database.db)).toEqual({ ok: true, checked: 0, headSequence: 0 });
      await appendMany(5);
      expect(await verifyStoredLedger(database.db, { batchSize: 2 })).toEqual({ ok: true, checked: 5, headSequence: 5 });
      expect(await verifyStoredLedger(database.db, { upTo: 3 })).toEqual({ ok: true, checked: 3, headSequence: 5 });
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

    if (kind === 'postgres') {
      it('never forks when two instances append at once, each in its own transactions', async () => {
        // A second pool on the same database stands for a second app instance.
        const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
        const name = result.rows[0]!.name;
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        const other = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
        try {
          const appends = Array.from({ length: 60 }, (_, n) =>
            (n % 2 === 0 ? database : other).db.transaction(async (tx) => {
              await tx.execute(sql`select pg_sleep(0.001)`);
              return appendLedgerEntry(tx, payment(n), AT);
            }),
          );
          const rows = await Promise.all(appends);
          expect(new Set(rows.map((row) => row.sequence)).size).toBe(60);
          const stored = await database.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.sequence));
          expect(stored.map((row) => row.sequence)).toEqual(Array.from({ length: 60 }, (_, n) => n + 1));
          expect(await verifyStoredLedger(database.db)).toEqual({ ok: true, checked: 60, headSequence: 60 });
          const [head] = await database.db.select().from(ledgerHead);
          expect(head?.lastHash).toBe(stored.at(-1)?.hash);
        } finally {
          await other.close();
        }
      });
    }
  });
}
