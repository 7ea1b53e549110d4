import { canonicalJson, parseCanonicalJson, type JsonValue } from './canonical';

/**
 * The proof ledger (product-decisions "Proof ledger"): append-only entries, each holding the
 * SHA-256 of its canonical payload, the previous entry's hash and its own hash over
 * (sequence, previous hash, payload hash). Changing, deleting or reordering any entry breaks every
 * hash after it. The hash function is passed in: the domain does no I/O and runs in the browser too.
 */

/** Hex SHA-256 of a UTF-8 string (node:crypto on the server, a JS or WebCrypto one elsewhere). */
export type Sha256Hex = (text: string) => string;

/** The "previous hash" of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * What gets an entry: every policy issue, payment, cancellation, payout and trigger event
 * (issue 7), plus the steps between them that move money or cover.
 */
export const LEDGER_ENTRY_KINDS = [
  'PAYMENT_RECORDED',
  'POLICY_ISSUED',
  'POLICY_STATUS_CHANGED',
  'POLICY_CANCELED',
  'TRIGGER_EVENT',
  'PAYOUT_CREATED',
  'PAYOUT_PAID',
  'PAYOUT_ACKNOWLEDGED',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/**
 * The company's side of an entry: fixed, public account ids. A holder's side is a pseudonymous id
 * the server derives from the user (never a name, email or phone).
 */
export const LEDGER_ACCOUNTS = {
  /** Premiums received. */
  premiums: 'fhp:premiums',
  /** Payouts sent. */
  payouts: 'fhp:payouts',
  /** The parametric cover itself: issue, status changes, trigger events. */
  cover: 'fhp:cover',
} as const;

/**
 * What an entry says. No personal data: `from` and `to` are pseudonymous account ids (never a
 * name, email or phone), `txnId` names the business record (a policy number, a payment's id).
 */
export interface LedgerPayload {
  kind: LedgerEntryKind;
  txnId: string;
  from: string;
  to: string;
  /** Integer cents moved, or null when no money moves (a status change, a trigger). */
  valueCents: number | null;
  /** ISO 8601 UTC instant of the business event. */
  timestamp: string;
  /** Anything else worth proving (status, option, storm id): non-personal, integers only. */
  data: { [key: string]: JsonValue };
}

/** An entry as stored. */
export interface LedgerEntry {
  sequence: number;
  prevHash: string;
  payloadHash: string;
  hash: string;
  /** The canonical JSON of a LedgerPayload, exactly the bytes that were hashed. */
  payload: string;
}

export function canonicalPayload(payload: LedgerPayload): string {
  return canonicalJson(payload as unknown as JsonValue);
}

export function entryHashInput(sequence: number, prevHash: string, payloadHash: string): string {
  return `${sequence}:${prevHash}:${payloadHash}`;
}

/** The entry that follows `previous` (null: the first entry) for this payload. */
export function chainEntry(
  sha256: Sha256Hex,
  previous: Pick<LedgerEntry, 'sequence' | 'hash'> | null,
  payload: LedgerPayload,
): LedgerEntry {
  const sequence = (previous?.sequence ?? 0) + 1;
  const prevHash = previous?.hash ?? GENESIS_HASH;
  const text = canonicalPayload(payload);
  const payloadHash = sha256(text);
  return { sequence, prevHash, payloadHash, hash: sha256(entryHashInput(sequence, prevHash, payloadHash)), payload: text };
}

export type ChainBreak = { sequence: number; reason: string };

/**
 * Checks entries one at a time, in stored order, from the first entry on. `next` answers null for a
 * good entry, or where and why the chain breaks (the first break is the one that matters).
 * `after`: start after an entry already verified instead of at the first entry.
 */
export function createChainVerifier(sha256: Sha256Hex, after: Pick<LedgerEntry, 'sequence' | 'hash'> | null = null) {
  let previous: Pick<LedgerEntry, 'sequence' | 'hash'> | null = after;
  let payload: JsonValue | undefined;
  let checked = 0;
  return {
    next(entry: LedgerEntry): ChainBreak | null {
      const expectedSequence = (previous?.sequence ?? 0) + 1;
      const at = (reason: string): ChainBreak => ({ sequence: entry.sequence, reason });
      if (entry.sequence !== expectedSequence) {
        return at(`entry ${expectedSequence} should come next, but entry ${entry.sequence} does: one is missing or out of order`);
      }
      if (entry.prevHash !== (previous?.hash ?? GENESIS_HASH)) return at('its previous hash does not match the entry before it');
      payload = parseCanonicalJson(entry.payload);
      if (payload === undefined) return at('its payload is not in canonical form');
      if (sha256(entry.payload) !== entry.payloadHash) return at('its payload does not match its payload hash');
      if (sha256(entryHashInput(entry.sequence, entry.prevHash, entry.payloadHash)) !== entry.hash) return at('its hash does not match its contents');
      previous = entry;
      checked += 1;
      return null;
    },
    /** How many entries passed. */
    get checked() {
      return checked;
    },
    /** The last good entry, or null before the first. */
    get last() {
      return previous;
    },
    /** The parsed payload of the last good entry (parsed once, while checking its form). */
    get lastPayload() {
      return payload;
    },
  };
}

export type ChainVerdict = { ok: true; checked: number } | { ok: false; checked: number; brokenAt: ChainBreak };

/** Verifies a whole list of entries from the first one. */
export function verifyChain(sha256: Sha256Hex, entries: Iterable<LedgerEntry>): ChainVerdict {
  const verifier = createChainVerifier(sha256);
  for (const entry of entries) {
    const broken = verifier.next(entry);
    if (broken) return { ok: false, checked: verifier.checked, brokenAt: broken };
  }
  return { ok: true, checked: verifier.checked };
}

export function parseLedgerPayload(payload: string): LedgerPayload {
  return JSON.parse(payload) as LedgerPayload;
}
