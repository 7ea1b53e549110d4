import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Namespaces of per-key locks: any numbers, the same in every instance of this app. */
export const KEY_LOCKS = {
  uploadQuota: 727_101,
  codeSends: 727_102,
} as const;

/**
 * Runs `body` in a transaction holding an advisory lock on (`namespace`, `key`): a count-then-insert
 * limit (a user's daily uploads, an email's codes) holds when many requests for one key arrive at
 * once, on one instance or several. Transaction-level, so it is released at commit or rollback on
 * the very connection that took it. Requests for other keys never wait.
 */
export function withKeyLock<T>(db: Db, namespace: number, key: string, body: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int4, hashtext(${key}))`);
    return body(tx);
  });
}
