import { formatMonthDayTime, formatTime } from '../date-format';
import { localIsoDate } from '../local-time';

/**
 * One-time code rules (product decisions, Identity): 6 digits, 10 minutes, 5 attempts, sends
 * rate-limited. Pure functions over instants so the server only persists what they return.
 */

export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 600;
export const MAX_ATTEMPTS = 5;
/** After the fifth wrong code the email is locked this long, so guessing stays slower than sending. */
export const LOCK_SECONDS = 900;
/** At most `maxSends` codes per email in any `windowSeconds` span (the default; operators may set another). */
export interface ResendWindow {
  maxSends: number;
  windowSeconds: number;
}
export const RESEND_WINDOW: ResendWindow = Object.freeze({ maxSends: 3, windowSeconds: 600 });

export type Instant = Date | number;

const toMs = (instant: Instant): number => (typeof instant === 'number' ? instant : instant.getTime());

export interface OtpRecord {
  expiresAt: Instant;
  /** Wrong codes entered so far for this code. */
  attempts: number;
  lockedUntil: Instant | null;
}

export type OtpState =
  | { state: 'ok' }
  | { state: 'expired'; message: string }
  | { state: 'locked'; until: Date; message: string };

/**
 * "11:42 PM", or "Mar 4, 12:05 AM" when the instant falls on another local day than `nowMs`.
 * Rounded up to the minute: a customer told "after 11:42" must not be refused at 11:42.
 */
export function formatRetryTime(untilMs: number, nowMs: number): string {
  const rounded = Math.ceil(untilMs / 60_000) * 60_000;
  return localIsoDate(rounded) === localIsoDate(nowMs) ? formatTime(rounded) : formatMonthDayTime(rounded);
}

/** The active lock, if any, with the customer's message saying until when. */
function activeLock(lockedUntil: Instant | null, nowMs: number): { until: Date; message: string } | null {
  if (lockedUntil === null || toMs(lockedUntil) <= nowMs) return null;
  const untilMs = toMs(lockedUntil);
  return { until: new Date(untilMs), message: `Too many attempts. Try again after ${formatRetryTime(untilMs, nowMs)}` };
}

export function otpState(record: OtpRecord, now: Instant): OtpState {
  const nowMs = toMs(now);
  const lock = activeLock(record.lockedUntil, nowMs);
  if (lock) return { state: 'locked', ...lock };
  // A code whose attempts are used up stays spent after the lock ends; only a new code helps.
  if (toMs(record.expiresAt) <= nowMs || record.attempts >= MAX_ATTEMPTS) {
    return { state: 'expired', message: 'This code has expired. Request a new code' };
  }
  return { state: 'ok' };
}

/** A fresh code's record, issued at `now`. */
export function newOtpRecord(now: Instant): OtpRecord {
  return { expiresAt: new Date(toMs(now) + CODE_TTL_SECONDS * 1000), attempts: 0, lockedUntil: null };
}

/** The record after one wrong code: the fifth wrong one locks until now + LOCK_SECONDS. */
export function recordFailedAttempt(record: OtpRecord, now: Instant): OtpRecord {
  const attempts = record.attempts + 1;
  const lockedUntil = attempts >= MAX_ATTEMPTS ? new Date(toMs(now) + LOCK_SECONDS * 1000) : record.lockedUntil;
  return { ...record, attempts, lockedUntil };
}

export type SendDecision = { allowed: true } | { allowed: false; retryAt: Date; message: string };

/**
 * Whether another code may be sent to an email, given when earlier codes were sent. A lock from
 * wrong attempts also blocks sending, or a new code would simply reset the attempt count.
 */
export function canSendOtp(
  history: readonly Instant[],
  now: Instant,
  lockedUntil: Instant | null = null,
  window: ResendWindow = RESEND_WINDOW,
): SendDecision {
  const nowMs = toMs(now);
  const lock = activeLock(lockedUntil, nowMs);
  if (lock) return { allowed: false, retryAt: lock.until, message: lock.message };
  const windowMs = window.windowSeconds * 1000;
  const recent = history
    .map(toMs)
    .filter((sentMs) => sentMs > nowMs - windowMs && sentMs <= nowMs)
    .sort((a, b) => a - b);
  if (recent.length < window.maxSends) return { allowed: true };
  // The window frees a slot when the oldest send that still counts falls out of it.
  const retryMs = (recent[recent.length - window.maxSends] ?? nowMs) + windowMs;
  return {
    allowed: false,
    retryAt: new Date(retryMs),
    message: `Too many codes requested. Try again after ${formatRetryTime(retryMs, nowMs)}`,
  };
}
