import { createChainVerifier, parseLedgerPayload, type ChainVerdict } from '@fhp/domain';
import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerHead } from '../../db/schema';
import { sha256Hex } from './hash';

/** `headSequence`: the head row's sequence, how long the chain should be. */
export type StoredLedgerVerdict = ChainVerdict & { headSequence: number };

/**
 * Verifies the stored chain from the genesis entry, in batches, up to `upTo` (default: the head).
 * Besides the domain's chain rules it checks that each row's `kind` and `txn_id` columns still say
 * what its hashed payload says, and, for a whole-chain check, that the chain reaches the head (an
 * entry cut off the end leaves the head pointing past it).
 */
export async function verifyStoredLedger(db: Db, options: { upTo?: number; batchSize?: number } = {}): Promise<StoredLedgerVerdict> {
  const batchSize = options.batchSize ?? 2000;
  const [head] = await db.select().from(ledgerHead).where(eq(ledgerHead.id, 1));
  const headSequence = head?.lastSequence ?? 0;
  const upTo = options.upTo ?? headSequence;
  const verifier = createChainVerifier(sha256Hex);
  const broken = (sequence: number, reason: string): StoredLedgerVerdict => ({
    ok: false,
    checked: verifier.checked,
    brokenAt: { sequence, reason },
    headSequence,
  });

  let after = 0;
  for (;;) {
    const rows = await db.select().from(ledgerEntries).where(gt(ledgerEntries.sequence, after)).orderBy(asc(ledgerEntries.sequence)).limit(batchSize);
    for (const row of rows) {
      if (row.sequence > upTo) return finish();
      const failure = verifier.next(row);
      if (failure) return { ok: false, checked: verifier.checked, brokenAt: failure, headSequence };
      let payload;
      try {
        payload = parseLedgerPayload(row.payload);
      } catch {
        return broken(row.sequence, 'its payload is not JSON');
      }
      if (payload.kind !== row.kind || payload.txnId !== row.txnId) return broken(row.sequence, 'its kind or transaction id differs from its payload');
    }
    if (rows.length < batchSize) return finish();
    after = rows.at(-1)!.sequence;
  }

  function finish(): StoredLedgerVerdict {
    const last = verifier.last;
    const reached = last?.sequence ?? 0;
    if (reached < upTo) return broken(reached + 1, `entry ${reached + 1} is missing: the chain ends at ${reached} but should reach ${upTo}`);
    if (upTo === headSequence && head && reached > 0 && last?.hash !== head.lastHash) {
      return broken(reached, 'the last entry is not the one the ledger head names');
    }
    return { ok: true, checked: verifier.checked, headSequence };
  }
}
