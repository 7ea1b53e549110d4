import { GENESIS_HASH, type LedgerEntryKind } from '@fhp/domain';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The proof ledger (product-decisions "Proof ledger"; rules in packages/domain/src/ledger).
 * `payload` is the canonical JSON that was hashed; `kind` and `txn_id` repeat two of its members
 * so entries can be found, and verification checks they still agree with it. Append-only: nothing
 * in the app updates or deletes a row.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    sequence: integer('sequence').primaryKey(),
    hash: text('hash').notNull().unique(),
    /** Unique: two entries never follow the same one, so the chain cannot fork. */
    prevHash: text('prev_hash').notNull().unique(),
    payloadHash: text('payload_hash').notNull(),
    payload: text('payload').notNull(),
    kind: text('kind').$type<LedgerEntryKind>().notNull(),
    txnId: text('txn_id').notNull(),
    /** When it was appended (the payload's timestamp is when the business event happened). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ledger_entries_txn_idx').on(t.txnId)],
);

/**
 * One row (id 1): the last entry's sequence and hash, and the last sealed block. Appending and
 * sealing lock it (`FOR UPDATE`), so appends and seals from any number of instances queue up
 * instead of forking; it also lets verification notice entries or blocks cut off the end.
 */
export const ledgerHead = pgTable('ledger_head', {
  id: integer('id').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
  lastHash: text('last_hash').notNull(),
  /** The last entry a sealed block holds (0: none yet). */
  sealedSequence: integer('sealed_sequence').notNull().default(0),
  lastBlockNumber: integer('last_block_number').notNull().default(0),
  lastBlockHash: text('last_block_hash').notNull().default(GENESIS_HASH),
});

/**
 * Sealed blocks (rules in packages/domain/src/ledger/blocks.ts): consecutive entries under one
 * Merkle root, each block chained to the one before by its hash. Append-only like the entries;
 * the unique columns keep two sealers from ever writing two versions of a block.
 */
export const ledgerBlocks = pgTable('ledger_blocks', {
  number: integer('number').primaryKey(),
  firstSequence: integer('first_sequence').notNull().unique(),
  lastSequence: integer('last_sequence').notNull().unique(),
  merkleRoot: text('merkle_root').notNull(),
  prevBlockHash: text('prev_block_hash').notNull().unique(),
  hash: text('hash').notNull().unique(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
  /**
   * When the block was last found whole (decision 138): its entries chain onto the block before,
   * hash to their stored hashes and to its Merkle root. The explorer verifies a block once and then
   * only checks an entry's path to it; the daily re-check sets it again or clears it from a break on.
   */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
});

/**
 * The signed checkpoints (decision 136): one per sealed block, its hash signed with ES256 when it
 * was sealed, in the same transaction. Published as an append-only list anyone can mirror
 * (GET /api/v1/ledger/checkpoints); a mirrored copy tells a rewritten history from the real one.
 */
export const ledgerCheckpoints = pgTable('ledger_checkpoints', {
  blockNumber: integer('block_number').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
  blockHash: text('block_hash').notNull().unique(),
  /** Which key signed (the first 16 hex digits of the SHA-256 of its public key, SPKI DER). */
  keyId: text('key_id').notNull(),
  /** ES256 over the checkpoint's message (domain `checkpointMessage`), base64url, r||s as in JWS. */
  signature: text('signature').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
});
