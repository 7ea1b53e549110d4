/**
 * The audit trail of a policy's life: the transaction log (who did what, where, when) and the proof
 * ledger (hash-chained entries, sealed in blocks, verifiable by anyone).
 */
export {
  CHECKPOINT_KEY_PATH,
  CHECKPOINTS_PATH,
  createCheckpointSigner,
  EXPLORER_PATH,
  explorerLink,
  evaluationTxnId,
  payoutEntryHashes,
  payoutProofLink,
  LedgerIndex,
  ledgerRecheckJob,
  ledgerRoutes,
  reconcileLedger,
  sha256Hex,
  checkpointSignatureValid,
  type ReconciliationProblem,
  type Ledger,
  type LedgerEntryRow,
  ledgerPlugin,
  type NewLedgerEntry,
  type StoredLedgerVerdict,
  verifyStoredLedger,
} from './ledger';
export { appendTransaction, transactionInsert, TXN_LOCATIONS, TXN_TYPES, type TxnLocation } from './transaction-log';
