import { EXPLORER_MESSAGES, verifyPayoutLeaf, type LedgerRecord, type MerkleProof } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ledgerEntries, payouts } from '../src/db/schema';
import { checkpointSignatureValid, sha256Hex } from '../src/modules/audit/ledger';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { importStormText } from '../src/modules/storms/service';
import { describeApp, gql } from './harness';
import { userId } from './identity-helpers';
import { ensureSeason, insertPolicies, shippedHurdat2, stormBlock } from './storm-helpers';

const PROOF = `query Proof($payoutId: String!) {
  getPayoutProof(payoutId: $payoutId) {
    payoutId link value { cents } record leaf entryRoot computedRoot status verified reason
    proof { index leafCount path { side hash } }
    entry { hash kind txnId status data verification { verified } checkpoint { block lastSequence blockHash keyId signature signedAt listUrl keyUrl } }
  }
}`;

interface Proof {
  payoutId: string;
  link: string;
  value: { cents: number } | null;
  record: LedgerRecord;
  leaf: string;
  entryRoot: string | null;
  computedRoot: string | null;
  status: string;
  verified: boolean;
  reason: string | null;
  proof: MerkleProof | null;
  entry: {
    hash: string;
    kind: string;
    txnId: string;
    status: string;
    data: Record<string, unknown>;
    verification: { verified: boolean };
    checkpoint: { block: number; lastSequence: number; blockHash: string; keyId: string; signature: string; signedAt: string; listUrl: string; keyUrl: string } | null;
  } | null;
}

/** Decision 174: a payout is proved by its path to its storm evaluation's one entry, then that entry's chain, block and checkpoint. */
describeApp('a payout proved by its path to its storm evaluation (getPayoutProof)', (suite) => {
  const ids: string[] = [];

  beforeAll(async () => {
    const { db } = suite.app;
    await ensureSeason(db, 2004);
    const owners = [await userId(suite.app, 'purchaser@fhp.example'), await userId(suite.app, 'purchaser.b@fhp.example')];
    await insertPolicies(db, { count: 30, country: 'gd', seasonYear: 2004, owners, prefix: 'FHP-GD-2004' });
    const before = await db.$count(ledgerEntries);
    // Ivan's best track published at the end of its season: a track pays its term up to 12 months after the term's end (decision 140).
    const result = await importStormText({ ...lifecycleDeps(suite.app), clock: () => new Date('2004-11-30T16:00:00Z') }, stormBlock(shippedHurdat2('sample.txt'), 'AL092004'), { notify: false });
    ids.push(...result.payouts.map((payout) => payout.payoutId));
    expect(ids.length).toBe(25);
    // Ivan's 25 payouts over Grenada in 2004: one entry.
    expect((await db.$count(ledgerEntries)) - before).toBe(1);
    await suite.app.ledger.seal();
  });

  async function proof(payoutId: string) {
    const { status, body } = await gql<{ getPayoutProof: Proof }>(suite.app, PROOF, { payoutId });
    expect(status).toBeLessThan(500);
    return body;
  }

  it('proves a payout: its record, its path to the evaluation entry, that entry verified in a sealed, signed block', async () => {
    const payoutId = ids[7]!;
    const body = await proof(payoutId);
    expect(body.errors).toBeUndefined();
    const answer = body.data!.getPayoutProof;
    const [row] = await suite.app.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(answer).toMatchObject({
      payoutId,
      link: `${suite.app.config.publicUrl}/explorer/payout/${payoutId}`,
      value: { cents: row!.amountCents },
      record: { kind: 'PAYOUT_CREATED', txnId: payoutId, valueCents: row!.amountCents, data: { storm: 'AL092004', percent: 50, contractPercent: 50 } },
      status: 'VERIFIED',
      verified: true,
      reason: null,
    });
    expect(answer.proof).toMatchObject({ leafCount: 25 });
    expect(answer.computedRoot).toBe(answer.entryRoot);
    expect(answer.entry).toMatchObject({ kind: 'TRIGGER_EVENT', txnId: 'AL092004-gd-2004', status: 'CONFIRMED', data: { payoutRoot: answer.entryRoot, payoutLeaves: 25 }, verification: { verified: true } });
    // The answer alone lets anyone check the path: the record's leaf leads to the root the entry holds.
    expect(verifyPayoutLeaf(sha256Hex, answer.record, answer.proof!, answer.entry!.data.payoutRoot as string)).toBe(true);
    expect(answer.entry!.checkpoint).not.toBeNull();
    expect(checkpointSignatureValid(suite.app.ledger.checkpointKey.publicKeyPem, answer.entry!.checkpoint!)).toBe(true);
  });

  it('is BROKEN once the payout row is raised by EC$1, while its neighbours still prove', async () => {
    const payoutId = ids[3]!;
    const [row] = await suite.app.db.select().from(payouts).where(eq(payouts.id, payoutId));
    await suite.app.db.update(payouts).set({ amountCents: row!.amountCents + 100 }).where(eq(payouts.id, payoutId));
    try {
      const answer = (await proof(payoutId)).data!.getPayoutProof;
      expect(answer).toMatchObject({ status: 'BROKEN', verified: false, value: { cents: row!.amountCents + 100 } });
      expect(answer.reason).toMatch(/^the payout's record does not lead to the Merkle root of entry \d+$/);
      expect(answer.computedRoot).not.toBe(answer.entryRoot);
      expect(verifyPayoutLeaf(sha256Hex, answer.record, answer.proof!, answer.entryRoot!)).toBe(false);
    } finally {
      await suite.app.db.update(payouts).set({ amountCents: row!.amountCents }).where(eq(payouts.id, payoutId));
    }
    expect((await proof(payoutId)).data!.getPayoutProof.verified).toBe(true);
  });

  it('is BROKEN for a payout moved out of its evaluation (another instant): no entry holds it', async () => {
    const payoutId = ids[5]!;
    const [row] = await suite.app.db.select().from(payouts).where(eq(payouts.id, payoutId));
    await suite.app.db.update(payouts).set({ createdAt: new Date(row!.createdAt.getTime() + 1000) }).where(eq(payouts.id, payoutId));
    try {
      expect((await proof(payoutId)).data!.getPayoutProof).toMatchObject({ verified: false, reason: 'no ledger entry holds this payout', entry: null, proof: null });
      // Its neighbours now miss a leaf: the evaluation's root no longer holds.
      expect((await proof(ids[6]!)).data!.getPayoutProof).toMatchObject({ verified: false });
    } finally {
      await suite.app.db.update(payouts).set({ createdAt: row!.createdAt }).where(eq(payouts.id, payoutId));
    }
  });

  it('answers NOT_FOUND for a malformed or unknown payout reference, to anyone', async () => {
    const malformed = await proof('not-a-payout');
    expect(malformed.errors?.[0]).toMatchObject({ message: EXPLORER_MESSAGES.payoutMalformed, extensions: { code: 'NOT_FOUND' } });
    const unknown = await proof('0190a000-0000-7000-8000-000000000000');
    expect(unknown.errors?.[0]).toMatchObject({ message: EXPLORER_MESSAGES.payoutUnknown, extensions: { code: 'NOT_FOUND' } });
    // Any case, spaces around.
    expect((await proof(` ${ids[0]!.toUpperCase()} `)).data!.getPayoutProof.payoutId).toBe(ids[0]);
  });
});
