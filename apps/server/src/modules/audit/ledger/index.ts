import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { appendLedgerEntries, appendLedgerEntry, type LedgerEntryRow, type NewLedgerEntry } from './append';
import { ledgerAccountOf } from './hash';
import { createCheckpointSigner, signUnsignedBlocks } from './checkpoints';
import type { ExplorerDeps } from './explorer';
import { recheckLedger, verifyNewBlocks, type BlocksVerdict, type RecheckResult } from './incremental';
import { sealPendingBlocks, startLedgerSealing, type LedgerBlockRow } from './seal';
import { coalesce } from './verification';
import { verifyStoredLedger, type StoredLedgerVerdict } from './verify';

export { appendLedgerEntries, appendLedgerEntry, type LedgerEntryRow, type NewLedgerEntry } from './append';
export { verifyStoredLedger, type StoredLedgerBreak, type StoredLedgerVerdict } from './verify';
export { sealPendingBlocks, type LedgerBlockRow } from './seal';
export { ledgerAccountOf, sha256Hex } from './hash';
export { explorerLink, EXPLORER_PATH, payoutProofLink } from './links';
export { evaluationTxnId, payoutEntryHashes } from './payout-leaves';
export { LedgerIndex, reconcileLedger, type ReconciliationProblem, type ReconciliationResult } from './reconcile';
export { checkpointKeyId, checkpointSignatureValid, createCheckpointSigner, signUnsignedBlocks, type CheckpointSigner } from './checkpoints';
export { recheckLedger, verifyNewBlocks, type RecheckResult } from './incremental';
export { ledgerRoutes, CHECKPOINT_KEY_PATH, CHECKPOINTS_PATH } from './routes';
export { ledgerRecheckJob } from './recheck-job';

/** What modules use to write the proof ledger (product-decisions "Proof ledger"). */
export interface Ledger {
  /**
   * Appends an entry inside the caller's transaction; call it as that transaction's last step
   * (appends are serialised until it commits). The entry is stamped with the app clock.
   */
  append(tx: Db, entry: NewLedgerEntry): Promise<LedgerEntryRow>;
  /** Appends entries in order under one lock (bulk writers such as the trigger engine); same rules as `append`. */
  appendMany(tx: Db, entries: readonly NewLedgerEntry[]): Promise<LedgerEntryRow[]>;
  /** The pseudonymous ledger account of a user (never a name, email or phone). */
  accountOf(userId: string): string;
  /**
   * Seals what is pending into blocks now (the job does it every LEDGER_SEAL_INTERVAL_SECONDS), signs
   * a checkpoint for each new block and verifies the new blocks once (decisions 136 and 138).
   */
  seal(): Promise<LedgerBlockRow[]>;
  /** The key the checkpoints are signed with: its id and public half (published). */
  checkpointKey: { keyId: string; publicKeyPem: string };
  /** What the explorer's page views use (explorer.ts). */
  explorer: ExplorerDeps;
  /** The daily re-check: the whole ledger and every checkpoint, moving the blocks' verified mark. */
  recheck(): Promise<RecheckResult>;
  /**
   * The whole ledger checked from the genesis entry, by a run that started after the call:
   * concurrent callers share runs (verification.ts).
   */
  verify(): Promise<StoredLedgerVerdict>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger;
  }
}

export const ledgerPlugin = fp(
  async (app) => {
    const key = app.config.ledgerPseudonymKey;
    const signer = createCheckpointSigner(app.config.ledgerCheckpointPrivateKeyPem);
    // One block verification at a time in this process: page views arriving together wait for the
    // run under way, which has usually verified what they need (verifyNewBlocks starts after the
    // last verified block, so a second run finds little or nothing left).
    let verifying: Promise<unknown> = Promise.resolve();
    const verifyBlocks = (upTo?: number): Promise<BlocksVerdict> => {
      const run = verifying.then(() => verifyNewBlocks(app.db, app.clock(), upTo));
      verifying = run.catch(() => undefined);
      return run;
    };
    /** Sealing, then what follows it: a checkpoint per new block, and the new blocks verified once. */
    const seal = async () => {
      const blocks = await sealPendingBlocks(app.db, app.clock());
      await signUnsignedBlocks(app.db, signer, app.clock());
      if (blocks.length > 0) await verifyBlocks();
      return blocks;
    };
    app.decorate('ledger', {
      append: (tx, entry) => appendLedgerEntry(tx, entry, app.clock()),
      appendMany: (tx, entries) => appendLedgerEntries(tx, entries, app.clock()),
      accountOf: (userId) => ledgerAccountOf(key, userId),
      seal,
      verify: coalesce(() => verifyStoredLedger(app.db)),
      checkpointKey: { keyId: signer.keyId, publicKeyPem: signer.publicKeyPem },
      explorer: { checkpointPublicKeyPem: signer.publicKeyPem, verifyBlocks },
      recheck: () => recheckLedger(app.db, app.clock(), signer.publicKeyPem),
    } satisfies Ledger);

    // Decision 015: pending entries are sealed every few seconds, by every instance in turn.
    const interval = app.config.ledgerSealIntervalSeconds;
    let sealing: { stop(): void } | undefined;
    if (interval > 0) {
      app.addHook('onReady', async () => {
        sealing = startLedgerSealing(seal, app.log, interval);
      });
      app.addHook('onClose', async () => {
        sealing?.stop();
      });
    }
  },
  { name: 'ledger' },
);
