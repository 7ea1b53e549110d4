import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { appendLedgerEntries, appendLedgerEntry, type LedgerEntryRow, type NewLedgerEntry } from './append';
import { ledgerAccountOf } from './hash';
import { sealPendingBlocks, startLedgerSealing, type LedgerBlockRow } from './seal';
import { coalesce } from './verification';
import { verifyStoredLedger, type StoredLedgerVerdict } from './verify';

export { appendLedgerEntries, appendLedgerEntry, type LedgerEntryRow, type NewLedgerEntry } from './append';
export { verifyStoredLedger, type StoredLedgerBreak, type StoredLedgerVerdict } from './verify';
export { sealPendingBlocks, type LedgerBlockRow } from './seal';
export { ledgerAccountOf, sha256Hex } from './hash';
export { explorerLink, EXPLORER_PATH } from './links';

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
  /** Seals what is pending into blocks now (the job does it every LEDGER_SEAL_INTERVAL_SECONDS). */
  seal(): Promise<LedgerBlockRow[]>;
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
    app.decorate('ledger', {
      append: (tx, entry) => appendLedgerEntry(tx, entry, app.clock()),
      appendMany: (tx, entries) => appendLedgerEntries(tx, entries, app.clock()),
      accountOf: (userId) => ledgerAccountOf(key, userId),
      seal: () => sealPendingBlocks(app.db, app.clock()),
      verify: coalesce(() => verifyStoredLedger(app.db)),
    } satisfies Ledger);

    // Decision 015: pending entries are sealed every few seconds, by every instance in turn.
    const interval = app.config.ledgerSealIntervalSeconds;
    let sealing: { stop(): void } | undefined;
    if (interval > 0) {
      app.addHook('onReady', async () => {
        sealing = startLedgerSealing(app.db, app.clock, app.log, interval);
      });
      app.addHook('onClose', async () => {
        sealing?.stop();
      });
    }
  },
  { name: 'ledger' },
);
