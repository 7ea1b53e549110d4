import { coverTermBounds, evaluateStorm, localMidnightMs, OPTION_IDS, parseHurdat2, seasonForYear, stormPaysPolicy, termPayoutCents, type CountryCode, type OptionId, type PolicyStatus, statusAfterPayoutLeaf } from '@fhp/domain';
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ledgerEntries, payouts, policies, transactionLog } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { findPayoutEvaluation, findPayoutLeafRow } from '../src/modules/audit/ledger/payout-leaves';
import { TXN_LOCATIONS } from '../src/modules/audit/transaction-log';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { acknowledgePayout, recordPayoutWire } from '../src/modules/payouts/service';
import { importStormText } from '../src/modules/storms/service';
import { describeApp } from './harness';
import { userId } from './identity-helpers';
import { ensureSeason, importedOn, insertPolicies, trackOver } from './storm-helpers';

/**
 * Issue 19 item 2, decision 140 ("Who a storm pays"): the engine pays every policy whose cover
 * term holds the qualifying sample and that was issued at or before it, whatever its status now;
 * a track pays its term until 12 months after the term's end. Each case on an island and season of
 * its own, over synthetic tracks. On main's engine (policies selected by their current status)
 * the expired, the issued and the late-track cases paid nobody, and the mid-term policy was paid
 * for the earlier storm.
 */

const HOLDER = 'purchaser@fhp.example';

/** When a synthetic track qualifies for an option over an island in a season (the domain's evaluation). */
function qualifyingAt(text: string, country: CountryCode, seasonYear: number, option: OptionId): string {
  const evaluation = evaluateStorm(parseHurdat2(text)[0]!, country, coverTermBounds(seasonForYear(seasonYear)));
  return evaluation.qualifyingTimes[option]!;
}

const minutes = (iso: string, n: number) => new Date(Date.parse(iso) + n * 60_000).toISOString();

describeApp('the engine pays who was covered when the storm came', (suite) => {
  const deps = (iso: string) => importedOn(lifecycleDeps(suite.app), iso);
  let owner = '';

  beforeAll(async () => {
    for (const year of [2021, 2022, 2023, 2024]) await ensureSeason(suite.app.db, year);
    owner = await userId(suite.app, HOLDER);
  });

  const policy = async (number: string) => (await suite.app.db.select().from(policies).where(eq(policies.policyNumber, number)))[0]!;
  const payoutsOf = async (number: string) => {
    const { id } = await policy(number);
    return suite.app.db.select().from(payouts).where(eq(payouts.policyId, id)).orderBy(payouts.createdAt);
  };

  it('pays an expired policy from a best track published after its term ended, without moving it; wired and acknowledged, it stays EXPIRED', async () => {
    const { db } = suite.app;
    await insertPolicies(db, { count: 1, country: 'gd', seasonYear: 2024, owners: [owner], prefix: 'FHP-GD-2024-EXP', optionId: 'T', status: 'EXPIRED' });
    const number = 'FHP-GD-2024-EXP-000000';
    const before = await policy(number);
    // A Category 3 over Grenada in September 2024; the best track arrives in August 2025, after the term's end (May 31, 2025).
    const result = await importStormText(deps('2025-08-01T12:00:00Z'), trackOver('AL502024', 'LATE', 'gd', '2024-09-10T12:00:00Z', 100), { notify: false });
    expect(result.payouts.map((payout) => payout.policyNumber)).toEqual([number]);
    const [payout] = await payoutsOf(number);
    expect(payout).toMatchObject({ stormRef: 'AL502024', percent: 50, contractPercent: 50, amountCents: termPayoutCents(before.coverageCents, 0, 50), status: 'PENDING' });
    expect(await policy(number)).toMatchObject({ status: 'EXPIRED', statusChangedAt: before.statusChangedAt });

    // The log and the ledger say what happened: paid, and still EXPIRED.
    const [log] = await db.select().from(transactionLog).where(and(eq(transactionLog.txnSetId, number), eq(transactionLog.action, 'Hurricane occurred: payout intimated')));
    expect(log!.payload).toMatchObject({ from: 'EXPIRED', to: 'EXPIRED', payoutId: payout!.id });
    // The payout is the one leaf of the storm's evaluation entry (decision 174); the leaf's storm step leaves EXPIRED as it is.
    const evaluation = await findPayoutEvaluation(db, (await findPayoutLeafRow(db, payout!.id))!);
    expect(evaluation?.payload).toMatchObject({ kind: 'TRIGGER_EVENT', txnId: 'AL502024-gd-2024', data: { payoutLeaves: 1, firstPayout: payout!.id } });
    expect(await db.$count(ledgerEntries, and(eq(ledgerEntries.kind, 'PAYOUT_CREATED'), eq(ledgerEntries.txnId, payout!.id)))).toBe(0);
    expect(statusAfterPayoutLeaf('EXPIRED')).toBe('EXPIRED');

    const admin = await userId(suite.app, 'admin@fhp.example');
    const at = new Date('2025-08-05T12:00:00Z');
    await recordPayoutWire(lifecycleDeps(suite.app), { payoutId: payout!.id, wireReference: 'WIRE-LATE-1' }, { performedBy: admin, location: TXN_LOCATIONS.backOffice, at });
    expect(await policy(number)).toMatchObject({ status: 'EXPIRED', paidOutCents: payout!.amountCents });
    await acknowledgePayout(lifecycleDeps(suite.app), { payoutId: payout!.id, holderId: owner }, { performedBy: owner, location: TXN_LOCATIONS.portal, at });
    expect((await policy(number)).status).toBe('EXPIRED');
    expect((await payoutsOf(number))[0]).toMatchObject({ status: 'PAID', acknowledgedAt: at });
    expect(await verifyStoredLedger(db)).toMatchObject({ ok: true });
  });

  it('pays an issued policy whose June 1 step has not run yet: it waits for its wire', async () => {
    await insertPolicies(suite.app.db, { count: 1, country: 'dm', seasonYear: 2024, owners: [owner], prefix: 'FHP-DM-2024-ISS', optionId: '1', status: 'ISSUED' });
    // A Category 1 over Dominica on June 2, 2024, imported the same day, before the season-start job ran.
    await importStormText(deps('2024-06-02T18:00:00Z'), trackOver('AL512024', 'EARLY', 'dm', '2024-06-02T12:00:00Z', 75), { notify: false });
    expect((await payoutsOf('FHP-DM-2024-ISS-000000')).map((payout) => [payout.stormRef, payout.percent])).toEqual([['AL512024', 25]]);
    expect((await policy('FHP-DM-2024-ISS-000000')).status).toBe('PAYOUT_INTIMATION');
  });

  it('does not pay a policy issued after the qualifying sample for that storm, but for the next one', async () => {
    const early = trackOver('AL502023', 'BEFORE', 'gd', '2023-09-10T12:00:00Z', 100);
    const sample = qualifyingAt(early, 'gd', 2023, 'T');
    const cases: [string, string][] = [
      ['FHP-GD-2023-MAR', '2023-03-01T16:00:00Z'],
      ['FHP-GD-2023-JUST', sample], // at the sample's own instant: covered
      ['FHP-GD-2023-LATE', minutes(sample, 1)], // a minute after: not for this storm
      ['FHP-GD-2023-OCT', '2023-10-01T16:00:00Z'], // issued mid-term, after the storm
    ];
    for (const [prefix, issuedAt] of cases) {
      await insertPolicies(suite.app.db, { count: 1, country: 'gd', seasonYear: 2023, owners: [owner], prefix, optionId: 'T', issuedAt });
    }
    await importStormText(deps('2023-09-11T12:00:00Z'), early, { notify: false });
    const paid = async (stormRef: string) =>
      (
        await suite.app.db
          .select({ number: policies.policyNumber })
          .from(payouts)
          .innerJoin(policies, eq(policies.id, payouts.policyId))
          .where(and(eq(payouts.stormRef, stormRef), like(policies.policyNumber, 'FHP-GD-2023-%')))
      )
        .map((row) => row.number)
        .sort();
    expect(await paid('AL502023')).toEqual(['FHP-GD-2023-JUST-000000', 'FHP-GD-2023-MAR-000000']);
    expect((await policy('FHP-GD-2023-OCT-000000')).status).toBe('EVENT_MONITORING');

    // A Category 1 in November: every one of them was covered by then.
    await importStormText(deps('2023-11-06T12:00:00Z'), trackOver('AL512023', 'AFTER', 'gd', '2023-11-05T12:00:00Z', 75), { notify: false });
    expect(await paid('AL512023')).toEqual(['FHP-GD-2023-JUST-000000', 'FHP-GD-2023-LATE-000000', 'FHP-GD-2023-MAR-000000', 'FHP-GD-2023-OCT-000000']);
  });

  it('pays on a track published up to 12 months after the term ends, not later', async () => {
    await insertPolicies(suite.app.db, { count: 1, country: 'dm', seasonYear: 2023, owners: [owner], prefix: 'FHP-DM-2023-LATE', optionId: 'T' });
    // The 2023 term ends with May 31, 2024 (local): tracks published before local midnight starting June 1, 2025 pay it.
    const limit = localMidnightMs('2025-06-01');
    await importStormText(deps(new Date(limit - 60_000).toISOString()), trackOver('AL522023', 'IN TIME', 'dm', '2023-09-01T12:00:00Z', 75), { notify: false });
    await importStormText(deps(new Date(limit).toISOString()), trackOver('AL532023', 'TOO LATE', 'dm', '2023-10-01T12:00:00Z', 75), { notify: false });
    expect((await payoutsOf('FHP-DM-2023-LATE-000000')).map((payout) => payout.stormRef)).toEqual(['AL522023']);
    // Still a storm of its own, stored and evaluated: only the payout is out of time.
    expect((await policy('FHP-DM-2023-LATE-000000')).status).toBe('PAYOUT_INTIMATION');
  });

  it('selects in SQL exactly the policies the domain rule pays, whatever their status and issue time', async () => {
    const { db } = suite.app;
    // A Category 4 over Grenada (options T to 4 pay), and 90 policies of every status issued around its qualifying samples.
    const text = trackOver('AL542022', 'RULE', 'gd', '2022-09-15T12:00:00Z', 120);
    const season = seasonForYear(2022);
    const evaluation = evaluateStorm(parseHurdat2(text)[0]!, 'gd', coverTermBounds(season));
    const statuses: PolicyStatus[] = ['ISSUED', 'EVENT_MONITORING', 'PAYOUT_CONFIRMATION', 'EXPIRED', 'PAYMENT_PENDING', 'CANCELED'];
    const expected: string[] = [];
    for (let i = 0; i < 90; i += 1) {
      const optionId = OPTION_IDS[i % OPTION_IDS.length]!;
      const status = statuses[i % statuses.length]!;
      const sample = evaluation.qualifyingTimes[optionId] ?? evaluation.qualifyingTimes.T!;
      // Never issued when provisional or canceled; else from 3 hours before the sample to 3 hours after, in 4-minute steps.
      const issuedAt = status === 'PAYMENT_PENDING' || status === 'CANCELED' ? null : minutes(sample, -180 + i * 4);
      const prefix = `FHP-GD-2022-R${String(i).padStart(2, '0')}`;
      await insertPolicies(db, { count: 1, country: 'gd', seasonYear: 2022, owners: [owner], prefix, optionId, status, issuedAt });
      if (evaluation.payouts[optionId] > 0 && stormPaysPolicy({ season, issuedAt }, evaluation.qualifyingTimes[optionId], '2022-09-16T12:00:00Z')) expected.push(`${prefix}-000000`);
    }
    expect(expected.length).toBeGreaterThan(10);
    const result = await importStormText(deps('2022-09-16T12:00:00Z'), text, { notify: false });
    expect(result.payouts.map((payout) => payout.policyNumber).sort()).toEqual(expected.sort());
    // Each moved by the machine's step: EXPIRED stays, every other status waits for the wire.
    const rows = await db.select().from(policies).where(inArray(policies.policyNumber, expected));
    for (const row of rows) expect(row.status, row.policyNumber).toBe(Number(row.policyNumber.slice(13, 15)) % statuses.length === 3 ? 'EXPIRED' : 'PAYOUT_INTIMATION');
  });
});
