import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ledgerEntries, payouts, policies, transactionLog } from '../src/db/schema';
import { recordPayoutWire } from '../src/modules/payouts/service';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { TXN_LOCATIONS } from '../src/modules/audit/transaction-log';
import { importStormText } from '../src/modules/storms/service';
import { describeApp } from './harness';
import { tokenFor, userId } from './identity-helpers';
import { ensureSeason, importedOn, insertPolicies, shippedHurdat2, stormBlock } from './storm-helpers';

const HOLDER = 'purchaser@fhp.example';
const ACK = 'mutation Ack($ids: [String!]!) { acknowledgePayout(payoutIds: $ids) { message payoutIds } }';
const BURST = 30;

type Answer = { status: number; body: { data?: unknown; errors?: { extensions?: { code?: string; display_message?: string } }[] } };

/*
 * Issue 23 item 1: one holder acknowledges the same two payouts thirty times at once, half of the
 * requests listing them in the other order, each over its own HTTP connection and (PostgreSQL) its
 * own pool connection. Locking the payouts in the order listed deadlocked them, answered
 * "Internal server error" 29 times.
 */
describeApp('acknowledging the same payouts in opposite orders at once', (suite) => {
  const payoutIds: string[] = [];

  beforeAll(async () => {
    const { app } = suite;
    const deps = lifecycleDeps(app);
    await ensureSeason(app.db, 2004);
    await insertPolicies(app.db, { count: 2, country: 'gd', seasonYear: 2004, owners: [await userId(app, HOLDER)], prefix: 'FHP-GD-2004-ACK', optionId: 'T' });
    // Payouts come from the trigger engine: Ivan 2004 pays option T 50%.
    await importStormText(importedOn(deps, '2004-11-30T16:00:00Z'), stormBlock(shippedHurdat2('sample.txt'), 'AL092004'), { notify: false });
    const mine = await app.db
      .select({ id: payouts.id })
      .from(payouts)
      .innerJoin(policies, eq(policies.id, payouts.policyId))
      .where(like(policies.policyNumber, 'FHP-GD-2004-ACK-%'));
    expect(mine).toHaveLength(2);
    for (const { id } of mine) {
      await recordPayoutWire(deps, { payoutId: id, wireReference: `WIRE-${id.slice(0, 8)}` }, { performedBy: null, location: TXN_LOCATIONS.system, at: app.clock() });
      payoutIds.push(id);
    }
  });

  it('answers every request without a server error and acknowledges each payout exactly once', async () => {
    const { app } = suite;
    const token = await tokenFor(app, HOLDER);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const [first, second] = payoutIds as [string, string];
    const answers: Answer[] = await Promise.all(
      Array.from({ length: BURST }, async (_, n) => {
        const response = await fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, connection: 'close' },
          body: JSON.stringify({ query: ACK, variables: { ids: n % 2 === 0 ? [first, second] : [second, first] } }),
        });
        return { status: response.status, body: (await response.json()) as Answer['body'] };
      }),
    );

    expect(answers.filter((answer) => answer.status >= 500).map((answer) => answer.body.errors?.[0]?.extensions)).toEqual([]);
    const codes = answers.flatMap((answer) => answer.body.errors?.map((error) => error.extensions?.code) ?? []);
    expect(codes.filter((code) => code === 'INTERNAL_SERVER_ERROR' || code === 'SERVICE_UNAVAILABLE')).toEqual([]);
    // One request acknowledged both; every other was told they already were.
    expect(answers.filter((answer) => !answer.body.errors)).toHaveLength(1);
    expect(new Set(answers.flatMap((answer) => answer.body.errors?.map((error) => error.extensions?.display_message) ?? []))).toEqual(
      new Set(['This payout has already been acknowledged']),
    );

    const stored = await app.db.select().from(payouts).where(inArray(payouts.id, payoutIds));
    expect(stored.every((payout) => payout.acknowledgedAt !== null)).toBe(true);
    for (const id of payoutIds) {
      expect(await app.db.$count(ledgerEntries, and(eq(ledgerEntries.kind, 'PAYOUT_ACKNOWLEDGED'), eq(ledgerEntries.txnId, id)))).toBe(1);
    }
    const policyNumbers = (await app.db.select({ number: policies.policyNumber }).from(policies).where(like(policies.policyNumber, 'FHP-GD-2004-ACK-%'))).map((row) => row.number);
    expect(await app.db.$count(transactionLog, and(inArray(transactionLog.txnSetId, policyNumbers), eq(transactionLog.action, 'Payout acknowledged')))).toBe(2);
  });
}, { engines: 'both' });
