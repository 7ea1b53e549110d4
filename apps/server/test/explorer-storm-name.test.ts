import { LEDGER_ACCOUNTS } from '@fhp/domain';
import { expect, it } from 'vitest';
import { storms, users } from '../src/db/schema';
import { describeApp, gql } from './harness';

/** The explorer names a payout's storm (issue 20 item 4): its entries carry the storm's id only; the answer adds its stored name. */

const TXN = 'query Txn($hash: String!) { getBlockchianTxn(hash: $hash) { kind data stormName } }';
const AT = new Date('2026-07-21T14:30:00Z');

describeApp('the explorer names the storm of a payout entry', (suite) => {
  it('answers the stored name of the storm an entry names by id, and null when there is none to name', async () => {
    const { db, ledger } = suite.app;
    await db.insert(storms).values({ id: 'AL052026', name: 'JANET EXERCISE', year: 2026, pointCount: 2, firstPointAt: AT, lastPointAt: AT, importedAt: AT, updatedAt: AT });
    const [holder] = await db.select({ id: users.id }).from(users).limit(1);
    const append = (storm: string) =>
      db.transaction((tx) =>
        ledger.append(tx, { kind: 'PAYOUT_CREATED', txnId: `payout-${storm}`, from: LEDGER_ACCOUNTS.payouts, to: ledger.accountOf(holder!.id), valueCents: 875_000, data: { policyNumber: 'FHP-GD-2026-000042', storm, percent: 35 }, at: AT }),
      );
    const ask = async (hash: string) => (await gql<{ getBlockchianTxn: { stormName: string | null; data: Record<string, unknown> } }>(suite.app, TXN, { hash })).body.data!.getBlockchianTxn;

    const named = await ask((await append('AL052026')).hash);
    expect(named).toMatchObject({ stormName: 'JANET EXERCISE', data: { storm: 'AL052026' } });
    expect((await ask((await append('AL992026')).hash)).stormName).toBeNull();
    expect((await ask((await append('manual')).hash)).stormName).toBeNull();
  });
});
