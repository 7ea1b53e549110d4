/**
 * Limits per client (issue 13, item 3): how many codes one client address (or one account) may
 * make us send, and how many secrets (passwords, codes) it may have checked, per fixed window. The
 * per-email limits of otp-policy stop one inbox being flooded; these stop one client flooding many
 * inboxes (every SMS costs money) or guessing across many accounts. Pure: the server stores counts.
 */
import { formatRetryTime, type Instant } from './otp-policy';

/** What a request spends: a code sent (sign-up, code send, invitation) or a secret checked (sign-in, code verify). */
export type ClientLimitKind = 'send' | 'check';

export interface ClientLimits {
  /** Codes per client address per window. 100 lets a credit union's office sign up its customers over the hour. */
  codeSendsPerAddress: number;
  /** Secret checks per client address per window: a customer takes two or three (password, code, a typo). */
  secretChecksPerAddress: number;
  codeSendsPerAccount: number;
  secretChecksPerAccount: number;
  windowSeconds: number;
}

export const DEFAULT_CLIENT_LIMITS: ClientLimits = {
  codeSendsPerAddress: 100,
  secretChecksPerAddress: 300,
  codeSendsPerAccount: 10,
  secretChecksPerAccount: 30,
  windowSeconds: 3600,
};

const toMs = (instant: Instant): number => (typeof instant === 'number' ? instant : instant.getTime());

/** The fixed window `now` falls in: every instance computes the same one, so counts add up across them. */
export function clientLimitWindow(now: Instant, windowSeconds: number): { start: Date; end: Date } {
  const size = windowSeconds * 1000;
  const start = Math.floor(toMs(now) / size) * size;
  return { start: new Date(start), end: new Date(start + size) };
}

export function clientLimitFor(limits: ClientLimits, kind: ClientLimitKind, scope: 'address' | 'account'): number {
  if (kind === 'send') return scope === 'address' ? limits.codeSendsPerAddress : limits.codeSendsPerAccount;
  return scope === 'address' ? limits.secretChecksPerAddress : limits.secretChecksPerAccount;
}

/** The refusal once a count passes its limit: the sentence says when to try again, in the islands' time. */
export function clientLimitRefusal(kind: ClientLimitKind, windowEnd: Date, now: Instant): { retryAt: Date; message: string } {
  const what = kind === 'send' ? 'Too many codes were requested from your connection.' : 'Too many sign-in attempts from your connection.';
  return { retryAt: windowEnd, message: `${what} Try again after ${formatRetryTime(windowEnd.getTime(), toMs(now))}` };
}
