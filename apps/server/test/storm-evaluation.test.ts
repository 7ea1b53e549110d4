import { evaluationLeaves, termPayoutCents, type OptionId } from '@fhp/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, expect, it, onTestFailed } from 'vitest';
import { ledgerEntries, outboundMessages, payouts, policies, stormAlerts, storms, stormTrackPoints, transactionLog } from '../src/db/schema';
import { LedgerIndex, reconcileLedger, sha256Hex, verifyStoredLedger } from '../src/modules/audit/ledger';
import { evaluationEntryOf, loadEvaluationPayouts, payoutLeafOf } from '../src/modules/audit/ledger/payout-leaves';
import { acknowledgePayout, recordPayoutWire } from '../src/modules/payouts/service';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { TXN_LOCATIONS } from '../src/modules/audit/transaction-log';
import { importStormText } from '../src/modules/storms/service';
import { describeApp } from './harness';
import { userId } from './identity-helpers';
import { ensureSeason, fixtureCoverageCents, insertPolicies, shippedHurdat2, stormBlock } from './storm-helpers';

/**
 * Issue 10 item 4: Ivan 2004 over 1,000 in-force Grenada policies across the six options. The
 * contract (packages/domain) says 50% under T to 4 and nothing under 5.
 */
const IVAN_PERCENT: Record<OptionId, number> = { T: 50, '1': 50, '2': 50, '3': 50, '4': 50, '5': 0 };
const OPTIONS: OptionId[] = ['T', '1', '2', '3', '4', '5'];
const POLICIES = 1_000;

describeApp('the trigger engine: Ivan 2004 over 1,000 Grenada policies', (suite) => {
  const sample = shippedHurdat2('sample.txt');
  const ivan = stormBlock(sample, 'AL092004');
  const deps = () => lifecycleDeps(suite.app);
  let owners: string[] = [];

  beforeAll(async () => {
    const { db } = suite.app;
    await ensureSeason(db, 2004);
    await ensureSeason(db, 2005);
    owners = [await userId(suite.app, 'purchaser@fhp.example'), await userId(suite.app, 'purchaser.b@fhp.example')];
    await insertPolicies(db, { count: POLICIES, country: 'gd', seasonYear: 2004, owners, prefix: 'FHP-GD-2004' });
    // Not paid by Ivan: Dominica, a later season.
    await insertPolicies(db, { count: 12, country: 'dm', seasonYear: 2004, owners, prefix: 'FHP-DM-2004' });
    await insertPolicies(db, { count: 12, country: 'gd', seasonYear: 2005, owners, prefix: 'FHP-GD-2005' });
    // Paid by Ivan: issued in March, its June 1 step not run yet (decision 140: who was covered when the storm came).
    await insertPolicies(db, { count: 6, country: 'gd', seasonYear: 2004, owners, prefix: 'FHP-GX-2004', status: 'ISSUED' });
    // Half paid out already by an earlier storm, waiting for the holder's acknowledgement: Ivan's 50% is capped at what remains.
    await insertPolicies(db, { count: 6, country: 'gd', seasonYear: 2004, owners, prefix: 'FHP-GY-2004', status: 'PAYOUT_CONFIRMATION', optionId: 'T' });
    const earlier = await db.select().from(policies).where(like(policies.policyNumber, 'FHP-GY-2004-%'));
    await db.insert(payouts).values(
      earlier.map((row) => ({
        policyId: row.id,
        stormRef: 'AL012004',
        percent: 60,
        contractPercent: 60,
        amountCents: termPayoutCents(row.coverageCents, 0, 60),
        status: 'PAID' as const,
        paidAt: new Date('2004-08-10T00:00:00Z'),
        createdAt: new Date('2004-08-01T00:00:00Z'),
      })),
    );
    for (const row of earlier) await db.update(policies).set({ paidOutCents: termPayoutCents(row.coverageCents, 0, 60) }).where(eq(policies.id, row.id));
  });

  const ivanPayouts = () => suite.app.db.select().from(payouts).where(eq(payouts.stormRef, 'AL092004'));

  it('stores the first advisories of Ivan (still far out at sea): a new storm, no payout, no alert', async () => {
    const result = await importStormText(deps(), stormBlock(sample, 'AL092004', 12));
    expect(result.storms).toEqual([{ id: 'AL092004', name: 'IVAN', change: 'NEW', points: 12 }]);
    expect(result.payouts).toEqual([]);
    expect(result.alerts).toEqual([]);
  });

  it('two imports of the whole track at once: the storm is extended once and every policy is paid exactly once, the right amount', async () => {
    const { deliveries } = suite.app.identity;
    // The holders' notices are held in the delivery queue until they are read below.
    await deliveries.stop();
    onTestFailed(() => deliveries.start());
    const ledgerBefore = (await suite.app.db.select({ last: sql<number>`coalesce(max(${ledgerEntries.sequence}), 0)` }).from(ledgerEntries))[0]!.last;
    const [a, b] = await Promise.all([importStormText(deps(), ivan), importStormText(deps(), ivan)]);
    expect([a.storms[0]!.change, b.storms[0]!.change].sort()).toEqual(['EXTENDED', 'UNCHANGED']);
    const [storm] = await suite.app.db.select().from(storms).where(eq(storms.id, 'AL092004'));
    expect(storm).toMatchObject({ pointCount: 94, version: 2 });
    expect(await suite.app.db.$count(stormTrackPoints, eq(stormTrackPoints.stormId, 'AL092004'))).toBe(94);

    const rows = await ivanPayouts();
    const paying = Array.from({ length: POLICIES }, (_, i) => i).filter((i) => IVAN_PERCENT[OPTIONS[i % 6]!] > 0);
    // The 1,000, the 6 half paid out, and the 5 issued ones whose option pays.
    expect(rows).toHaveLength(paying.length + 6 + 5);
    expect(a.payouts.length + b.payouts.length).toBe(paying.length + 6 + 5);

    const all = await suite.app.db.select().from(policies).where(like(policies.policyNumber, 'FHP-G%'));
    const byId = new Map(all.map((row) => [row.id, row]));
    for (const payout of rows) {
      const policy = byId.get(payout.policyId)!;
      expect(policy.country).toBe('gd');
      expect(policy.seasonYear).toBe(2004);
      expect(payout).toMatchObject({ status: 'PENDING', contractPercent: 50 });
      // Every paid policy now waits for a wire, the one still waiting for the holder's acknowledgement of an earlier payout too.
      expect(policy.status).toBe('PAYOUT_INTIMATION');
      if (policy.policyNumber.startsWith('FHP-GY')) {
        // 60% already paid: 40% remains, and the payout records the 40% it pays.
        expect(payout.percent).toBe(40);
        expect(payout.amountCents).toBe(policy.coverageCents - termPayoutCents(policy.coverageCents, 0, 60));
      } else {
        const index = Number(policy.policyNumber.slice(-6));
        expect(payout.percent).toBe(50);
        expect(payout.amountCents).toBe(termPayoutCents(fixtureCoverageCents(index), 0, 50));
      }
    }
    // Option 5 pays nothing under Ivan: still monitoring.
    const unpaid = all.filter((row) => row.policyNumber.startsWith('FHP-GD-2004') && row.optionId === '5');
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaid.every((row) => row.status === 'EVENT_MONITORING')).toBe(true);
    expect(all.filter((row) => row.policyNumber.startsWith('FHP-GX-2004') && row.optionId === '5').map((row) => row.status)).toEqual(['ISSUED']);
    const paidPrefixes = ['FHP-GD-2004', 'FHP-GY', 'FHP-GX'];
    expect(all.filter((row) => !paidPrefixes.some((prefix) => row.policyNumber.startsWith(prefix))).every((row) => row.status !== 'PAYOUT_INTIMATION')).toBe(true);

    // One log entry per payout and ONE ledger entry for the evaluation (decision 174): Ivan over
    // Grenada in 2004, the Merkle root of its payouts' records, and no entry per payout.
    expect(await suite.app.db.$count(transactionLog, sql`${transactionLog.payload}->>'stormRef' = 'AL092004'`)).toBe(rows.length);
    const ledgerAfter = await suite.app.db.select().from(ledgerEntries).where(sql`${ledgerEntries.sequence} > ${ledgerBefore}`);
    expect(ledgerAfter.map((entry) => entry.kind)).toEqual(['TRIGGER_EVENT']);
    expect(await suite.app.db.$count(ledgerEntries, eq(ledgerEntries.kind, 'PAYOUT_CREATED'))).toBe(0);
    const evaluation = evaluationEntryOf(ledgerAfter[0]!)!;
    expect(evaluation.payload).toMatchObject({ txnId: 'AL092004-gd-2004', data: { storm: 'AL092004', country: 'gd', season: 2004, optionT: 50, option5: 0, payoutLeaves: rows.length } });
    const leaves = await loadEvaluationPayouts(suite.app.db, evaluation);
    expect(leaves.map((leaf) => leaf.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(evaluationLeaves(sha256Hex, leaves.map(payoutLeafOf))?.root).toBe(evaluation.leaves.root);
    const index = new LedgerIndex();
    expect((await verifyStoredLedger(suite.app.db, { observe: index.observe })).ok).toBe(true);
    // The fixture's rows were written without entries; Ivan's payouts each match their leaf.
    const ivanIds = new Set(rows.map((row) => row.id));
    const { problems } = await reconcileLedger(suite.app.db, index, 100_000);
    expect(problems.filter((problem) => problem.table === 'payouts' && (ivanIds.has(problem.id) || problem.field === '(merkle root)'))).toEqual([]);

    // Alerts: one per holder of an in-force Grenada policy of 2004 (the two holders share 1,006 policies), once.
    expect(await suite.app.db.select({ owner: stormAlerts.ownerId, country: stormAlerts.country }).from(stormAlerts).where(eq(stormAlerts.stormId, 'AL092004')).orderBy(stormAlerts.ownerId)).toEqual(
      [...owners].sort().map((owner) => ({ owner, country: 'gd' })),
    );
    // One alert each, naming every policy the holder has there.
    const alerts = [...a.alerts, ...b.alerts];
    expect(alerts.map((alert) => alert.ownerId).sort()).toEqual([...owners].sort());
    // The issued policies Ivan paid are in force now (waiting for their wire), and told too.
    expect(alerts.reduce((count, alert) => count + alert.policyNumbers.length, 0)).toBe(POLICIES + 6 + 5);

    // Queued once each (both imports drained after their commit): one alert email per holder, one email per payout.
    const emails = await suite.app.db.select().from(outboundMessages).where(eq(outboundMessages.channel, 'email'));
    expect(emails.filter((row) => row.kind === 'storm alert email').map((row) => row.recipient).sort()).toEqual(['purchaser.b@fhp.example', 'purchaser@fhp.example']);
    const numberOf = new Map(all.map((row) => [row.id, row.policyNumber]));
    const payoutEmails = emails.filter((row) => row.kind === 'payout email');
    expect(payoutEmails.map((row) => row.subject!.split(' on policy ')[1]).sort()).toEqual(rows.map((payout) => numberOf.get(payout.policyId)).sort());
    expect(emails).toHaveLength(2 + rows.length);
    // The capped payouts say what they pay and why.
    const capped = payoutEmails.find((row) => row.recipient === 'purchaser@fhp.example' && /FHP-GY-2004/.test(row.subject!));
    expect(capped?.text).toContain("(40% of your coverage; the storm's 50% is limited to the 40% of your coverage not yet paid out this term)");
    // And sent: the alert first, then the payouts (the outbox keeps the latest 200 messages).
    deliveries.start();
    await deliveries.settle();
    expect(await suite.app.db.$count(outboundMessages)).toBe(0);
    const latest = suite.app.identity.outbox.latestFor('purchaser@fhp.example');
    expect(latest?.subject).toMatch(/^Payout of EC\$[\d,.]+ on policy FHP-G[DY]-2004-\d{6}$/);
    expect(latest?.text).toContain('No claim is needed');
  });

  it('importing Ivan again changes nothing', async () => {
    const before = { payouts: (await ivanPayouts()).length, ledger: await suite.app.db.$count(ledgerEntries), alerts: await suite.app.db.$count(stormAlerts) };
    const again = await importStormText(deps(), ivan);
    expect(again.storms).toEqual([{ id: 'AL092004', name: 'IVAN', change: 'UNCHANGED', points: 94 }]);
    expect(again.payouts).toEqual([]);
    expect({ payouts: (await ivanPayouts()).length, ledger: await suite.app.db.$count(ledgerEntries), alerts: await suite.app.db.$count(stormAlerts) }).toEqual(before);
  });

  it('wires and acknowledges a payout made while the policy waited for an earlier acknowledgement, each in turn', async () => {
    const { db } = suite.app;
    const [policy] = await db.select().from(policies).where(eq(policies.policyNumber, 'FHP-GY-2004-000000'));
    const both = await db.select().from(payouts).where(eq(payouts.policyId, policy!.id)).orderBy(payouts.createdAt);
    expect(both.map((payout) => [payout.stormRef, payout.status, payout.percent])).toEqual([
      ['AL012004', 'PAID', 60],
      ['AL092004', 'PENDING', 40],
    ]);
    const admin = await userId(suite.app, 'admin@fhp.example');
    const holderId = policy!.ownerId;
    const at = () => ({ location: TXN_LOCATIONS.portal, at: new Date('2004-09-20T12:00:00Z') });
    const status = async () => (await db.select().from(policies).where(eq(policies.id, policy!.id)))[0]!;

    // The earlier payout can be acknowledged while Ivan's waits for its wire: still waiting for the wire.
    await acknowledgePayout(deps(), { payoutId: both[0]!.id, holderId }, { performedBy: holderId, ...at() });
    expect((await status()).status).toBe('PAYOUT_INTIMATION');
    await recordPayoutWire(deps(), { payoutId: both[1]!.id, wireReference: 'WIRE-GY-1' }, { performedBy: admin, ...at() });
    expect(await status()).toMatchObject({ status: 'PAYOUT_CONFIRMATION', paidOutCents: policy!.coverageCents });
    await acknowledgePayout(deps(), { payoutId: both[1]!.id, holderId }, { performedBy: holderId, ...at() });
    // 100% paid out: it rests acknowledged until the cover ends.
    expect((await status()).status).toBe('PAYOUT_ACKNOWLEDGED');
    expect((await verifyStoredLedger(db)).ok).toBe(true);
  });

  it('refuses a file whose Ivan contradicts the stored track, and stores nothing of it (not even its other storms)', async () => {
    const changed = ivan.replace('20040907, 1800,  , HU, 11.8N,  61.1W, 105', '20040907, 1800,  , HU, 11.9N,  61.1W, 105');
    expect(changed).not.toBe(ivan);
    const emily = stormBlock(sample, 'AL052005');
    await expect(importStormText(deps(), emily + changed)).rejects.toThrow('Storm AL092004 is already stored with a different track point at 2004-09-07 18:00 UTC');
    expect(await suite.app.db.$count(storms, eq(storms.id, 'AL052005'))).toBe(0);
    expect(await suite.app.db.$count(payouts, and(eq(payouts.stormRef, 'AL052005')))).toBe(0);
  });
},
// The best track is imported within a year of the 2004 term's end, so it still pays that term (decision 140).
{ clock: () => new Date('2004-11-30T16:00:00Z'), engines: 'both' });
