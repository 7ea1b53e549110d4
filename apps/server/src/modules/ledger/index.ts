import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { appendLedgerEntry, type LedgerEntryRow, type NewLedgerEntry } from './append';
import { ledgerAccountOf } from './hash';

export { appendLedgerEntry, type LedgerEntryRow, type NewLedgerEntry } from './append';
export { verifyStoredLedger, type StoredLedgerVerdict } from './verify';
export { ledgerAccountOf, sha256Hex } from './hash';
export { explorerLink, publicOrigin, EXPLORER_PATH } from './links';

/** What modules use to write the proof ledger (product-decisions "Proof ledger"). */
export interface Ledger {
  /**
   * Appends an entry inside the caller's transaction; call it as that transaction's last step
   * (appends are serialised until it commits). The entry is stamped with the app clock.
   */
  append(tx: Db, entry: NewLedgerEntry): Promise<LedgerEntryRow>;
  /** The pseudonymous ledger account of a user (never a name, email or phone). */
  accountOf(userId: string): string;
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
      accountOf: (userId) => ledgerAccountOf(key, userId),
    } satisfies Ledger);
  },
  { name: 'ledger' },
);
