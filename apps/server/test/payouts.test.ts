import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ledgerEntries, payouts, policies, transactionLog } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { TXN_LOCATIONS } from '../src/modules/audit/transaction-log';
import { acknowledgePayout, recordPayoutWire } from '../src/modules/payouts/service';
import { importStormText } from '../src/modules/storms/service';
import { describeApp } from './harness';
import { tokenFor, userId } from './identity-helpers';
import { makeProvisional, paymentInput, recordPaymentAs, settableClock } from './lifecycle-helpers';
import { trackOver } from './storm-helpers';

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

    /** A synthetic storm over Grenada, imported through the trigger engine at `at` (the only way a payout is made: decision 141). */
    const storm = async (id: string, crossing: string, windKt: number, at: string) => {
      time.set(at);
      return importStormText(lifecycleDeps(suite.app), trackOver(id, 'TEST', 'gd', crossing, windKt), { notify: false });
    };
    const mine = async () => suite.app.db.select().from(payouts).where(eq(payouts.policyId, policyId)).orderBy(asc(payouts.createdAt));

    it('pays nothing for a storm before the cover term starts, issued or not', async () => {
      // A Category 3 over Grenada on May 20, 2027: in the 2026 term, not in this policy's.
      const result = await storm('AL022027', '2027-05-20T12:00:00Z', 100, '2027-05-21T12:00:00Z');
      expect(result.payouts).toEqual([]);
      expect(await suite.app.db.$count(payouts)).toBe(0);
      expect((await status()).status).toBe('ISSUED');
    });

    it('pays 50%, then caps a Category 5 at the remaining 50%, returning to monitoring in between, and stops at 100%', async () => {
      const { app } = suite;
      const deps = lifecycleDeps(app);
      time.set('2027-06-02T12:00:00Z');
      await app.jobs.run('season-start', 'payout-suite');
      expect((await status()).status).toBe('EVENT_MONITORING');

      // A Category 3 within 25 km: option 3 pays 50%.
      const ivan = trackOver('AL092027', 'TEST', 'gd', '2027-08-10T12:00:00Z', 100);
      time.set('2027-08-11T12:00:00Z');
      await importStormText(deps, ivan, { notify: false });
      const [first] = await mine();
      expect(first).toMatchObject({ stormRef: 'AL092027', status: 'PENDING', amountCents: 1_250_000, percent: 50 });
      expect((await status()).status).toBe('PAYOUT_INTIMATION');
      // The same storm again pays nothing more.
      expect((await importStormText(deps, ivan, { notify: false })).payouts).toEqual([]);
      expect(await mine()).toHaveLength(1);
      await expect(acknowledgePayout(deps, { payoutId: first!.id, holderId }, { ...system(), performedBy: holderId })).rejects.toThrow('Only a paid payout can be acknowledged');

      const admin = await userId(app, 'admin@fhp.example');
      const wired = await recordPayoutWire(deps, { payoutId: first!.id, wireReference: 'WIRE-0001' }, { performedBy: admin, location: TXN_LOCATIONS.backOffice, at: time.clock() });
      expect(wired).toMatchObject({ status: 'PAID', wireReference: 'WIRE-0001' });
      expect(await status()).toMatchObject({ status: 'PAYOUT_CONFIRMATION', paidOutCents: 1_250_000 });
      await expect(recordPayoutWire(deps, { payoutId: first!.id, wireReference: 'WIRE-0002' }, system())).rejects.toThrow('Only a pending payout can be recorded as paid');

      const other = await userId(app, 'purchaser.b@fhp.example');
      await expect(acknowledgePayout(deps, { payoutId: first!.id, holderId: other }, { ...system(), performedBy: other })).rejects.toThrow('This payout was not found');
      await acknowledgePayout(deps, { payoutId: first!.id, holderId }, { performedBy: holderId, location: TXN_LOCATIONS.portal, at: time.clock() });
      expect((await status()).status).toBe('EVENT_MONITORING');
      const log = await app.db.select().from(transactionLog).where(eq(transactionLog.txnSetId, (await status()).policyNumber)).orderBy(asc(transactionLog.createdAt), asc(transactionLog.seq));
      expect(log.map((entry) => entry.action).slice(-5)).toEqual([
        'Event monitoring started',
        'Hurricane occurred: payout intimated',
        'Payout sent',
        'Payout acknowledged',
        'Event monitoring resumed',
      ]);

      // A Category 5 pays 100%: capped at what remains.
      await storm('AL142027', '2027-09-20T12:00:00Z', 140, '2027-09-21T12:00:00Z');
      const second = (await mine())[1]!;
      expect(second).toMatchObject({ stormRef: 'AL142027', percent: 50, contractPercent: 100, amountCents: 1_250_000 });
      await recordPayoutWire(deps, { payoutId: second.id, wireReference: 'WIRE-0003' }, system());
      await acknowledgePayout(deps, { payoutId: second.id, holderId }, { performedBy: holderId, location: TXN_LOCATIONS.portal, at: time.clock() });
      // Fully paid out: it rests in PAYOUT_ACKNOWLEDGED until the cover ends, and a third storm pays it nothing.
      expect(await status()).toMatchObject({ status: 'PAYOUT_ACKNOWLEDGED', paidOutCents: 2_500_000 });
      expect((await storm('AL152027', '2027-10-05T12:00:00Z', 100, '2027-10-06T12:00:00Z')).payouts).toEqual([]);
      expect(await app.db.$count(payouts)).toBe(2);

      const kinds = (await app.db.select().from(ledgerEntries)).map((entry) => entry.kind);
      for (const kind of ['PAYOUT_PAID', 'PAYOUT_ACKNOWLEDGED'] as const) expect(kinds.filter((k) => k === kind)).toHaveLength(2);
      // One per storm evaluation that pays some option over Grenada in a term: the May storm (2026 term) and the three of the
      // 2027 term; the two that paid this policy hold its payout as their one leaf (decision 174), none has an entry of its own.
      expect(kinds.filter((k) => k === 'TRIGGER_EVENT')).toHaveLength(4);
      expect(kinds.filter((k) => k === 'PAYOUT_CREATED')).toHaveLength(0);
      const roots = (await app.db.select().from(ledgerEntries)).filter((entry) => entry.payload.includes('"payoutLeaves":1'));
      expect(roots.map((entry) => entry.txnId).sort()).toEqual(['AL092027-gd-2027', 'AL142027-gd-2027']);
      const wires = (await app.db.select().from(ledgerEntries)).filter((entry) => entry.payload.includes('WIRE-'));
      expect(wires).toEqual([]); // a wire reference is a bank detail: never on the ledger
      expect(await verifyStoredLedger(app.db)).toMatchObject({ ok: true });
    });
  },
  { clock: time.clock },
);
