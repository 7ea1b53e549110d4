import { LEDGER_ACCOUNTS } from '@fhp/domain';
import { expect, it } from 'vitest';
import { describeApp, gql } from './harness';

const STATUS = 'query Status($hash: String!) { getBlockchianTxn(hash: $hash) { status block { number } } }';

describeApp(
  'the sealing job (LEDGER_SEAL_INTERVAL_SECONDS)',
  (suite) => {
    it('seals a new entry into a block within an interval or two, so its page turns CONFIRMED', async () => {
      const entry = await suite.app.db.transaction((tx) =>
        suite.app.ledger.append(tx, { kind: 'TRIGGER_EVENT', txnId: 'AL092004', from: LEDGER_ACCOUNTS.cover, to: LEDGER_ACCOUNTS.payouts, valueCents: null, data: { storm: 'AL092004' }, at: new Date() }),
      );
      const status = async () => (await gql<{ getBlockchianTxn: { status: string; block: { number: number } | null } }>(suite.app, STATUS, { hash: entry.hash })).body.data?.getBlockchianTxn;
      // Waits for the job, polling; the limit is generous for a loaded machine, not a speed target.
      for (let waited = 0; waited < 15_000 && (await status())?.status !== 'CONFIRMED'; waited += 250) await new Promise((r) => setTimeout(r, 250));
      expect(await status()).toEqual({ status: 'CONFIRMED', block: { number: 1 } });
    });
  },
  { seed: false, env: { LEDGER_SEAL_INTERVAL_SECONDS: '1' } },
);
