import type { Db } from '../../db/client';
import { transactionLog } from '../../db/schema';

/**
 * Entry types of the transaction log (product-decisions: every transition, payment, payout, KYC
 * submission and bank-detail change is logged). Later issues add theirs here.
 */
export const TXN_TYPES = {
  KYC_SUBMISSION: 'KYC_SUBMISSION',
  POLICY_PURCHASE_FLOW: 'POLICY_PURCHASE_FLOW',
} as const;
export type TxnType = (typeof TXN_TYPES)[keyof typeof TXN_TYPES];

export interface NewTxn {
  ownerId: string;
  performedBy: string;
  type: TxnType;
  action: string;
  /** What happened, for the timeline; never document contents, codes or tokens. */
  payload: Record<string, unknown>;
  txnSetId?: string | null;
  at: Date;
}

/** Call it with the transaction of the change it records, so the two commit together. */
export async function appendTransaction(db: Db, entry: NewTxn): Promise<void> {
  const { at, ...values } = entry;
  await db.insert(transactionLog).values({ ...values, txnSetId: entry.txnSetId ?? null, createdAt: at });
}
