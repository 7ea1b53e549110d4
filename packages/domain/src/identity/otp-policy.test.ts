import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE_TTL_SECONDS,
  LOCK_SECONDS,
  MAX_ATTEMPTS,
  RESEND_WINDOW,
  canSendOtp,
  formatRetryTime,
  newOtpRecord,
  otpState,
  recordFailedAttempt,
  type Instant,
  type OtpRecord,
} from './otp-policy';

// 2025-03-04 03:30 UTC is 2025-03-03 11:30 PM in Port of Spain (UTC-4, no daylight saving).
const NOW = Date.UTC(2025, 2, 4, 3, 30, 0);
const MINUTE = 60_000;

describe('formatRetryTime', () => {
  it('tells the time in Port of Spain, rounded up to the minute', () => {
    expect(formatRetryTime(NOW + 12 * MINUTE, NOW)).toBe('11:42 PM');
    expect(formatRetryTime(NOW + 12 * MINUTE + 1_000, NOW)).toBe('11:43 PM');
  });

  it('adds the date when the time falls on the next local day', () => {
    expect(formatRetryTime(NOW + 35 * MINUTE, NOW)).toBe('Mar 4, 12:05 AM');
  });
});

describe('otpState', () => {
  it('is ok for a fresh code until it expires after 10 minutes', () => {
    const record = newOtpRecord(NOW);
    expect(otpState(record, NOW + CODE_TTL_SECONDS * 1000 - 1)).toEqual({ state: 'ok' });
    expect(otpState(record, NOW + CODE_TTL_SECONDS * 1000).state).toBe('expired');
  });

  it('locks at the fifth wrong code and says until when', () => {
    let record: OtpRecord = newOtpRecord(NOW);
    for (let i = 1; i < MAX_ATTEMPTS; i += 1) {
      record = recordFailedAttempt(record, NOW);
      expect(otpState(record, NOW).state).toBe('ok');
    }
    record = recordFailedAttempt(record, NOW + 2 * MINUTE);
    expect(otpState(record, NOW + 2 * MINUTE)).toEqual({
      state: 'locked',
      until: new Date(NOW + 2 * MINUTE + LOCK_SECONDS * 1000),
      message: 'Too many attempts. Try again after 11:47 PM',
    });
  });

  it('leaves a used-up code spent after the lock ends', () => {
    const spent: OtpRecord = { expiresAt: NOW + 60 * MINUTE, attempts: MAX_ATTEMPTS, lockedUntil: NOW + MINUTE };
    expect(otpState(spent, NOW + 2 * MINUTE)).toEqual({ state: 'expired', message: 'This code has expired. Request a new code' });
  });

  it('accepts Date and epoch milliseconds alike', () => {
    const record: OtpRecord = { expiresAt: new Date(NOW + MINUTE), attempts: 0, lockedUntil: null };
    expect(otpState(record, new Date(NOW))).toEqual(otpState({ ...record, expiresAt: NOW + MINUTE }, NOW));
  });

  it('is never ok once MAX_ATTEMPTS wrong codes have been entered, whenever asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_ATTEMPTS, max: 50 }), fc.integer({ min: -1e7, max: 1e7 }), (attempts, offset) => {
        const record: OtpRecord = { expiresAt: NOW + 1e8, attempts, lockedUntil: null };
        expect(otpState(record, NOW + offset).state).not.toBe('ok');
      }),
    );
  });
});

describe('canSendOtp', () => {
  it('allows three sends in ten minutes, then says when the next is possible', () => {
    const history = [NOW - 9 * MINUTE, NOW - 5 * MINUTE, NOW - MINUTE];
    expect(canSendOtp(history.slice(1), NOW)).toEqual({ allowed: true });
    expect(canSendOtp(history, NOW)).toEqual({
      allowed: false,
      retryAt: new Date(NOW + MINUTE),
      message: 'Too many codes requested. Try again after 11:31 PM',
    });
    expect(canSendOtp(history, NOW + MINUTE)).toEqual({ allowed: true });
  });

  it('takes another window when one is given (an operator setting)', () => {
    const history = [NOW - 9 * MINUTE, NOW - 5 * MINUTE, NOW - MINUTE];
    expect(canSendOtp(history, NOW, null, { maxSends: 4, windowSeconds: 600 })).toEqual({ allowed: true });
    expect(canSendOtp(history, NOW, null, { maxSends: 2, windowSeconds: 600 })).toMatchObject({ allowed: false, retryAt: new Date(NOW + 5 * MINUTE) });
  });

  it('refuses while the email is locked by wrong codes', () => {
    expect(canSendOtp([], NOW, NOW + 5 * MINUTE)).toMatchObject({ allowed: false, message: 'Too many attempts. Try again after 11:35 PM' });
    expect(canSendOtp([], NOW + 5 * MINUTE, NOW + 5 * MINUTE)).toEqual({ allowed: true });
  });

  it('never lets more than maxSends through in any window, and the retry time really frees a slot', () => {
    const windowMs = RESEND_WINDOW.windowSeconds * 1000;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 * windowMs }), { maxLength: 40 }), (attemptOffsets) => {
        const sent: Instant[] = [];
        for (const offset of [...attemptOffsets].sort((a, b) => a - b)) {
          const decision = canSendOtp(sent, NOW + offset);
          if (decision.allowed) sent.push(NOW + offset);
          else expect(canSendOtp(sent, decision.retryAt).allowed).toBe(true);
        }
        for (const start of sent as number[]) {
          const inWindow = (sent as number[]).filter((t) => t >= start && t < start + windowMs);
          expect(inWindow.length).toBeLessThanOrEqual(RESEND_WINDOW.maxSends);
        }
      }),
    );
  });
});
