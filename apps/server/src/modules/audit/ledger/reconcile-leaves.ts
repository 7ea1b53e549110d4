import { evaluationLeaves, holdsPayout, orderedPayoutLeaves, payoutCreatedRecord, type EvaluationLeaves, type LedgerPayload, type LedgerRecord, type PayoutLeaf } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sha256Hex } from './hash';

/**
 * The payouts of each storm evaluation against the root its entry holds (decision 174). The rows,
 * read once by the reconciliation in id order (the leaves' order), are hashed into a root per
 * evaluation; a root that agrees proves every one of its payouts at once.
 *
 * A root that disagrees says only that something changed. To name the payout and the column, the
 * evaluation's leaves are taken from the transaction log, which wrote each payout's figures in the
 * same statement as the payout: when those leaves hash to the entry's root the ledger vouches for
 * them, and each row is compared with its leaf as any row with its entry. When they do not (the
 * log changed too), the evaluation is named with both roots.
 */

export interface EvaluationSeen {
  sequence: number;
  payload: LedgerPayload;
  leaves: EvaluationLeaves;
}

/** The leaves read from the payout rows, per evaluation entry (its sequence), in leaf order. */
export type LeavesRead = Map<number, PayoutLeaf[]>;

type Problem = (table: 'payouts', id: string, field: string, message: string) => void;
/** Compares a row's record with what the ledger vouches for, naming `how` it was recorded. */
type Compare = (table: 'payouts', id: string, record: LedgerRecord, seen: { sequence: number; payload: LedgerRecord }, how: string) => void;

export async function reconcileEvaluations(db: Db, evaluations: Map<string, EvaluationSeen[]>, read: LeavesRead, problem: Problem, compare: Compare): Promise<void> {
  for (const list of evaluations.values()) {
    for (const seen of list) {
      const rows = read.get(seen.sequence) ?? [];
      const stored = evaluationLeaves(sha256Hex, rows);
      if (stored && stored.root === seen.leaves.root && stored.leafCount === seen.leaves.leafCount) continue;
      await explainEvaluation(db, seen, rows, stored?.root ?? 'nothing', problem, compare);
    }
  }
}

type LogPayload = { payoutId: string; policyNumber: string; stormRef: string; percent: number; contractPercent: number; amountCents: number };

/** The evaluation's payouts as the transaction log wrote them. */
async function loggedLeaves(db: Db, seen: EvaluationSeen): Promise<PayoutLeaf[]> {
  const result = (await db.execute(sql`
    SELECT payload FROM transaction_log
    WHERE created_at = ${seen.payload.timestamp}::timestamptz AND payload->>'event' = 'STORM_TRIGGERED' AND payload->>'stormRef' = ${String(seen.payload.data.storm)}`)) as unknown as {
    rows: { payload: LogPayload }[];
  };
  return orderedPayoutLeaves(
    result.rows
      .map((row) => row.payload)
      .filter((logged) => typeof logged.payoutId === 'string' && holdsPayout(seen.leaves, logged.payoutId))
      .map((logged) => ({
        payoutId: logged.payoutId,
        record: payoutCreatedRecord({
          payoutId: logged.payoutId,
          policyNumber: logged.policyNumber,
          stormRef: logged.stormRef,
          percent: logged.percent,
          contractPercent: logged.contractPercent,
          amountCents: logged.amountCents,
        }),
      })),
  );
}

async function explainEvaluation(db: Db, seen: EvaluationSeen, rows: readonly PayoutLeaf[], storedRoot: string, problem: Problem, compare: Compare): Promise<void> {
  const logged = await loggedLeaves(db, seen);
  const vouched = evaluationLeaves(sha256Hex, logged);
  if (!vouched || vouched.root !== seen.leaves.root || vouched.leafCount !== seen.leaves.leafCount) {
    problem(
      'payouts',
      seen.payload.txnId,
      '(merkle root)',
      `payouts of entry ${seen.sequence} (${seen.payload.txnId}): the ${rows.length} stored payouts hash to ${storedRoot}, the entry holds ${seen.leaves.leafCount} under ${seen.leaves.root}; the transaction log does not tell which changed`,
    );
    return;
  }
  const byId = new Map(rows.map((row) => [row.payoutId, row]));
  for (const [leafIndex, leaf] of logged.entries()) {
    const row = byId.get(leaf.payoutId);
    byId.delete(leaf.payoutId);
    if (!row) {
      problem(
        'payouts',
        leaf.payoutId,
        '(row)',
        `payouts ${leaf.payoutId} is missing from its evaluation: entry ${seen.sequence} holds it as leaf ${leafIndex} of ${seen.leaves.leafCount}, no stored payout of ${seen.payload.txnId} at that instant has its id`,
      );
    } else {
      compare('payouts', row.payoutId, row.record, { sequence: seen.sequence, payload: leaf.record }, `leaf ${leafIndex}, PAYOUT_CREATED`);
    }
  }
  for (const row of byId.values()) {
    problem('payouts', row.payoutId, '(ledger entry)', `payouts ${row.payoutId} is not among the ${seen.leaves.leafCount} payouts entry ${seen.sequence} holds`);
  }
}
