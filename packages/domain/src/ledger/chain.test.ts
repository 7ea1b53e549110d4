import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, CanonicalJsonError, isCanonicalJson } from './canonical';
import { chainEntry, GENESIS_HASH, verifyChain, type LedgerEntry, type LedgerPayload } from './chain';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function payload(n: number): LedgerPayload {
  return {
    kind: 'PAYMENT_RECORDED',
    txnId: `payment-${n}`,
    from: `0xholder${n}`,
    to: 'fhp:premiums',
    valueCents: 10_000 + n,
    timestamp: new Date(Date.UTC(2027, 0, 1, 0, n)).toISOString(),
    data: { policyNumber: 'FHP-GD-2027-000042', instalment: n },
  };
}

function chain(length: number): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (let n = 0; n < length; n++) entries.push(chainEntry(sha256, entries.at(-1) ?? null, payload(n)));
  return entries;
}

describe('canonical JSON', () => {
  it('sorts keys at every level and writes no white space', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } })).toBe('{"a":{"c":"x","d":[true,null]},"b":1}');
  });

  it('is the same for the same value built in any key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.integer()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
    );
  });

  it('refuses floats, undefined members and functions, naming where', () => {
    expect(() => canonicalJson({ amount: 12.5 })).toThrow(new CanonicalJsonError('amount must be a safe integer, not 12.5'));
    expect(() => canonicalJson({ a: { b: undefined } } as never)).toThrow('a.b is undefined');
    expect(() => canonicalJson({ f: (() => 1) as never })).toThrow('f cannot be stored in the ledger (function)');
  });

  it('tells canonical text from the same value written differently', () => {
    expect(isCanonicalJson('{"a":1,"b":2}')).toBe(true);
    expect(isCanonicalJson('{"b":2,"a":1}')).toBe(false);
    expect(isCanonicalJson('{"a": 1}')).toBe(false);
    expect(isCanonicalJson('not json')).toBe(false);
  });
});

describe('the hash chain', () => {
  it('starts at the genesis hash and links each entry to the one before', () => {
    const entries = chain(3);
    expect(entries.map((e) => e.sequence)).toEqual([1, 2, 3]);
    expect(entries[0]!.prevHash).toBe(GENESIS_HASH);
    expect(entries[1]!.prevHash).toBe(entries[0]!.hash);
    expect(entries[2]!.prevHash).toBe(entries[1]!.hash);
    expect(entries[0]!.payloadHash).toBe(sha256(entries[0]!.payload));
    expect(verifyChain(sha256, entries)).toEqual({ ok: true, checked: 3 });
  });

  it('names the first entry whose payload was altered', () => {
    const entries = chain(5);
    entries[2] = { ...entries[2]!, payload: entries[2]!.payload.replace('10002', '99999') };
    expect(verifyChain(sha256, entries)).toEqual({
      ok: false,
      checked: 2,
      brokenAt: { sequence: 3, reason: 'its payload does not match its payload hash' },
    });
  });

  it('breaks at the next entry when an altered entry was re-hashed to look whole', () => {
    const entries = chain(5);
    const forged = chainEntry(sha256, entries[1]!, { ...payload(2), valueCents: 1 });
    entries[2] = forged;
    const verdict = verifyChain(sha256, entries);
    expect(verdict).toMatchObject({ ok: false, brokenAt: { sequence: 4, reason: 'its previous hash does not match the entry before it' } });
  });

  it('notices a deleted entry and a reordering', () => {
    const deleted = chain(5).filter((e) => e.sequence !== 3);
    expect(verifyChain(sha256, deleted)).toMatchObject({ ok: false, brokenAt: { sequence: 4, reason: 'entry 3 should come next, but entry 4 does: one is missing or out of order' } });

    const swapped = chain(5);
    [swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!];
    expect(verifyChain(sha256, swapped)).toMatchObject({ ok: false, brokenAt: { sequence: 3, reason: 'entry 2 should come next, but entry 3 does: one is missing or out of order' } });

    // Renumbering the swapped entries to hide the swap still breaks the links.
    const renumbered = chain(5);
    const second = renumbered[1]!;
    renumbered[1] = { ...renumbered[2]!, sequence: 2 };
    renumbered[2] = { ...second, sequence: 3 };
    expect(verifyChain(sha256, renumbered)).toMatchObject({ ok: false, brokenAt: { sequence: 2 } });
  });

  it('refuses a payload that was re-encoded, even with the same meaning', () => {
    const entries = chain(2);
    const reencoded = JSON.stringify(JSON.parse(entries[1]!.payload), null, 1);
    entries[1] = { ...entries[1]!, payload: reencoded, payloadHash: sha256(reencoded) };
    expect(verifyChain(sha256, entries)).toMatchObject({ ok: false, brokenAt: { sequence: 2, reason: 'its payload is not in canonical form' } });
  });

  it('any single changed character anywhere breaks the chain', () => {
    const entries = chain(6);
    fc.assert(
      fc.property(fc.nat(entries.length - 1), fc.constantFrom('payload', 'prevHash', 'payloadHash', 'hash'), fc.nat(), (index, field, at) => {
        const copy = entries.map((e) => ({ ...e }));
        const value = copy[index]![field as 'payload'];
        const position = at % value.length;
        const replacement = value[position] === '0' ? '1' : '0';
        copy[index]![field as 'payload'] = value.slice(0, position) + replacement + value.slice(position + 1);
        expect(verifyChain(sha256, copy).ok).toBe(false);
      }),
    );
  });
});

describe('recognising canonical text quickly', () => {
  it('agrees with writing the value canonically, for any JSON text', async () => {
    const { parseCanonicalJson } = await import('./canonical');
    const json = fc.jsonValue().map((value) => JSON.stringify(value));
    const texts = fc.oneof(
      json,
      // Canonical texts, and the same values with keys reversed, spaced, or with numeric keys.
      fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('1', '10', '9', 'a', 'B', 'é')), fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(null))).chain((record) =>
        fc.constantFrom(
          JSON.stringify(record),
          JSON.stringify(Object.fromEntries(Object.entries(record).reverse())),
          JSON.stringify(record, null, 1),
        ),
      ),
    );
    fc.assert(
      fc.property(texts, (text) => {
        let expected: boolean;
        try {
          expected = canonicalJson(JSON.parse(text)) === text;
        } catch {
          expected = false;
        }
        expect(parseCanonicalJson(text) !== undefined).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(parseCanonicalJson('{"10":1,"9":2}')).toEqual({ 10: 1, 9: 2 });
    expect(parseCanonicalJson('{"9":2,"10":1}')).toBeUndefined();
    expect(parseCanonicalJson('-0')).toBeUndefined();
    expect(parseCanonicalJson('1.5')).toBeUndefined();
  });
});
