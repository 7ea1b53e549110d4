import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ledgerEntries, payouts, policies, transactionLog } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { TXN_LOCATIONS } from '../src/modules/audit/transaction-log';
import { acknowledgePayout, createPayout, recordPayoutWire } from '../src/modules/payouts/service';
import { describeApp } from './harness';
import { tokenFor, userId } from './identity-helpers';
import { makeProvisional, paymentInput, recordPaymentAs, settableClock } from './lifecycle-helpers';

const time = settableClock('2027-03-15T16:00:00Z');

describeApp(
  'payouts as a service: storm, wire, acknowledgement, through the state machine',
  (suite) => {
    let policyId = '';
    let holderId = '';
    const system = () => ({ performedBy: null, location: TXN_LOCATIONS.system, at: time.clock() });

    beforeAll(async () => {
      const { app } = suite;
      // The clock is shared by the suite's runs on each database.
      time.set('2027-03-15T16:00:00Z');
      const policy = await makeProvisional(app, 'purchaser@fhp.example', { plan: 'FULL' }); // EC$25,000 coverage
      policyId = policy.id;
      holderId = await userId(app, 'purchaser@fhp.example');
      const paid = await recordPaymentAs(app, await tokenFor(app, 'teller@fhp.example'), paymentInput(policy.policyNumber, 1960));
      expect(paid.body.data?.recordPayment.policy.status).toBe('ISSUED');
    });

    const status = async () => (await suite.app.db.select().from(policies).where(eq(policies.id, policyId)))[0]!;

    it('refuses a storm before the season is watched (ISSUED), with the machine sentence', async () => {
      const deps = lifecycleDeps(suite.app);
      await expect(createPayout(deps, { policyId, stormRef: 'AL012027', percent: 50 }, system())).rejects.toThrow('A policy that is ISSUED cannot trigger a payout');
      expect(await suite.app.db.$count(payouts)).toBe(0);
    });

    it('pays 50%, then caps a Category 5 at the remaining 50%, returning to monitoring in between, and stops at 100%', async () => {
      const { app } = suite;
      const deps = lifecycleDeps(app);
      time.set('2027-06-02T12:00:00Z');
      await app.jobs.run('season-start', 'payout-suite');
      expect((await status()).status).toBe('EVENT_MONITORING');

      const first = await createPayout(deps, { policyId, stormRef: 'AL092027', percent: 50 }, system());
      expect(first).toMatchObject({ status: 'PENDING', amountCents: 1_250_000, percent: 50 });
      expect((await status()).status).toBe('PAYOUT_INTIMATION');
      await expect(createPayout(deps, { policyId, stormRef: 'AL092027', percent: 50 }, system())).rejects.toThrow('This storm has already created a payout for this policy');
      await expect(acknowledgePayout(deps, { payoutId: first.id, holderId }, { ...system(), performedBy: holderId })).rejects.toThrow('Only a paid payout can be acknowledged');

      const admin = await userId(app, 'admin@fhp.example');
      const wired = await recordPayoutWire(deps, { payoutId: first.id, wireReference: 'WIRE-0001' }, { performedBy: admin, location: TXN_LOCATIONS.backOffice, at: time.clock() });
      expect(wired).toMatchObject({ status: 'PAID', wireReference: 'WIRE-0001' });
      expect(await status()).toMatchObject({ status: 'PAYOUT_CONFIRMATION', paidOutCents: 1_250_000 });
      await expect(recordPayoutWire(deps, { payoutId: first.id, wireReference: 'WIRE-0002' }, system())).rejects.toThrow('Only a pending payout can be recorded as paid');

      const other = await userId(app, 'purchaser.b@fhp.example');
      await expect(acknowledgePayout(deps, { payoutId: first.id, holderId: other }, { ...system(), performedBy: other })).rejects.toThrow('This payout was not found');
      await acknowledgePayout(deps, { payoutId: first.id, holderId }, { performedBy: holderId, location: TXN_LOCATIONS.portal, at: time.clock() });
      expect((await status()).status).toBe('EVENT_MONITORING');
      const log = await app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, (await status()).policyNumber)).orderBy(asc(transactionLog.createdAt), asc(transactionLog.seq));
      expect(log.map((entry) => entry.action).slice(-5)).toEqual([
        'Event monitoring started',
        'Hurricane occurred: payout intimated',
        'Payout sent',
        'Payout acknowledged',
        'Event monitoring resumed',
      ]);

      const second = await createPayout(deps, { policyId, stormRef: 'AL142027', percent: 100 }, system());
      expect(second.amountCents).toBe(1_250_000); // capped at what remains of 100%
      await recordPayoutWire(deps, { payoutId: second.id, wireReference: 'WIRE-0003' }, system());
      await acknowledgePayout(deps, { payoutId: second.id, holderId }, { performedBy: holderId, location: TXN_LOCATIONS.portal, at: time.clock() });
      // Fully paid out: it rests in PAYOUT_ACKNOWLEDGED until the cover ends.
      expect(await status()).toMatchObject({ status: 'PAYOUT_ACKNOWLEDGED', paidOutCents: 2_500_000 });
      await expect(createPayout(deps, { policyId, stormRef: 'AL152027', percent: 25 }, system())).rejects.toThrow();
      expect(await app.db.$count(payouts)).toBe(2);

      const kinds = (await app.db.select().from(ledgerEntries)).map((entry) => entry.kind);
      for (const kind of ['TRIGGER_EVENT', 'PAYOUT_CREATED', 'PAYOUT_PAID', 'PAYOUT_ACKNOWLEDGED'] as const) expect(kinds.filter((k) => k === kind)).toHaveLength(2);
      const wires = (await app.db.select().from(ledgerEntries)).filter((entry) => entry.payload.includes('WIRE-'));
      expect(wires).toEqual([]); // a wire reference is a bank detail: never on the ledger
      expect(await verifyStoredLedger(app.db)).toMatchObject({ ok: true });
    });
  },
  { clock: time.clock },
);
