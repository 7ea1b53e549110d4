/**
 * Contention: two transactions that want each other's rows (PostgreSQL breaks the deadlock by
 * failing one, SQLSTATE 40P01) or a serializable transaction that lost its race (40001). Nothing
 * is wrong with the request: run again, it succeeds. The transactions of the app are retried here
 * a few times with a random pause; a request still caught after that answers 503 with Retry-After
 * (graphql/errors.ts, http/errors.ts), never 500.
 */

const CONTENTION_SQLSTATES = new Set(['40P01', '40001']);

export const CONTENTION_MESSAGE =
  'Many requests reached the same records at once and yours could not finish. Nothing was changed; please try again in a few seconds.';

/** The SQLSTATE of a deadlock or serialization failure along the error's causes (drizzle and GraphQL wrap it). */
export function contentionCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && CONTENTION_SQLSTATES.has(code)) return code;
    current = cause;
  }
  return undefined;
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts: number;
  /** The pause before the second run; doubled before each further run, then jittered. */
  baseDelayMs: number;
  /** Told before each retry (logs, metrics). */
  onRetry?: (error: unknown, attempt: number) => void;
  /** The random source of the jitter, [0, 1). */
  random?: () => number;
}

/**
 * Five runs at most, with pauses of about 10, 20, 40 and 80 ms between them: a deadlock victim's
 * rival holds its locks for a few milliseconds, and a burst that still collides after some 150 ms
 * is better told to come back than kept waiting for a pool connection.
 */
export const CONTENTION_RETRY: RetryOptions = { attempts: 5, baseDelayMs: 10 };

/**
 * Runs `work` again when it failed with contention, up to `attempts` runs in all. Each pause is
 * random, from half to one and a half times the doubled delay: two victims of one deadlock must
 * not come back at the same instant and meet again. `work` must be a whole transaction (begin to commit):
 * a retried part of one would run inside a transaction PostgreSQL has already aborted.
 */
export async function retryOnContention<T>(work: () => Promise<T>, options: RetryOptions = CONTENTION_RETRY): Promise<T> {
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= options.attempts || contentionCode(error) === undefined) throw error;
      options.onRetry?.(error, attempt);
      const ceiling = options.baseDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + random() * ceiling));
    }
  }
}
