import { ACCOUNT_MESSAGES, canSendOtp, newOtpRecord, otpState, recordFailedAttempt, RESEND_WINDOW, type ResendWindow } from '@fhp/domain';
import type { SQLWrapper } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { KEY_LOCKS, withKeyLock } from '../../db/key-lock';
import { writeAtOnce } from '../../db/one-statement';
import { codesMatch, generateCode, hashCode, hashPhone } from './crypto';
import { badCredentials, IdentityError } from './errors';
import { codeHistory, codeInsert, consumeCode, latestOpenCodeForUpdate, recordCodeAttempt, type CodePurpose } from './repository';

export interface CodeStore {
  /**
   * Checks the send limit (429 with "try again after"), stores the hash of a new code and returns
   * the code for delivery. Called for unknown emails too, so limits never reveal an account.
   * `deliver` gives the insert of the messages queued with the new code (`DeliveryQueue.insertion`):
   * written by the code's own statement, they commit with it.
   */
  issue(email: string, purpose: CodePurpose, deliver?: (tx: Db, code: string) => SQLWrapper | undefined, bound?: CodeBinding): Promise<string>;
  /**
   * Checks a code: wrong ones count (the fifth locks the email), a right one is spent. `onSuccess`
   * runs in the same transaction as spending it, so an account created from a code is never
   * left without its code spent (or the reverse). A PHONE_VERIFY code checks only against the
   * number it was texted to (`bound.phone`, the number on file now): for any other number it is
   * refused with `PhoneCodeForOtherNumber`, and neither counted nor spent.
   */
  verify<T>(email: string, purpose: CodePurpose, code: string, onSuccess: (tx: Db) => Promise<T>, bound?: CodeBinding): Promise<T>;
}

/** What a code is for beyond its email: the number a phone code is texted to. */
export interface CodeBinding {
  phone: string | null;
}

/** A phone code checked while another number is on file: it proves nothing about that one. */
export class PhoneCodeForOtherNumber extends IdentityError {
  constructor() {
    super(409, ACCOUNT_MESSAGES.phoneCodeForOtherNumber);
  }
}

/** The fifth wrong code locks the email. */
const CODE_ATTEMPTS = { kind: 'check', scope: 'email' } as const;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: IdentityError };

export function retryAfterSeconds(until: Date, now: Date): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) };
}

export function createCodeStore(db: Db, pepper: string, clock: Clock, resendWindow: ResendWindow = RESEND_WINDOW): CodeStore {
  return {
    async issue(email, purpose, deliver, bound) {
      const now = clock();
      const since = new Date(now.getTime() - resendWindow.windowSeconds * 1000);
      if (purpose === 'PHONE_VERIFY' && !bound?.phone) throw new Error('A phone code needs the number it is texted to');
      // Made before the lock: nothing in them depends on what it guards.
      const code = generateCode();
      const record = newOtpRecord(now);
      const phoneHash = purpose === 'PHONE_VERIFY' && bound?.phone ? hashPhone(bound.phone, pepper) : null;
      const row = { email, purpose, codeHash: hashCode(code, pepper), expiresAt: new Date(record.expiresAt), attempts: 0, createdAt: now, phoneHash };
      // Count and insert under the email's lock: ten sends at once must not all pass a count of zero.
      // The code and its messages go as one statement: fewer round trips holding the connection.
      return withKeyLock(db, KEY_LOCKS.codeSends, email.toLowerCase(), async (tx) => {
        const history = await codeHistory(tx, email, since);
        const decision = canSendOtp(history.sentAt, now, history.lockedUntil, resendWindow);
        if (!decision.allowed) throw new IdentityError(429, decision.message, retryAfterSeconds(decision.retryAt, now), { kind: 'send', scope: 'email' });
        await writeAtOnce(tx, [codeInsert(tx, row), deliver?.(tx, code)]);
        return code;
      });
    },

    async verify(email, purpose, code, onSuccess, bound) {
      const now = clock();
      // Attempts must be stored even when the answer is a refusal, so the transaction returns the
      // refusal instead of throwing it (a throw would roll the count back).
      const outcome = await db.transaction(async (tx): Promise<Outcome<Awaited<ReturnType<typeof onSuccess>>>> => {
        const row = await latestOpenCodeForUpdate(tx, email, purpose);
        if (row === undefined) return { ok: false, error: badCredentials() };
        // Before the code is compared: the answer says nothing about whether it was right.
        if (purpose === 'PHONE_VERIFY' && (row.phoneHash === null || !bound?.phone || row.phoneHash !== hashPhone(bound.phone, pepper))) {
          return { ok: false, error: new PhoneCodeForOtherNumber() };
        }
        const { lockedUntil } = await codeHistory(tx, email, now);
        const state = otpState({ expiresAt: row.expiresAt, attempts: row.attempts, lockedUntil }, now);
        if (state.state === 'locked') return { ok: false, error: new IdentityError(429, state.message, retryAfterSeconds(state.until, now), CODE_ATTEMPTS) };
        if (state.state === 'expired') return { ok: false, error: new IdentityError(401, state.message) };
        if (!codesMatch(code, row.codeHash, pepper)) {
          const next = recordFailedAttempt({ expiresAt: row.expiresAt, attempts: row.attempts, lockedUntil: row.lockedUntil }, now);
          const lockedNow = next.lockedUntil === null ? null : new Date(next.lockedUntil);
          await recordCodeAttempt(tx, row.id, next.attempts, lockedNow);
          const locked = otpState({ ...next, expiresAt: row.expiresAt }, now);
          return {
            ok: false,
            error: locked.state === 'locked' ? new IdentityError(429, locked.message, retryAfterSeconds(locked.until, now), CODE_ATTEMPTS) : badCredentials(),
          };
        }
        if (!(await consumeCode(tx, row.id, now))) return { ok: false, error: badCredentials() };
        return { ok: true, value: await onSuccess(tx) };
      });
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
  };
}
