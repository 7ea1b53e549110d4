import { and, count, eq, gte, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { KEY_LOCKS, withKeyLock } from '../../db/key-lock';
import { files, kycDocuments } from '../../db/schema';
import type { BlobInfo, BlobStore, NewBlob } from './blob-store';

/** Unattached files one owner may upload in a rolling day; the next upload is refused (429). */
export const MAX_UNATTACHED_UPLOADS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Decision 004: an upload never submitted is removed once it is a day old. */
export const UNATTACHED_FILE_MAX_AGE_MS = DAY_MS;
/** Held for the cleanup's transaction, so one instance of several runs it at a time. */
const CLEANUP_ADVISORY_LOCK = 727_002;

/** How many files `ownerId` uploaded since `now` minus a day that no submission has claimed. */
export async function countRecentUnattachedFiles(db: Db, ownerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), isNull(files.attachedAt), gte(files.createdAt, new Date(now.getTime() - DAY_MS))));
  return Number(row?.n ?? 0);
}

/**
 * Stores an unattached upload unless its owner already has the daily quota: the count and the insert
 * run under the owner's advisory lock, so 30 uploads at once (on one instance or several) store at
 * most the quota. Null when the quota is reached.
 */
export async function putWithinQuota(db: Db, blobs: BlobStore, blob: NewBlob, now: Date): Promise<BlobInfo | null> {
  return withKeyLock(db, KEY_LOCKS.uploadQuota, blob.ownerId, async (tx) => {
    if ((await countRecentUnattachedFiles(tx, blob.ownerId, now)) >= MAX_UNATTACHED_UPLOADS_PER_DAY) return null;
    return blobs.put(blob, now, tx);
  });
}

/**
 * Deletes the files no submission claimed that were created before `cutoff`; answers how many, or
 * `undefined` when another instance holds the cleanup lock (it is doing the same work).
 */
export async function deleteUnattachedFilesOlderThan(db: Db, cutoff: Date): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    // A transaction-level lock: released at commit on the very connection that took it (pool-safe).
    const locked = (await tx.execute(sql`select pg_try_advisory_xact_lock(${CLEANUP_ADVISORY_LOCK}) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (locked.rows[0]?.locked !== true) return undefined;
    const deleted = await tx
      .delete(files)
      .where(
        and(
          isNull(files.attachedAt),
          lt(files.createdAt, cutoff),
          // Belt and braces: a file a document points at is never removed, whatever attachedAt says.
          notExists(tx.select({ one: sql`1` }).from(kycDocuments).where(eq(kycDocuments.fileId, files.id))),
        ),
      )
      .returning({ id: files.id });
    return deleted.length;
  });
}
