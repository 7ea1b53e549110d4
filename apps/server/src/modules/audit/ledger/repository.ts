import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerBlocks, ledgerEntries } from '../../../db/schema';
import type { LedgerEntryRow } from './append';
import type { LedgerBlockRow } from './seal';

export async function findEntryByHash(db: Db, hash: string): Promise<LedgerEntryRow | undefined> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.hash, hash)).limit(1);
  return row;
}

/** The sealed block holding entry `sequence`, if any (blocks never overlap: first_sequence is unique). */
export async function findBlockHolding(db: Db, sequence: number): Promise<LedgerBlockRow | undefined> {
  const [row] = await db.select().from(ledgerBlocks).where(lte(ledgerBlocks.firstSequence, sequence)).orderBy(desc(ledgerBlocks.firstSequence)).limit(1);
  return row && row.lastSequence >= sequence ? row : undefined;
}

/** The stored hashes of a block's entries, in order: the leaves of its Merkle tree. */
export async function findEntryHashes(db: Db, first: number, last: number): Promise<string[]> {
  const rows = await db
    .select({ hash: ledgerEntries.hash })
    .from(ledgerEntries)
    .where(and(gte(ledgerEntries.sequence, first), lte(ledgerEntries.sequence, last)))
    .orderBy(asc(ledgerEntries.sequence));
  return rows.map((row) => row.hash);
}
