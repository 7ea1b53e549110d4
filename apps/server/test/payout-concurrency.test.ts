import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { payouts, policies } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { importStormText } from '../src/modules/storms/service';
import { describeApp } from './harness';
import { gqlAs, tokenFor, userId } from './identity-helpers';
import { secondInstance } from './instances';
import { ensureSeason, insertPolicies, shippedHurdat2, stormBlock, trackText } from './storm-helpers';

/**
 * Issue 19 item 5: the payout paths under truly concurrent requests, each over its own pool
 * connection on two app instances of one PostgreSQL database (PGlite is one connection: it cannot
 * race). Acknowledge/acknowledge is payout-acknowledgement-contention.test.ts; payment/deadline job
 * is payment-deadline.test.ts.
 */
const HOLDER = 'purchaser@fhp.example';
const WIRE = 'mutation Wire($payoutId: String!, $wireReference: String!) { recordPayoutWire(payoutId: $payoutId, wireReference: $wireReference) { id status } }';
const NOT_PENDING = 'Only a pending payout can be recorded as paid';

type WireAnswer = { recordPayoutWire: { id: string; status: string } };

describeApp('payouts under concurrency', (suite) => {
  // Two connections to one database: PostgreSQL only (skipped, not left out, so the PGlite run names them).
  const racing = it.skipIf(suite.kind !== 'postgres');

  let admin = '';
  beforeAll(async () => {
    if (suite.kind !== 'postgres') return;
    const { app } = suite;
    admin = await tokenFor(app, 'admin@fhp.example');
    await ensureSeason(app.db, 2004);
    const owner = await userId(app, HOLDER);
    await insertPolicies(app.db, { count: 4, country: 'gd', seasonYear: 2004, owners: [owner], prefix: 'FHP-GD-2004-WW', optionId: 'T' });
    await insertPolicies(app.db, { count: 4, country: 'gd', seasonYear: 2004, owners: [owner], prefix: 'FHP-GD-2004-IW', optionId: 'T' });
    // Payouts come from the trigger engine: Ivan 2004 pays option T 50%.
    await importStormText(lifecycleDeps(app), stormBlock(shippedHurdat2('sample.txt'), 'AL092004'), { notify: false });
  });

  async function payoutsOf(prefix: string) {
    return suite.app.db
      .select({ payout: payouts, policy: policies })
      .from(payouts)
      .innerJoin(policies, eq(policies.id, payouts.policyId))
      .where(like(policies.policyNumber, `${prefix}-%`));
  }

  racing('wire/wire: the same payout wired by two admins on two instances at once is paid once', async () => {
    const pending = await payoutsOf('FHP-GD-2004-WW');
    expect(pending).toHaveLength(4);
    const second = await secondInstance(suite.database, suite.app.clock);
    try {
      const answers = await Promise.all(
        pending.flatMap(({ payout }) =>
          [0, 1, 2, 3].map(async (n) => ({ payoutId: payout.id, n, answer: await gqlAs<WireAnswer>(n % 2 === 0 ? suite.app : second.app, admin, WIRE, { payoutId: payout.id, wireReference: `WIRE-${n}-${payout.id.slice(0, 6)}` }) })),
        ),
      );
      for (const { payout } of pending) {
        const mine = answers.filter((a) => a.payoutId === payout.id);
        const accepted = mine.filter((a) => !a.answer.body.errors);
        expect(accepted, payout.id).toHaveLength(1);
        for (const refused of mine.filter((a) => a.answer.body.errors)) {
          expect(refused.answer.status).toBe(200);
          expect(refused.answer.body.errors![0]!.extensions?.display_message).toBe(NOT_PENDING);
        }
        const [stored] = await suite.app.db.select().from(payouts).where(eq(payouts.id, payout.id));
        // The reference stored is the one of the request that won.
        expect(stored).toMatchObject({ status: 'PAID', wireReference: `WIRE-${accepted[0]!.n}-${payout.id.slice(0, 6)}` });
        const [policy] = await suite.app.db.select().from(policies).where(eq(policies.id, payout.policyId));
        expect(policy).toMatchObject({ status: 'PAYOUT_CONFIRMATION', paidOutCents: payout.amountCents });
      }
      expect(await verifyStoredLedger(suite.app.db)).toMatchObject({ ok: true });
    } finally {
      await second.close();
    }
  });

  racing('storm import/wire: a storm imported on one instance while the first payouts are wired on the other leaves every policy consistent', async () => {
    const first = await payoutsOf('FHP-GD-2004-IW');
    expect(first).toHaveLength(4);
    // A second storm over Grenada in October 2004, category 5 in box 1: option T owes the rest of the term.
    const storm = trackText('AL312004', 'SYNTH', [
      { time: '2004-10-10T00:00:00Z', status: 'HU', lat: 11.4, lon: -61.0, windKt: 150 },
      { time: '2004-10-10T06:00:00Z', status: 'HU', lat: 12.05, lon: -61.75, windKt: 150 },
      { time: '2004-10-10T12:00:00Z', status: 'HU', lat: 12.6, lon: -62.5, windKt: 150 },
    ]);
    const second = await secondInstance(suite.database, suite.app.clock);
    try {
      const [imported, ...wires] = await Promise.all([
        importStormText(lifecycleDeps(second.app), storm, { countries: ['gd'], notify: false }),
        ...first.map(({ payout }) => gqlAs<WireAnswer>(suite.app, admin, WIRE, { payoutId: payout.id, wireReference: `WIRE-IW-${payout.id.slice(0, 6)}` })),
      ]);
      expect(imported).toBeDefined();
      for (const wire of wires) expect(wire.body.errors, JSON.stringify(wire.body.errors)).toBeUndefined();

      const ids = first.map(({ policy }) => policy.id);
      const all = await suite.app.db.select().from(payouts).where(inArray(payouts.policyId, ids));
      const stormPayouts = all.filter((payout) => payout.stormRef === 'AL312004');
      // The second storm paid each policy (the race would be empty otherwise), within the coverage.
      expect(stormPayouts).toHaveLength(4);
      for (const { policy } of first) {
        const own = all.filter((payout) => payout.policyId === policy.id);
        const [row] = await suite.app.db.select().from(policies).where(eq(policies.id, policy.id));
        expect(own.find((payout) => payout.stormRef === 'AL092004')).toMatchObject({ status: 'PAID' });
        expect(own.find((payout) => payout.stormRef === 'AL312004')).toMatchObject({ status: 'PENDING' });
        expect(own.reduce((sum, payout) => sum + payout.amountCents, 0)).toBeLessThanOrEqual(row!.coverageCents);
        expect(row!.paidOutCents).toBe(own.filter((payout) => payout.status === 'PAID').reduce((sum, payout) => sum + payout.amountCents, 0));
        // A payout waits for its wire: the policy says so, whichever finished first.
        expect(row!.status).toBe('PAYOUT_INTIMATION');
      }
      expect(await suite.app.db.$count(payouts, and(inArray(payouts.policyId, ids), eq(payouts.status, 'PENDING')))).toBe(4);
      expect(await verifyStoredLedger(suite.app.db)).toMatchObject({ ok: true });
    } finally {
      await second.close();
    }
  });
  // Ivan 2004 pays its season's policies only within a year of the term's end (decision 140).
}, { engines: 'both', clock: () => new Date('2004-11-30T16:00:00Z') });
