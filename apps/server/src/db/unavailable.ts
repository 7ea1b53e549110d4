/**
 * Errors that mean "the database is out of reach for a moment" (a failover, a maintenance restart,
 * connections terminated by an administrator), as opposed to a bug or a refused write. Requests
 * caught by one answer 503 with Retry-After: the client's retry lands on a fresh connection.
 */

/** How long a client should wait before retrying, in seconds: the pool reconnects in well under that. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'We could not reach our records for a moment. Nothing was changed; please try again in a few seconds.';

/**
 * SQLSTATE classes and codes of a lost or refused connection: 08 connection exception, 57P01-57P03
 * (administrator or crash shutdown, cannot connect now), 53300 too many connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** Socket errors node reports when the server is gone or refuses. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', 'EHOSTUNREACH']);

/** node-postgres words these without a code. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'terminating connection due to administrator command',
  'timeout exceeded when trying to connect',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError.cause); GraphQL and Fastify may wrap again.
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (isUnavailableSqlState(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
    current = cause;
  }
  return false;
}
