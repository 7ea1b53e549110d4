import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_MAX_ENTRIES, blockHashInput, createBlockVerifier, LedgerSealError, pendingBlockRanges, sealBlock, type LedgerBlock } from './blocks';
import { chainEntry, GENESIS_HASH, type LedgerEntry } from './chain';
import { merkleProof, merkleRoot } from './merkle';
import { checkPublishedEntry } from './published';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function chain(length: number): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (let n = 0; n < length; n++) {
    entries.push(
      chainEntry(sha256, entries.at(-1) ?? null, {
        kind: 'PAYMENT_RECORDED',
        txnId: `payment-${n}`,
        from: '0xholder',
        to: 'fhp:premiums',
        valueCents: 1000 + n,
        timestamp: '2027-03-01T12:00:00.000Z',
        data: {},
      }),
    );
  }
  return entries;
}

/** Seals `entries` in blocks of the given sizes, as the server does, one after another. */
function sealInBlocks(entries: LedgerEntry[], sizes: number[]): LedgerBlock[] {
  const blocks: LedgerBlock[] = [];
  let at = 0;
  for (const size of sizes) {
    const previous = blocks.at(-1) ?? null;
    blocks.push(sealBlock(sha256, previous, at === 0 ? GENESIS_HASH : entries[at - 1]!.hash, entries.slice(at, at + size)));
    at += size;
  }
  return blocks;
}

const leavesOf = (entries: LedgerEntry[], block: LedgerBlock) => entries.slice(block.firstSequence - 1, block.lastSequence).map((e) => e.hash);

function verifyBlocks(entries: LedgerEntry[], blocks: LedgerBlock[]): string | null {
  const verifier = createBlockVerifier(sha256);
  for (const block of blocks) {
    const broken = verifier.next(block, leavesOf(entries, block));
    if (broken) return broken;
  }
  return null;
}

describe('pending block ranges', () => {
  it('covers everything after the last sealed entry up to the head in blocks of at most the maximum', () => {
    expect(pendingBlockRanges(0, 0)).toEqual([]);
    expect(pendingBlockRanges(10, 10)).toEqual([]);
    expect(pendingBlockRanges(0, 3)).toEqual([{ first: 1, last: 3 }]);
    expect(pendingBlockRanges(5, 12, 4)).toEqual([
      { first: 6, last: 9 },
      { first: 10, last: 12 },
    ]);
    expect(pendingBlockRanges(0, BLOCK_MAX_ENTRIES + 1)).toEqual([
      { first: 1, last: BLOCK_MAX_ENTRIES },
      { first: BLOCK_MAX_ENTRIES + 1, last: BLOCK_MAX_ENTRIES + 1 },
    ]);
  });
});

describe('sealing blocks', () => {
  it('links each block to the one before and commits to its entries', () => {
    const entries = chain(7);
    const [first, second] = sealInBlocks(entries, [4, 3]) as [LedgerBlock, LedgerBlock];
    expect(first).toMatchObject({ number: 1, firstSequence: 1, lastSequence: 4, prevBlockHash: GENESIS_HASH });
    expect(first.merkleRoot).toBe(merkleRoot(sha256, entries.slice(0, 4).map((e) => e.hash)));
    expect(first.hash).toBe(sha256(`block:1:1:4:${first.merkleRoot}:${GENESIS_HASH}`));
    expect(second).toMatchObject({ number: 2, firstSequence: 5, lastSequence: 7, prevBlockHash: first.hash });
    expect(verifyBlocks(entries, [first, second])).toBeNull();
  });

  it('refuses to seal entries that do not follow on, or do not chain', () => {
    const entries = chain(5);
    const [first] = sealInBlocks(entries, [2]) as [LedgerBlock];
    expect(() => sealBlock(sha256, first, entries[1]!.hash, [])).toThrow(LedgerSealError);
    expect(() => sealBlock(sha256, first, entries[1]!.hash, entries.slice(3))).toThrow(new LedgerSealError(3, 'it is missing or out of order'));
    expect(() => sealBlock(sha256, first, sha256('not entry 2'), entries.slice(2))).toThrow(
      new LedgerSealError(3, 'its previous hash does not match the entry before it'),
    );
    const forged = { ...entries[3]!, prevHash: sha256('elsewhere') };
    expect(() => sealBlock(sha256, first, entries[1]!.hash, [entries[2]!, forged])).toThrow('Entry 4 cannot be sealed');
  });

  it('any way of cutting a chain into blocks verifies', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }), (sizes) => {
        const entries = chain(sizes.reduce((a, b) => a + b, 0));
        expect(verifyBlocks(entries, sealInBlocks(entries, sizes))).toBeNull();
      }),
    );
  });
});

describe('verifying blocks', () => {
  const entries = chain(9);
  const blocks = sealInBlocks(entries, [3, 3, 3]);

  it('names a block whose root, hash or link was altered', () => {
    const rehash = (block: LedgerBlock) => ({ ...block, hash: sha256(blockHashInput(block)) });
    const alteredRoot = blocks.with(1, { ...blocks[1]!, merkleRoot: sha256('another root') });
    expect(verifyBlocks(entries, alteredRoot)).toBe("block 2's Merkle root does not match its entries");
    const alteredHash = blocks.with(1, { ...blocks[1]!, hash: sha256('another hash') });
    expect(verifyBlocks(entries, alteredHash)).toBe("block 2's hash does not match its contents");
    // Re-hashing the altered block to look whole moves the break to the next block's link.
    const rehashedRoot = blocks.with(1, rehash({ ...blocks[1]!, merkleRoot: sha256('another root') }));
    expect(verifyBlocks(entries, rehashedRoot)).toBe("block 2's Merkle root does not match its entries");
    const shortened = blocks.with(1, rehash({ ...blocks[1]!, lastSequence: 5 }));
    expect(verifyBlocks(entries, shortened)).toBe("block 2's Merkle root does not match its entries");
    const relinked = blocks.with(1, rehash({ ...blocks[1]!, prevBlockHash: GENESIS_HASH }));
    expect(verifyBlocks(entries, relinked)).toBe("block 2's previous block hash does not match the block before it");
    const lastRoot = blocks.with(2, { ...blocks[2]!, hash: sha256('x') });
    expect(verifyBlocks(entries, lastRoot)).toBe("block 3's hash does not match its contents");
  });

  it('names a missing, reordered or overlapping block, and an altered entry under a block', () => {
    expect(verifyBlocks(entries, [blocks[0]!, blocks[2]!])).toBe('block 2 should come next, but block 3 does: one is missing or out of order');
    expect(verifyBlocks(entries, [blocks[1]!, blocks[0]!])).toBe('block 1 should come next, but block 2 does: one is missing or out of order');
    const overlapping = blocks.with(1, { ...blocks[1]!, firstSequence: 3 });
    expect(verifyBlocks(entries, overlapping)).toBe('block 2 does not start right after the block before it');
    const swapped = entries.with(4, entries[5]!).with(5, entries[4]!);
    expect(verifyBlocks(swapped, blocks)).toBe("block 2's Merkle root does not match its entries");
    const verifier = createBlockVerifier(sha256);
    expect(verifier.next(blocks[0]!, leavesOf(entries, blocks[0]!).slice(1))).toBe('block 1 names entries that are missing');
  });
});

describe('checking one published entry', () => {
  const entries = chain(5);
  const [block] = sealInBlocks(entries, [5]) as [LedgerBlock];
  const inclusion = (index: number) => ({ block, proof: merkleProof(sha256, entries.map((e) => e.hash), index) });

  it('passes an entry alone, and an entry with its block and proof', () => {
    expect(checkPublishedEntry(sha256, entries[2]!, null)).toEqual({ ok: true });
    for (const [index, entry] of entries.entries()) expect(checkPublishedEntry(sha256, entry, inclusion(index))).toEqual({ ok: true });
  });

  it('says what is wrong with an altered entry, proof or block', () => {
    const entry = entries[2]!;
    expect(checkPublishedEntry(sha256, { ...entry, payload: entry.payload.replace('1002', '9002') }, null)).toEqual({
      ok: false,
      reason: 'its payload does not match its payload hash',
    });
    expect(checkPublishedEntry(sha256, { ...entry, payload: ` ${entry.payload}` }, null)).toMatchObject({ reason: 'its payload is not in canonical form' });
    expect(checkPublishedEntry(sha256, { ...entry, sequence: 4 }, null)).toMatchObject({ reason: 'its hash does not match its contents' });
    expect(checkPublishedEntry(sha256, entry, inclusion(3))).toMatchObject({ reason: 'its proof does not place it at its position in block 1' });
    const otherRoot = { ...inclusion(2), block: { ...block, merkleRoot: sha256('x') } };
    expect(checkPublishedEntry(sha256, entry, otherRoot)).toMatchObject({ reason: "its Merkle proof does not lead to block 1's root" });
    const otherHash = { ...inclusion(2), block: { ...block, hash: sha256('x') } };
    expect(checkPublishedEntry(sha256, entry, otherHash)).toMatchObject({ reason: "block 1's hash does not match its contents" });
  });
});

describe('labels', () => {
  it('names every kind and tells company accounts from holders', async () => {
    const { LEDGER_KIND_LABELS, ledgerAccountLabel, ledgerKindLabel } = await import('./labels');
    const { LEDGER_ENTRY_KINDS, LEDGER_ACCOUNTS } = await import('./chain');
    expect(Object.keys(LEDGER_KIND_LABELS).sort()).toEqual([...LEDGER_ENTRY_KINDS].sort());
    expect(ledgerKindLabel('PAYOUT_PAID')).toBe('Payout paid');
    expect(ledgerKindLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(ledgerAccountLabel(LEDGER_ACCOUNTS.premiums)).toBe('FHP premiums account');
    expect(ledgerAccountLabel(`0x${'a1'.repeat(20)}`)).toBe('Policy holder (anonymous account id)');
    expect(ledgerAccountLabel('someone')).toBe('Account');
  });
});
