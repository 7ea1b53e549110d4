import { otpState, recordFailedAttempt, type OtpRecord } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { passwordAttempts } from '../../db/schema';
import { retryAfterSeconds } from './codes';
import { IdentityError } from './errors';

/**
 * Wrong passwords per email, by the one-time codes' rules (packages/domain otp-policy): the fifth
 * wrong one locks the email for 15 minutes, told in Port of Spain time, 429 with Retry-After.
 * Unknown emails count the same way, so a lock says nothing about an account.
 */
export interface PasswordAttemptStore {
  /**
   * Counts this attempt as wrong before the password is checked, so parallel guesses cannot get
   * past the count; 429 while the email is locked. Answers the refusal to give if the password
   * turns out wrong (the lock, when this attempt is the fifth, or null for the usual 401).
   */
  begin(email: string): Promise<IdentityError | null>;
  /** A right password: the count starts again. */
  succeeded(email: string): Promise<void>;
}

/** The codes' state function, asked only about the lock (a password has no expiry). */
function lockError(record: OtpRecord, now: Date): IdentityError | null {
  const state = otpState({ ...record, expiresAt: Number.POSITIVE_INFINITY, attempts: 0 }, now);
  return state.state === 'locked' ? new IdentityError(429, state.message, retryAfterSeconds(state.until, now), { kind: 'check', scope: 'email' }) : null;
}

export function createPasswordAttemptStore(db: Db, clock: Clock): PasswordAttemptStore {
  return {
    async begin(email) {
      const now = clock();
      return db.transaction(async (tx) => {
        await tx.insert(passwordAttempts).values({ email, attempts: 0, updatedAt: now }).onConflictDoNothing();
        const [row] = await tx.select().from(passwordAttempts).where(eq(passwordAttempts.email, email)).for('update');
        if (row === undefined) throw new Error('The password attempt row could not be read back');
        const locked = lockError({ expiresAt: 0, attempts: row.attempts, lockedUntil: row.lockedUntil }, now);
        if (locked !== null) throw locked;
        // A lock that has ended starts a fresh count.
        const current: OtpRecord =
          row.lockedUntil === null ? { expiresAt: 0, attempts: row.attempts, lockedUntil: null } : { expiresAt: 0, attempts: 0, lockedUntil: null };
        const next = recordFailedAttempt(current, now);
        const lockedUntil = next.lockedUntil === null ? null : new Date(next.lockedUntil);
        await tx.update(passwordAttempts).set({ attempts: next.attempts, lockedUntil, updatedAt: now }).where(eq(passwordAttempts.email, email));
        return lockError(next, now);
      });
    },

    async succeeded(email) {
      await db
        .update(passwordAttempts)
        .set({ attempts: 0, lockedUntil: null, updatedAt: clock() })
        .where(eq(passwordAttempts.email, email));
    },
  };
}
