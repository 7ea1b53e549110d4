import type { TxnType } from '@fhp/domain';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionLog } from '../../db/schema';

/**
 * Entry types of the transaction log (product-decisions: every transition, payment, payout, KYC
 * submission and bank-detail change is logged). The list lives in the domain, where getTxnList's
 * input schema checks a type filter against it; later issues add theirs there.
 */
export { TXN_TYPES, type TxnType } from '@fhp/domain';

/**
 * The timeline's "where": the place the change was made, never an address or a device. Every
 * module says it the same way.
 */
export const TXN_LOCATIONS = {
  /** The customer, in the web portal. */
  portal: 'Customer portal',
  /** A teller at a partner credit union. */
  creditUnion: 'Credit union desk',
  /** An administrator. */
  backOffice: 'Back office',
  /** A scheduled job (deadlines, season start, expiry) or the trigger engine. */
  system: 'FHP system',
} as const;
export type TxnLocation = (typeof TXN_LOCATIONS)[keyof typeof TXN_LOCATIONS];

export interface NewTxn {
  ownerId: string;
  /** The user who made the change; null for the system (a scheduled job). */
  performedBy: string | null;
  type: TxnType;
  action: string;
  /** What happened, for the timeline; never document contents, codes or tokens. */
  payload: Record<string, unknown>;
  txnSetId?: string | null;
  location: TxnLocation;
  at: Date;
}

/** Call it with the transaction of the change it records, so the two commit together. */
export async function appendTransaction(db: Db, entry: NewTxn): Promise<void> {
  await transactionInsert(db, entry);
}

/**
 * `appendTransaction`'s insert, not yet run, for a statement that writes the change with it;
 * `overrides` are column values the statement computes (the policy number it draws).
 */
export function transactionInsert(db: Db, entry: NewTxn, overrides: { txnSetId?: SQL; payload?: SQL } = {}) {
  const { at, ...values } = entry;
  return db.insert(transactionLog).values({ ...values, txnSetId: entry.txnSetId ?? null, createdAt: at, ...overrides });
}
