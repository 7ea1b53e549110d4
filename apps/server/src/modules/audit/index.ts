/**
 * The audit trail of a policy's life: the transaction log (who did what, where, when) and the proof
 * ledger (hash-chained entries, sealed in blocks, verifiable by anyone).
 */
export {
  EXPLORER_PATH,
  explorerLink,
  type Ledger,
  type LedgerEntryRow,
  ledgerPlugin,
  type NewLedgerEntry,
  type StoredLedgerVerdict,
  verifyStoredLedger,
} from './ledger';
export { appendTransaction, transactionInsert, TXN_LOCATIONS, TXN_TYPES, type TxnLocation } from './transaction-log';
