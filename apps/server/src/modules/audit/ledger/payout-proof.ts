import { payoutLeafHash, payoutProof, recordDifferences, type LedgerRecord, type MerkleProof } from '@fhp/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerEntries } from '../../../db/schema';
import { describeLedgerTxn, type ExplorerDeps, type LedgerTxnView } from './explorer';
import { sha256Hex } from './hash';
import { findPayoutEvaluation, findPayoutLeafRow, loadEvaluationPayouts, payoutLeafOf } from './payout-leaves';

/**
 * A payout proved on the explorer (decision 174): its record rebuilt from its row as it is now, the
 * leaf that record hashes to, its Merkle path to the root its evaluation's entry holds, then that
 * entry as the explorer proves any entry (its chain, block and signed checkpoint). A row changed
 * since the evaluation no longer leads to the root, and the page says so.
 */
export interface PayoutProofView {
  payoutId: string;
  record: LedgerRecord;
  leaf: string;
  /** The path among the evaluation's payouts as the table has them now; null when none holds it. */
  proof: MerkleProof | null;
  /** The root the entry holds, and the one the payouts as they are now hash to. */
  entryRoot: string | null;
  computedRoot: string | null;
  /** The entry that proves it (its evaluation's, or an older payout's own entry), as the explorer shows it. */
  entry: LedgerTxnView | null;
  verified: boolean;
  /** Why it is not proved; null when it is. */
  reason: string | null;
}

export async function describePayoutProof(db: Db, payoutId: string, deps: ExplorerDeps): Promise<PayoutProofView | null> {
  const row = await findPayoutLeafRow(db, payoutId);
  if (!row) return null;
  const { record } = payoutLeafOf(row);
  const base = { payoutId: row.id, record, leaf: payoutLeafHash(sha256Hex, record), proof: null, entryRoot: null, computedRoot: null };
  const entryProblem = (entry: LedgerTxnView) => (entry.verification.verified ? null : `its entry ${entry.entry.sequence} is not proved: ${entry.verification.brokenAt.reason}`);

  const evaluation = await findPayoutEvaluation(db, row);
  if (!evaluation) {
    // Payouts created before decision 174 have an entry of their own.
    const [own] = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.txnId, row.id), eq(ledgerEntries.kind, 'PAYOUT_CREATED'))).limit(1);
    const entry = own ? await describeLedgerTxn(db, own.hash, deps) : null;
    if (!entry) return { ...base, entry: null, verified: false, reason: 'no ledger entry holds this payout' };
    const differs = entry.payload ? recordDifferences(record, entry.payload) : ['payload'];
    const reason = differs.length > 0 ? `the payout differs from its entry in ${differs.join(', ')}` : entryProblem(entry);
    return { ...base, entry, verified: reason === null, reason };
  }

  const leaves = (await loadEvaluationPayouts(db, evaluation)).map(payoutLeafOf);
  const proved = payoutProof(sha256Hex, leaves, row.id);
  const entry = await describeLedgerTxn(db, evaluation.entry.hash, deps);
  const entryRoot = evaluation.leaves.root;
  let reason: string | null = null;
  if (!proved || proved.root !== entryRoot) reason = `the payout's record does not lead to the Merkle root of entry ${evaluation.entry.sequence}`;
  else if (leaves.length !== evaluation.leaves.leafCount) reason = `entry ${evaluation.entry.sequence} holds ${evaluation.leaves.leafCount} payouts, ${leaves.length} are stored`;
  else if (entry) reason = entryProblem(entry);
  return { ...base, proof: proved?.proof ?? null, entryRoot, computedRoot: proved?.root ?? null, entry, verified: reason === null, reason };
}
