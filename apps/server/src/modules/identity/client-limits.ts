import { clientAddressKey, clientLimitFor, clientLimitRefusal, clientLimitWindow, type ClientLimitKind, type ClientLimits, type ClientLimitScope } from '@fhp/domain';
import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { clientLimitCounts } from '../../db/schema';
import { retryAfterSeconds } from './codes';
import { IdentityError } from './errors';

export interface ClientLimiter {
  /**
   * Counts one request of `kind` for the client address and, when known, the account (an email or
   * a user id) before the route does anything; throws a 429 IdentityError (Retry-After, a sentence
   * saying when) once either passes its limit. Attempts count, not successes: a guesser pays for
   * every guess.
   */
  spend(kind: ClientLimitKind, who: { address: string; account?: string }): Promise<void>;
}

/**
 * Counters in the database (client_limit_counts), so they hold across instances: one upsert per
 * key adds one and answers the new count, atomically on PostgreSQL and PGlite alike. An address is
 * counted under `clientAddressKey` (IPv6 by its /64). The address and the account are counted at
 * once; a refusal names the limit that refused (the connection's first).
 */
export function createClientLimiter(db: Db, clock: Clock, limits: ClientLimits): ClientLimiter {
  let purgedBefore = 0;

  async function countOne(key: string, windowStart: Date): Promise<number> {
    const [row] = await db
      .insert(clientLimitCounts)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({ target: [clientLimitCounts.key, clientLimitCounts.windowStart], set: { count: sql`${clientLimitCounts.count} + 1` } })
      .returning({ count: clientLimitCounts.count });
    return row?.count ?? 1;
  }

  return {
    async spend(kind, { address, account }) {
      const now = clock();
      const window = clientLimitWindow(now, limits.windowSeconds);
      // Ended windows are never read again; one delete per window per process keeps the table small.
      if (window.start.getTime() > purgedBefore) {
        purgedBefore = window.start.getTime();
        await db.delete(clientLimitCounts).where(lt(clientLimitCounts.windowStart, window.start));
      }
      const scopes: [ClientLimitScope, string][] = [['address', clientAddressKey(address)]];
      if (account !== undefined) scopes.push(['account', account.toLowerCase()]);
      const counts = await Promise.all(scopes.map(([scope, value]) => countOne(`${kind}:${scope}:${value}`, window.start)));
      const refusing = scopes.find(([scope], index) => counts[index]! > clientLimitFor(limits, kind, scope));
      if (refusing) {
        const [scope] = refusing;
        const refusal = clientLimitRefusal(kind, scope, window.end, now);
        throw new IdentityError(429, refusal.message, retryAfterSeconds(refusal.retryAt, now), { kind, scope });
      }
    },
  };
}
