import { evaluateStorm, POLICY_STATUSES } from '@fhp/domain';
import { eq, inArray, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApp } from '../../test/harness';
import { verifyStoredLedger } from '../modules/audit';
import { loadStorms } from '../modules/storms';
import { cancellationRequests, ledgerEntries, payments, payouts, policies, stormAlerts, users } from '../db/schema';
import { DEMO_POLICIES, seedDemoPolicies } from './demo-policies';

describeApp('demo policies', (suite) => {
  it('puts the demo purchasers in every status through the services, with payments, a pending request, ledger entries and PDFs; once', async () => {
    const { app } = suite;
    expect(await seedDemoPolicies(app)).toBe(DEMO_POLICIES.length);
    const rows = await app.db.select().from(policies).where(inArray(policies.idempotencyKey, DEMO_POLICIES.map((demo) => demo.key)));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(POLICY_STATUSES));
    const [alicia] = await app.db.select().from(users).where(eq(users.email, 'purchaser@fhp.example'));
    expect(rows.filter((row) => row.ownerId === alicia!.id).length).toBeGreaterThan(rows.length / 2);
    for (const row of rows.filter((policy) => policy.type === 'ACTUAL')) expect(row.contractFileId, row.policyNumber).not.toBeNull();
    expect(rows.find((row) => row.status === 'CANCELED' && row.refundDueCents > 0)).toBeDefined();
    expect(await app.db.$count(cancellationRequests, eq(cancellationRequests.status, 'PENDING'))).toBe(1);
    expect(await app.db.$count(payments)).toBeGreaterThanOrEqual(10);
    // The trigger engine's, evaluating the exercise storms on their dates (decision 141): Janet pays
    // two of the three Grenada policies of 2026 (option 3 gets nothing from a Category 2), Maria both Dominica ones.
    expect(await app.db.$count(payouts)).toBe(4);
    // Nobody is told about demo history: every payout and alert is written as told.
    expect(await app.db.$count(payouts, isNull(payouts.noticeQueuedAt))).toBe(0);
    expect(await app.db.$count(stormAlerts)).toBeGreaterThan(0);
    expect(await app.db.$count(stormAlerts, isNull(stormAlerts.noticeQueuedAt))).toBe(0);
    // Every payout names an exercise storm whose (real, re-dated) track is stored and crossed the policy's island's box 2 before the payout.
    const paid = await app.db.select().from(payouts);
    const storms = await loadStorms(app.db, [...new Set(paid.map((payout) => payout.stormRef!))]);
    expect(storms.map((storm) => storm.id).sort()).toEqual(['AL052026', 'AL152026']);
    for (const payout of paid) {
      const storm = storms.find((candidate) => candidate.id === payout.stormRef)!;
      expect(storm.name).toMatch(/ EXERCISE$/);
      const policy = rows.find((row) => row.id === payout.policyId)!;
      const evaluation = evaluateStorm(storm, policy.country as 'gd' | 'dm');
      // The demo pays what the contract pays the policy's option, so the tracker's "Eligible For
      // Payout" and the storm's audit agree with the payout the holder sees.
      expect(payout.percent, policy.policyNumber).toBe(evaluation.payouts[policy.optionId as keyof typeof evaluation.payouts]);
      expect(evaluation.c2, storm.id).not.toBeNull();
      expect(Date.parse(evaluation.qualifyingTimes.T!)).toBeLessThan(payout.createdAt.getTime());
      expect(payout.createdAt.getTime() - Date.parse(evaluation.qualifyingTimes.T!)).toBeLessThan(2 * 86_400_000);
    }
    const kinds = new Set((await app.db.select({ kind: ledgerEntries.kind }).from(ledgerEntries)).map((entry) => entry.kind));
    // No PAYOUT_CREATED: the payouts are leaves of their storm evaluation's TRIGGER_EVENT (decision 174).
    expect([...kinds].sort()).toEqual(['PAYMENT_RECORDED', 'PAYOUT_ACKNOWLEDGED', 'PAYOUT_PAID', 'POLICY_CANCELED', 'POLICY_ISSUED', 'POLICY_STATUS_CHANGED', 'TRIGGER_EVENT']);
    expect(await verifyStoredLedger(app.db)).toMatchObject({ ok: true });

    const ledgerCount = await app.db.$count(ledgerEntries);
    expect(await seedDemoPolicies(app)).toBe(0);
    expect(await app.db.$count(ledgerEntries)).toBe(ledgerCount);
  });
});
