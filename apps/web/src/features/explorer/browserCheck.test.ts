import { createHash, webcrypto } from 'node:crypto';
import { chainEntry, GENESIS_HASH, merkleProof, sealBlock, type LedgerEntry } from '@fhp/domain';
import { describe, expect, it } from 'vitest';
import type { BlockchainTxn } from './api';
import { checkInBrowser, withWebCrypto } from './browserCheck';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const subtle = webcrypto.subtle as unknown as SubtleCrypto;

/** Four entries sealed in one block, as the server would answer for the third. */
function answerFor(index: number): BlockchainTxn {
  const entries: LedgerEntry[] = [];
  for (let n = 0; n < 4; n++) {
    entries.push(
      chainEntry(nodeSha, entries.at(-1) ?? null, {
        kind: 'PAYMENT_RECORDED',
        txnId: `payment-${n}`,
        from: `0x${'ab'.repeat(20)}`,
        to: 'fhp:premiums',
        valueCents: 5000 + n,
        timestamp: '2027-06-15T14:30:00.000Z',
        data: { policyNumber: 'FHP-GD-2027-000001', note: 'café' },
      }),
    );
  }
  const block = sealBlock(nodeSha, null, GENESIS_HASH, entries);
  const entry = entries[index]!;
  return {
    ...entry,
    stormName: null,
    txnLink: '',
    txnId: `payment-${index}`,
    status: 'CONFIRMED',
    from: null,
    to: null,
    value: null,
    timestamp: null,
    kind: 'PAYMENT_RECORDED',
    prevTxnLink: null,
    data: null,
    appendedAt: '',
    block: { ...block, entryCount: 4, sealedAt: '' },
    proof: merkleProof(nodeSha, entries.map((e) => e.hash), index),
    checkpoint: null,
    verification: { status: 'VERIFIED', verified: true, checkedEntries: index + 1, brokenAtSequence: null, brokenAtBlock: null, reason: null },
  };
}

describe('withWebCrypto', () => {
  it('gives a synchronous rule the same hashes as node’s SHA-256, UTF-8 included', async () => {
    const texts = ['', 'abc', 'Thérèse D’Auvergne — EC$1,234.56'];
    expect(await withWebCrypto((sha) => texts.map(sha), subtle)).toEqual(texts.map(nodeSha));
    // A rule whose inputs depend on earlier hashes (as a Merkle path does) takes several rounds.
    const chained = (sha: (t: string) => string) => sha(sha(sha('x')));
    expect(await withWebCrypto(chained, subtle)).toBe(nodeSha(nodeSha(nodeSha('x'))));
  });

  it('says so when the browser has no WebCrypto', async () => {
    await expect(withWebCrypto(() => 1, null)).rejects.toThrow('needs a secure connection');
  });
});

describe('checkInBrowser', () => {
  it('passes an entry and its Merkle proof as the server answered them', async () => {
    for (const index of [0, 1, 2, 3]) expect(await checkInBrowser(answerFor(index), subtle)).toEqual({ ok: true });
    expect(await checkInBrowser({ ...answerFor(2), block: null, proof: null }, subtle)).toEqual({ ok: true });
  });

  it('catches an altered payload, proof or block', async () => {
    const answer = answerFor(2);
    expect(await checkInBrowser({ ...answer, payload: answer.payload.replace('5002', '9002') }, subtle)).toEqual({
      ok: false,
      reason: 'its payload does not match its payload hash',
    });
    const path = answer.proof!.path.map((step, i) => (i === 0 ? { ...step, hash: nodeSha('forged') } : step));
    expect(await checkInBrowser({ ...answer, proof: { ...answer.proof!, path } }, subtle)).toMatchObject({ ok: false, reason: "its Merkle proof does not lead to block 1's root" });
    expect(await checkInBrowser({ ...answer, block: { ...answer.block!, hash: nodeSha('x') } }, subtle)).toMatchObject({ reason: "block 1's hash does not match its contents" });
  });
});
