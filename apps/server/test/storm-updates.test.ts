import { termPayoutCents } from '@fhp/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ledgerEntries, payouts, policies, stormAlerts, users } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { acknowledgePayout, recordPayoutWire } from '../src/modules/payouts/service';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { TXN_LOCATIONS } from '../src/modules/audit/transaction-log';
import { importStormText } from '../src/modules/storms/service';
import { describeApp } from './harness';
import { userId } from './identity-helpers';
import { ensureSeason, importedOn, insertPolicies, trackText, type TrackSpec } from './storm-helpers';

/**
 * Issue 10 items 1, 4 and 6 over an advisory update (decision 061): a hurricane crosses Grenada
 * as a Category 1 (option T and 1 pay 25%), then a later advisory adds points where it strengthens
 * to Category 3 within 25 km: T and 1 get a top-up of the 25% difference, options 2 and 3 their
 * first 50%, each once; a policy with 60% paid earlier gets only what is left of 100%. One alert
 * per holder, texted to the verified phone only.
 */

const STORM = 'AL422020';
const V1: TrackSpec[] = [
  { time: '2020-09-01T00:00:00Z', status: 'HU', lat: 11.0, lon: -58.0, windKt: 75 },
  { time: '2020-09-01T06:00:00Z', status: 'HU', lat: 11.6, lon: -60.0, windKt: 75 },
  { time: '2020-09-01T12:00:00Z', status: 'HU', lat: 12.1, lon: -61.7, windKt: 75 },
];
/** The next advisory: it stalls off the west coast and deepens to 100 kt (Category 3). */
const V2: TrackSpec[] = [...V1, { time: '2020-09-01T18:00:00Z', status: 'HU', lat: 12.2, lon: -61.9, windKt: 100 }];

describeApp('an advisory update that raises a storm: top-ups once, alerts once per holder', (suite) => {
  // Each advisory is imported the day after its points.
  const deps = () => importedOn(lifecycleDeps(suite.app), '2020-09-02T12:00:00Z');
  let holderA = '';
  let holderB = '';

  beforeAll(async () => {
    const { db } = suite.app;
    await ensureSeason(db, 2020);
    holderA = await userId(suite.app, 'purchaser@fhp.example');
    holderB = await userId(suite.app, 'purchaser.b@fhp.example');
    // B has not verified a phone: no text for B.
    await db.update(users).set({ phoneVerified: false }).where(eq(users.id, holderB));
    await insertPolicies(db, { count: 6, country: 'gd', seasonYear: 2020, owners: [holderA], prefix: 'FHP-GD-2020' });
    await insertPolicies(db, { count: 6, country: 'gd', seasonYear: 2020, owners: [holderB], prefix: 'FHP-GE-2020' });
    // Option T, 60% paid out earlier in the term and acknowledged: back in monitoring.
    await insertPolicies(db, { count: 1, country: 'gd', seasonYear: 2020, owners: [holderA], prefix: 'FHP-GZ-2020', optionId: 'T' });
    const [earlier] = await db.select().from(policies).where(like(policies.policyNumber, 'FHP-GZ-2020-%'));
    const sixty = termPayoutCents(earlier!.coverageCents, 0, 60);
    await db.insert(payouts).values({
      policyId: earlier!.id,
      stormRef: 'AL012020',
      percent: 60,
      contractPercent: 60,
      amountCents: sixty,
      status: 'PAID',
      paidAt: new Date('2020-08-10T00:00:00Z'),
      acknowledgedAt: new Date('2020-08-12T00:00:00Z'),
      createdAt: new Date('2020-08-01T00:00:00Z'),
    });
    await db.update(policies).set({ paidOutCents: sixty }).where(eq(policies.id, earlier!.id));
    suite.app.identity.outbox.clear();
  });

  /** Payouts of the storm by policy number: [number, percent paid, contract percent]. */
  const stormPayouts = async () =>
    (
      await suite.app.db
        .select({ number: policies.policyNumber, percent: payouts.percent, contractPercent: payouts.contractPercent })
        .from(payouts)
        .innerJoin(policies, eq(policies.id, payouts.policyId))
        .where(eq(payouts.stormRef, STORM))
        .orderBy(asc(policies.policyNumber), asc(payouts.contractPercent))
    ).map((row) => [row.number, row.percent, row.contractPercent]);

  it('the first advisory (Category 1 over the island): T and 1 pay 25%, one alert per holder, a text to the verified phone only', async () => {
    const result = await importStormText(deps(), trackText(STORM, 'TESTER', V1));
    // The notices go through the delivery queue once the import has committed.
    await suite.app.identity.deliveries.settle();
    expect(result.storms).toEqual([{ id: STORM, name: 'TESTER', change: 'NEW', points: 3 }]);
    expect(await stormPayouts()).toEqual([
      ['FHP-GD-2020-000000', 25, 25],
      ['FHP-GD-2020-000001', 25, 25],
      ['FHP-GE-2020-000000', 25, 25],
      ['FHP-GE-2020-000001', 25, 25],
      ['FHP-GZ-2020-000000', 25, 25],
    ]);

    expect(result.alerts.map((alert) => [alert.ownerId, alert.policyNumbers.length]).sort()).toEqual([
      [holderA, 7],
      [holderB, 6],
    ].sort());
    expect(await suite.app.db.$count(stormAlerts, eq(stormAlerts.stormId, STORM))).toBe(2);

    const { outbox } = suite.app.identity;
    const [phoneA] = await suite.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, holderA));
    const texts = outbox.list().filter((message) => message.channel === 'sms');
    const alertTexts = texts.filter((message) => message.text.includes('passed over Grenada'));
    // Passed over the island itself: how close, and that no claim is needed.
    expect(alertTexts.map((message) => [message.to, message.text])).toEqual([
      [phoneA!.phone, 'Flexible Hurricane Protection: Tester passed over Grenada itself. No claim is needed for your 7 policies there: a payout, if due, is automatic.'],
    ]);
    const alertEmails = outbox.list().filter((message) => message.channel === 'email' && message.subject === 'Storm alert: Tester near Grenada');
    expect(alertEmails.map((message) => message.to).sort()).toEqual(['purchaser.b@fhp.example', 'purchaser@fhp.example']);
    const toA = alertEmails.find((message) => message.to === 'purchaser@fhp.example')!;
    expect(toA.text).toContain(
      'Tester (Category 1, with winds of 75 knots) passed over Grenada itself, which your policies FHP-GD-2020-000000, FHP-GD-2020-000001, FHP-GD-2020-000002, FHP-GD-2020-000003, FHP-GD-2020-000004, FHP-GD-2020-000005 and FHP-GZ-2020-000000 cover.',
    );
    expect(toA.text).toContain('No claim is needed: if the storm meets the terms of your policy, the payout is created automatically');
  });

  it('the next advisory raises it to Category 3 within 25 km: top-ups of the difference and first payouts, each once, capped at 100% in the term', async () => {
    const triggersBefore = await suite.app.db.$count(ledgerEntries, eq(ledgerEntries.kind, 'TRIGGER_EVENT'));
    suite.app.identity.outbox.clear();
    const result = await importStormText(deps(), trackText(STORM, 'TESTER', V2));
    await suite.app.identity.deliveries.settle();
    expect(result.storms).toEqual([{ id: STORM, name: 'TESTER', change: 'EXTENDED', points: 4 }]);
    expect(result.alerts).toEqual([]);
    expect(await stormPayouts()).toEqual([
      ['FHP-GD-2020-000000', 25, 25],
      ['FHP-GD-2020-000000', 25, 50],
      ['FHP-GD-2020-000001', 25, 25],
      ['FHP-GD-2020-000001', 25, 50],
      ['FHP-GD-2020-000002', 50, 50],
      ['FHP-GD-2020-000003', 50, 50],
      ['FHP-GE-2020-000000', 25, 25],
      ['FHP-GE-2020-000000', 25, 50],
      ['FHP-GE-2020-000001', 25, 25],
      ['FHP-GE-2020-000001', 25, 50],
      ['FHP-GE-2020-000002', 50, 50],
      ['FHP-GE-2020-000003', 50, 50],
      // 60% + 25% paid already: 15% of the top-up is left.
      ['FHP-GZ-2020-000000', 25, 25],
      ['FHP-GZ-2020-000000', 15, 50],
    ]);
    // The changed verdict goes on the ledger again.
    expect(await suite.app.db.$count(ledgerEntries, eq(ledgerEntries.kind, 'TRIGGER_EVENT'))).toBe(triggersBefore + 1);
    const topUp = suite.app.identity.outbox.list().find((message) => message.subject?.endsWith('FHP-GD-2020-000000'));
    expect(topUp?.text).toContain('A further payout of');
    expect(topUp?.text).toContain('(25% of your coverage, on top of the 25% this storm already gave, since an update of its track raised it to 50%)');
    const capped = suite.app.identity.outbox.list().find((message) => message.subject?.endsWith('FHP-GZ-2020-000000'));
    expect(capped?.text).toContain(
      "(15% of your coverage, on top of the 25% this storm already gave, since an update of its track raised it to 50%; the storm's 25% is limited to the 15% of your coverage not yet paid out this term)",
    );
  });

  it('the same advisory again, or the older one, changes nothing', async () => {
    const before = { payouts: await suite.app.db.$count(payouts), ledger: await suite.app.db.$count(ledgerEntries), alerts: await suite.app.db.$count(stormAlerts) };
    for (const version of [V2, V1]) {
      const again = await importStormText(deps(), trackText(STORM, 'TESTER', version));
      expect(again.storms[0]!.change).toBe('UNCHANGED');
      expect(again.payouts).toEqual([]);
    }
    expect({ payouts: await suite.app.db.$count(payouts), ledger: await suite.app.db.$count(ledgerEntries), alerts: await suite.app.db.$count(stormAlerts) }).toEqual(before);
  });

  it('both payouts of one storm are wired and acknowledged through the state machine', async () => {
    const { db } = suite.app;
    const [policy] = await db.select().from(policies).where(eq(policies.policyNumber, 'FHP-GD-2020-000000'));
    const rows = await db.select().from(payouts).where(and(eq(payouts.policyId, policy!.id), eq(payouts.stormRef, STORM))).orderBy(asc(payouts.contractPercent));
    const status = async () => (await db.select().from(policies).where(eq(policies.id, policy!.id)))[0]!.status;
    const admin = await userId(suite.app, 'admin@fhp.example');
    const actor = (performedBy: string) => ({ performedBy, location: TXN_LOCATIONS.backOffice, at: new Date('2020-09-10T12:00:00Z') });
    expect(await status()).toBe('PAYOUT_INTIMATION');
    await recordPayoutWire(deps(), { payoutId: rows[1]!.id, wireReference: 'W-TOPUP' }, actor(admin));
    expect(await status()).toBe('PAYOUT_INTIMATION'); // the first still waits for its wire
    await recordPayoutWire(deps(), { payoutId: rows[0]!.id, wireReference: 'W-FIRST' }, actor(admin));
    expect(await status()).toBe('PAYOUT_CONFIRMATION');
    await acknowledgePayout(deps(), { payoutId: rows[0]!.id, holderId: holderA }, actor(holderA));
    expect(await status()).toBe('PAYOUT_CONFIRMATION');
    await acknowledgePayout(deps(), { payoutId: rows[1]!.id, holderId: holderA }, actor(holderA));
    // 50% paid out: watched again.
    expect(await status()).toBe('EVENT_MONITORING');
    expect((await verifyStoredLedger(db)).ok).toBe(true);
  });
});
