import { LEDGER_ACCOUNTS } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/schema';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES } from '../../src/modules/audit/transaction-log';
import { EMAILS, everyone, ownerOfAAndAdmins, type MatrixRows } from './types';

/** Made by `setup` once per database: purchaser A's account id, and a ledger entry's hash. */
const fixtures = { vuidOfA: '', hash: '' };

/** The transaction log (issue 7's timelines) and the public proof ledger. */
export const ledgerRows: MatrixRows = {
  async setup({ app }) {
    const idOf = async (email: string) => (await app.db.select({ id: users.id, vuid: users.vuid }).from(users).where(eq(users.email, email)))[0]!;
    const a = await idOf(EMAILS.purchaserA);
    const b = await idOf(EMAILS.purchaserB);
    fixtures.vuidOfA = a.vuid;
    for (const owner of [a, b]) {
      await appendTransaction(app.db, {
        ownerId: owner.id,
        performedBy: owner.id,
        type: TXN_TYPES.KYC_SUBMISSION,
        action: 'KYC details submitted',
        payload: {},
        location: TXN_LOCATIONS.portal,
        at: app.clock(),
      });
    }
    const entry = await app.db.transaction((tx) =>
      app.ledger.append(tx, { kind: 'POLICY_ISSUED', txnId: 'FHP-GD-2027-009999', from: LEDGER_ACCOUNTS.cover, to: app.ledger.accountOf(a.id), valueCents: null, data: {}, at: app.clock() }),
    );
    fixtures.hash = entry.hash;
  },
  graphql: {
    getTxnList: {
      // A's KYC timeline, as the spec's profile page asks it: B (FORBIDDEN) and tellers are denied.
      query: () => `{ getTxnList(input: { where: { txnOwner: { equals: "${fixtures.vuidOfA}" }, type: { in: ["KYC_SUBMISSION"] } } }) {
        totalCount data { txnOwner { email } } } }`,
      expected: ownerOfAAndAdmins,
      check: (data) => {
        const page = data.getTxnList as { totalCount: number; data: { txnOwner: { email: string } }[] };
        expect(page.totalCount).toBeGreaterThan(0);
        expect(page.data.every((entry) => entry.txnOwner.email === EMAILS.purchaserA)).toBe(true);
      },
    },
    getBlockchianTxn: {
      query: () => `{ getBlockchianTxn(hash: "${fixtures.hash}") { hash status verification { verified } } }`,
      expected: everyone,
      check: (data) => {
        expect(data.getBlockchianTxn).toEqual({ hash: fixtures.hash, status: 'PENDING', verification: { verified: true } });
      },
    },
    getPayoutProof: {
      // Decision 174: anyone may ask for a payout's proof (it holds no names). No such payout here:
      // past the guard, the explorer answers NOT_FOUND; payout-proof.test.ts proves real ones.
      query: '{ getPayoutProof(payoutId: "00000000-0000-4000-8000-000000000000") { payoutId verified } }',
      expected: everyone,
      passesGuardWith: ['NOT_FOUND'],
    },
  },
  rest: {
    // Decision 136: the signed checkpoints and their key are public, for anyone to mirror.
    'GET /api/v1/ledger/checkpoints': { body: () => null, expected: everyone },
    'GET /api/v1/ledger/checkpoint-key': { body: () => null, expected: everyone },
  },
};
