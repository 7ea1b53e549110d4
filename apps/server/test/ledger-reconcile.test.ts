import { evaluationLeavesOf, parseLedgerPayload, type LedgerPayload } from '@fhp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payments, payouts, policies } from '../src/db/schema';
import { LedgerIndex, reconcileLedger, verifyStoredLedger } from '../src/modules/audit/ledger';
import { seedDemoPolicies } from '../src/seed/demo-policies';
import { describeApp } from './harness';
import { restoreLedger, rewriteLedgerTail, snapshotLedger } from './ledger-helpers';

/**
 * Issue 19 item 16: the ledger proves the money, not only itself. On main, `ledger:verify` checks
 * the chain alone, so each tampering below verifies there: a row changed in its table, or an
 * entry dropped with the chain re-hashed after it.
 */
describeApp('reconciling the ledger with the policies, payments and payouts', (suite) => {
  let snapshot: Awaited<ReturnType<typeof snapshotLedger>>;

  beforeAll(async () => {
    // Every status, payments, payouts (paid, acknowledged, pending), a cancellation: through the services.
    await seedDemoPolicies(suite.app);
    snapshot = await snapshotLedger(suite.app.db);
  });

  /** The chain must hold (these tamperings leave it whole); then the rows against it. */
  async function reconcile() {
    const index = new LedgerIndex();
    const verdict = await verifyStoredLedger(suite.app.db, { observe: index.observe });
    expect(verdict.ok).toBe(true);
    return reconcileLedger(suite.app.db, index, 100);
  }

  it('finds every row of the demo data (made through the services) matching its entries', async () => {
    const result = await reconcile();
    expect(result.problems).toEqual([]);
    expect(result.rows.policies).toBeGreaterThan(5);
    expect(result.rows.payments).toBeGreaterThan(5);
    expect(result.rows.payouts).toBeGreaterThan(0);
  });

  describe('after a tampering', () => {
    afterEach(async () => {
      await restoreLedger(suite.app.db, snapshot);
    });

    it('names a payout raised by EC$1 in its table: table, id, column, both values, the evaluation entry and the leaf', async () => {
      const [payout] = await suite.app.db.select().from(payouts).limit(1);
      await suite.app.db.update(payouts).set({ amountCents: payout!.amountCents + 100 }).where(eq(payouts.id, payout!.id));
      try {
        const result = await reconcile();
        const created = result.problems.find((p) => p.table === 'payouts' && p.id === payout!.id && p.field === 'amount_cents');
        expect(created?.message).toMatch(new RegExp(`^payouts ${payout!.id}: amount_cents is ${payout!.amountCents + 100}, the ledger recorded ${payout!.amountCents} \\(entry \\d+, leaf \\d+, PAYOUT_CREATED\\)$`));
        // Only that payout: its evaluation's other payouts still match their leaves.
        expect(result.problems.filter((p) => p.table === 'payouts')).toHaveLength(1);
      } finally {
        await suite.app.db.update(payouts).set({ amountCents: payout!.amountCents }).where(eq(payouts.id, payout!.id));
      }
    });

    it('names a payment whose amount was changed in its table', async () => {
      const [payment] = await suite.app.db.select().from(payments).limit(1);
      await suite.app.db.update(payments).set({ amountCents: payment!.amountCents - 1 }).where(eq(payments.id, payment!.id));
      try {
        const result = await reconcile();
        expect(result.problems).toEqual([
          expect.objectContaining({ table: 'payments', id: payment!.id, field: 'amount_cents' }),
        ]);
      } finally {
        await suite.app.db.update(payments).set({ amountCents: payment!.amountCents }).where(eq(payments.id, payment!.id));
      }
    });

    it('names a policy whose status was changed in its table, and a payout marked paid without its entry', async () => {
      const [policy] = await suite.app.db.select().from(policies).where(eq(policies.status, 'ISSUED')).limit(1);
      const [payout] = await suite.app.db.select().from(payouts).where(eq(payouts.status, 'PENDING')).limit(1);
      await suite.app.db.update(policies).set({ status: 'EVENT_MONITORING' }).where(eq(policies.id, policy!.id));
      await suite.app.db.update(payouts).set({ status: 'PAID' }).where(eq(payouts.id, payout!.id));
      try {
        const result = await reconcile();
        expect(result.problems).toContainEqual({
          table: 'policies',
          id: policy!.policyNumber,
          field: 'status',
          message: expect.stringMatching(new RegExp(`^policies ${policy!.policyNumber}: status is EVENT_MONITORING, the ledger says ISSUED \\(entry \\d+\\)$`)),
        });
        expect(result.problems).toContainEqual({
          table: 'payouts',
          id: payout!.id,
          field: '(ledger entry)',
          message: `payouts ${payout!.id} has no PAYOUT_PAID entry on the ledger`,
        });
      } finally {
        await suite.app.db.update(policies).set({ status: 'ISSUED' }).where(eq(policies.id, policy!.id));
        await suite.app.db.update(payouts).set({ status: 'PENDING' }).where(eq(payouts.id, payout!.id));
      }
    });

    it('names a payment whose entry was deleted and the chain re-hashed after it (the chain alone verifies)', async () => {
      const [entry] = await suite.app.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.kind, 'PAYMENT_RECORDED'))
        .orderBy(sql`${ledgerEntries.sequence} desc`)
        .limit(1);
      await rewriteLedgerTail(suite.app.db, entry!.sequence, { drop: true });
      const result = await reconcile();
      expect(result.problems).toContainEqual({
        table: 'payments',
        id: entry!.txnId,
        field: '(ledger entry)',
        message: `payments ${entry!.txnId} has no PAYMENT_RECORDED entry on the ledger`,
      });
    });

    it('names a payout deleted from its evaluation: the entry still holds its leaf', async () => {
      const [payout] = await suite.app.db.select().from(payouts).where(eq(payouts.status, 'PENDING')).limit(1);
      await suite.app.db.delete(payouts).where(eq(payouts.id, payout!.id));
      try {
        const result = await reconcile();
        expect(result.problems).toContainEqual({
          table: 'payouts',
          id: payout!.id,
          field: '(row)',
          message: expect.stringMatching(new RegExp(`^payouts ${payout!.id} is missing from its evaluation: entry \\d+ holds it as leaf \\d+ of \\d+`)),
        });
      } finally {
        await suite.app.db.insert(payouts).values(payout!);
      }
    });

    it('names the payouts of an evaluation whose entry was deleted and the chain re-hashed after it', async () => {
      const [entry] = await suite.app.db.select().from(ledgerEntries).where(sql`${ledgerEntries.kind} = 'TRIGGER_EVENT' AND ${ledgerEntries.payload} LIKE '%"payoutLeaves":%'`).limit(1);
      const leaves = evaluationLeavesOf(parseLedgerPayload(entry!.payload) as LedgerPayload)!;
      await rewriteLedgerTail(suite.app.db, entry!.sequence, { drop: true });
      const result = await reconcile();
      const unheld = result.problems.filter((p) => p.table === 'payouts' && p.field === '(ledger entry)');
      expect(unheld.map((p) => p.id)).toContain(leaves.firstPayout);
      expect(unheld.find((p) => p.id === leaves.firstPayout)?.message).toBe(`payouts ${leaves.firstPayout} has no PAYOUT_CREATED entry and no storm evaluation's entry holds it on the ledger`);
    });
  });
});
