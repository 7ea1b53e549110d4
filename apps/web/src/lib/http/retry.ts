/**
 * Retrying a busy server's answer (503 with Retry-After: uploads during a rush, a database moment)
 * on the customer's behalf, with backoff, before any message is shown.
 */

/** Tries in all, the first included: about 2 + 4 + 8 + 16 s of patience before a message. */
export const BUSY_ATTEMPTS = 5;
const BASE_DELAY_MS = 2000;
const MAX_DELAY_MS = 30_000;

/** Whether an answer is worth retrying unchanged: the server said it is busy, or the network hiccuped. */
export function isRetryableStatus(status: number): boolean {
  return status === 503 || status === 0;
}

/**
 * Milliseconds to wait before try `attempt + 1` (attempt counts from 1): the server's Retry-After
 * when it gave one, else exponential backoff; a random extra of up to a quarter so many waiting
 * customers do not all come back in the same second.
 */
export function retryDelayMs(attempt: number, retryAfter: string | null, random: () => number = Math.random): number {
  const told = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) * 1000 : undefined;
  const base = Math.min(MAX_DELAY_MS, Math.max(told ?? 0, BASE_DELAY_MS * 2 ** (attempt - 1)));
  return Math.round(base * (1 + random() / 4));
}
