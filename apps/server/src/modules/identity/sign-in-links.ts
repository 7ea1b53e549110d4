import { lt } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { signInLinkUses } from '../../db/schema';

/** How often a process deletes the ids of expired links (nothing could use them any more). */
const PURGE_EVERY_MS = 60_000;

export interface SignInLinkUses {
  /**
   * Records a link token's id until it expires; false when it was recorded before (the link was
   * used). One insert that does nothing on a conflict: two uses at once, on any instances, cannot
   * both get true.
   */
  spend(jti: string, expiresAt: Date): Promise<boolean>;
}

/** Single use of sign-in links (decision 122), in the database so every instance shares it. */
export function createSignInLinkUses(db: Db, clock: Clock): SignInLinkUses {
  let purgedAt = Number.NEGATIVE_INFINITY;
  return {
    async spend(jti, expiresAt) {
      const now = clock();
      if (now.getTime() - purgedAt >= PURGE_EVERY_MS) {
        purgedAt = now.getTime();
        await db.delete(signInLinkUses).where(lt(signInLinkUses.expiresAt, now));
      }
      const stored = await db.insert(signInLinkUses).values({ jti, expiresAt }).onConflictDoNothing().returning({ jti: signInLinkUses.jti });
      return stored.length === 1;
    },
  };
}
