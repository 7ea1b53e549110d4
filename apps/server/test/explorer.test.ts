import { checkPublishedEntry, EXPLORER_MESSAGES, LEDGER_ACCOUNTS, type LedgerEntryKind } from '@fhp/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerEntries, users } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/modules/identity/seed';
import { checkpointSignatureValid, sha256Hex, type LedgerEntryRow } from '../src/modules/audit/ledger';
import { describeApp, gql } from './harness';
import { restoreLedger, rewriteLedgerTail, snapshotLedger, tamper, type Tampering } from './ledger-helpers';

const TXN = `query Txn($hash: String!) {
  getBlockchianTxn(hash: $hash) {
    hash txnLink txnId status from to value { cents formatted } timestamp
    kind sequence prevHash prevTxnLink payloadHash payload data appendedAt
    block { number firstSequence lastSequence entryCount merkleRoot prevBlockHash hash sealedAt }
    proof { index leafCount path { side hash } }
    checkpoint { block lastSequence blockHash keyId signature signedAt listUrl keyUrl }
    verification { status verified checkedEntries brokenAtSequence brokenAtBlock reason }
  }
}`;

interface Txn {
  hash: string;
  txnLink: string;
  txnId: string;
  status: string;
  from: string | null;
  to: string | null;
  value: { cents: number; formatted: string } | null;
  timestamp: string | null;
  kind: string;
  sequence: number;
  prevHash: string;
  prevTxnLink: string | null;
  payloadHash: string;
  payload: string;
  data: Record<string, unknown> | null;
  block: { number: number; firstSequence: number; lastSequence: number; entryCount: number; merkleRoot: string; prevBlockHash: string; hash: string } | null;
  proof: { index: number; leafCount: number; path: { side: 'LEFT' | 'RIGHT'; hash: string }[] } | null;
  checkpoint: { block: number; lastSequence: number; blockHash: string; keyId: string; signature: string; signedAt: string; listUrl: string; keyUrl: string } | null;
  verification: { status: string; verified: boolean; checkedEntries: number; brokenAtSequence: number | null; brokenAtBlock: number | null; reason: string | null };
}

const AT = new Date('2027-06-15T14:30:00Z');

describeApp('the proof ledger explorer (getBlockchianTxn)', (suite) => {
  const entries: LedgerEntryRow[] = [];
  let snapshot: Awaited<ReturnType<typeof snapshotLedger>>;

  /** What the lifecycle writes for a demo holder: issue, payments, a payout; then one pending entry. */
  beforeAll(async () => {
    const db = suite.app.db;
    const holders = await db.select({ id: users.id }).from(users);
    const write = (kind: LedgerEntryKind, n: number, valueCents: number | null, from: string, to: string) =>
      db.transaction((tx) => suite.app.ledger.append(tx, { kind, txnId: `FHP-GD-2027-00000${n}`, from, to, valueCents, data: { policyNumber: `FHP-GD-2027-00000${n}`, status: 'ISSUED' }, at: AT }));
    for (const [n, holder] of holders.entries()) {
      const account = suite.app.ledger.accountOf(holder.id);
      entries.push(await write('PAYMENT_RECORDED', n, 123_456 + n, account, LEDGER_ACCOUNTS.premiums));
      entries.push(await write('POLICY_ISSUED', n, null, LEDGER_ACCOUNTS.cover, account));
    }
    await suite.app.ledger.seal();
    entries.push(await write('PAYOUT_CREATED', 9, 500_000, LEDGER_ACCOUNTS.payouts, suite.app.ledger.accountOf(holders[0]!.id)));
    snapshot = await snapshotLedger(db);
  });

  async function txn(hash: string) {
    const { status, body } = await gql<{ getBlockchianTxn: Txn }>(suite.app, TXN, { hash });
    expect(status).toBeLessThan(500);
    return body;
  }

  async function found(hash: string): Promise<Txn> {
    const body = await txn(hash);
    expect(body.errors).toBeUndefined();
    return body.data!.getBlockchianTxn;
  }

  it('shows a sealed entry as CONFIRMED and verified back to the genesis entry, with a proof anyone can check', async () => {
    const entry = entries[3]!;
    const answer = await found(entry.hash);
    expect(answer).toMatchObject({
      hash: entry.hash,
      txnLink: `${suite.app.config.publicUrl}/explorer/${entry.hash}`,
      txnId: entry.txnId,
      status: 'CONFIRMED',
      kind: 'POLICY_ISSUED',
      from: LEDGER_ACCOUNTS.cover,
      value: null,
      timestamp: AT.toISOString(),
      sequence: 4,
      prevHash: entries[2]!.hash,
      prevTxnLink: `${suite.app.config.publicUrl}/explorer/${entries[2]!.hash}`,
      payloadHash: entry.payloadHash,
      payload: entry.payload,
      data: { policyNumber: 'FHP-GD-2027-000001', status: 'ISSUED' },
      verification: { status: 'VERIFIED', verified: true, checkedEntries: 4, brokenAtSequence: null, brokenAtBlock: null, reason: null },
    });
    expect(answer.to).toMatch(/^0x[0-9a-f]{40}$/);
    expect(answer.block).toMatchObject({ number: 1, firstSequence: 1, lastSequence: entries.length - 1, entryCount: entries.length - 1 });
    expect(answer.proof).toMatchObject({ index: 3, leafCount: entries.length - 1 });
    // The answer alone is enough to re-check the entry and its place in the block.
    const check = checkPublishedEntry(sha256Hex, answer, { block: answer.block!, proof: answer.proof! });
    expect(check).toEqual({ ok: true });
    // Issue 19 item 17: the signed checkpoint that proves it, where to find it, and it checks.
    expect(answer.checkpoint).toMatchObject({
      block: 1,
      lastSequence: answer.block!.lastSequence,
      blockHash: answer.block!.hash,
      keyId: suite.app.ledger.checkpointKey.keyId,
      listUrl: `${suite.app.config.publicUrl}/api/v1/ledger/checkpoints`,
      keyUrl: `${suite.app.config.publicUrl}/api/v1/ledger/checkpoint-key`,
    });
    expect(checkpointSignatureValid(suite.app.ledger.checkpointKey.publicKeyPem, answer.checkpoint!)).toBe(true);
  });

  it('shows money in EC$ and the first entry without a previous link', async () => {
    const first = await found(entries[0]!.hash);
    expect(first).toMatchObject({ sequence: 1, prevTxnLink: null, value: { cents: 123_456, formatted: 'EC$1,234.56' }, to: LEDGER_ACCOUNTS.premiums });
    expect(first.from).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('shows an entry no block holds yet as PENDING, verified, without a proof', async () => {
    const pending = await found(entries.at(-1)!.hash);
    expect(pending).toMatchObject({ status: 'PENDING', block: null, proof: null, checkpoint: null, kind: 'PAYOUT_CREATED', value: { formatted: 'EC$5,000.00' } });
    expect(pending.verification).toMatchObject({ verified: true, checkedEntries: entries.length });
  });

  it('takes a hash in capitals or with spaces around it', async () => {
    expect((await found(` ${entries[1]!.hash.toUpperCase()} `)).sequence).toBe(2);
  });

  it('answers NOT_FOUND with a clear sentence for a malformed or unknown hash, never a 500', async () => {
    for (const [hash, message] of [
      ['not-a-hash', EXPLORER_MESSAGES.hashMalformed],
      ['', EXPLORER_MESSAGES.hashMalformed],
      [`0x${'a'.repeat(64)}`, EXPLORER_MESSAGES.hashMalformed],
      ['a'.repeat(10_000), EXPLORER_MESSAGES.hashMalformed],
      ['f'.repeat(64), EXPLORER_MESSAGES.hashUnknown],
    ] as const) {
      const body = await txn(hash);
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND', display_message: message });
    }
  });

  it('never shows a name, email, phone, user id or account id of anyone', async () => {
    const people = await suite.app.db.select({ id: users.id, vuid: users.vuid }).from(users);
    const forbidden = [
      ...DEMO_ACCOUNTS.flatMap((a) => [a.email, a.firstName, a.lastName, a.phone, a.phone.replace(/\D/g, '')]),
      ...people.flatMap((p) => [p.id, p.vuid]),
    ];
    expect(forbidden.length).toBeGreaterThan(30);
    for (const entry of entries) {
      const { response } = await gql(suite.app, TXN, { hash: entry.hash });
      const text = response.body;
      for (const value of forbidden) expect(text.includes(value), `${value} in the answer for entry ${entry.sequence}`).toBe(false);
    }
  });

  describe('after someone tampers with the stored ledger', () => {
    afterEach(() => restoreLedger(suite.app.db, snapshot));

    // `earlier`: what entry 2 says. Its chain still holds, but when the tampering changed the
    // entries its block was sealed over, the block no longer holds and says so.
    const cases: [Tampering, number, { sequence: number; block?: number; reason: RegExp }, earlier: string | null][] = [
      ['alter', 3, { sequence: 3, reason: /^its payload does not match its payload hash$/ }, null],
      ['delete', 3, { sequence: 4, reason: /^entry 3 should come next, but entry 4 does/ }, 'block 1 names entries that are missing'],
      ['reorder', 3, { sequence: 3, reason: /^its previous hash does not match the entry before it$/ }, "block 1's Merkle root does not match its entries"],
      ['blockRoot', 0, { sequence: 1, block: 1, reason: /^block 1's Merkle root does not match its entries$/ }, "block 1's Merkle root does not match its entries"],
    ];
    for (const [how, at, brokenAt, earlier] of cases) {
      it(`${how}: after the daily re-check, later entries say Broken and where; earlier ones say whether their block still holds`, async () => {
        await tamper(suite.app.db, how, at);
        await suite.app.ledger.recheck();
        const later = await found(entries[5]!.hash);
        expect(later.verification).toMatchObject({ status: 'BROKEN', verified: false, brokenAtSequence: brokenAt.sequence, brokenAtBlock: brokenAt.block ?? null });
        expect(later.verification.reason).toMatch(brokenAt.reason);
        const second = await found(entries[1]!.hash);
        if (earlier === null) expect(second.verification).toMatchObject({ verified: true, checkedEntries: 2 });
        else expect(second.verification).toMatchObject({ verified: false, brokenAtBlock: 1, brokenAtSequence: 1, reason: earlier });
      });
    }

    // Issue 19 item 18: on main every view re-hashed the ledger from the first entry, so entry 6
    // said BROKEN here; now a view checks its own entry and its path to a block verified once.
    it('checks a view against its path, not the whole ledger: a tampering in a verified block shows on its own page at once, on the others after the daily re-check', async () => {
      await tamper(suite.app.db, 'alter', 3);
      expect((await found(entries[2]!.hash)).verification).toMatchObject({ verified: false, brokenAtSequence: 3 });
      expect((await found(entries[5]!.hash)).verification).toMatchObject({ verified: true, checkedEntries: 6 });
      await suite.app.jobs.run('ledger-recheck', 'explorer-suite');
      expect((await found(entries[5]!.hash)).verification).toMatchObject({ verified: false, brokenAtSequence: 3, reason: 'its payload does not match its payload hash' });
    });

    it('says BROKEN when a block was rewritten and re-sealed: its hash is no longer the one its checkpoint signed', async () => {
      await rewriteLedgerTail(suite.app.db, 3, { raiseCents: 1 });
      await suite.app.ledger.seal();
      const [rewritten] = await suite.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.sequence, 5));
      const answer = await found(rewritten!.hash);
      expect(answer.verification).toMatchObject({ verified: false, brokenAtBlock: 1, brokenAtSequence: 1, reason: "block 1's hash is not the one its checkpoint signed" });
      expect(answer.checkpoint!.blockHash).not.toBe(answer.block!.hash);
    });

    it('says the tampered entry itself is broken, and why', async () => {
      await tamper(suite.app.db, 'alter', 3);
      const altered = await found(entries[2]!.hash);
      expect(altered.verification).toMatchObject({ verified: false, brokenAtSequence: 3, reason: 'its payload does not match its payload hash', checkedEntries: 2 });
      // The browser's own check of the answer finds the same.
      expect(checkPublishedEntry(sha256Hex, altered, null)).toEqual({ ok: false, reason: 'its payload does not match its payload hash' });
    });

    it('answers every one of many concurrent lookups the same once the re-check has cleared the block', async () => {
      await tamper(suite.app.db, 'alter', 2);
      await suite.app.ledger.recheck();
      const answers = await Promise.all(entries.slice(1, 6).map((entry) => found(entry.hash)));
      expect(answers.map((a) => a.verification.brokenAtSequence)).toEqual([2, 2, 2, 2, 2]);
    });
  });
});

describe('explorer answers are not cached', () => {
  it('is not a public cached query (a tampering must show at once)', async () => {
    const { PUBLIC_QUERY_FIELDS } = await import('../src/graphql/response-cache');
    expect([...PUBLIC_QUERY_FIELDS]).not.toContain('getBlockchianTxn');
  });
});
