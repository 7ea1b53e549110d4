import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CONTENTION_MESSAGE, contentionCode } from '../db/contention';
import { DATA_EXCEPTION_MESSAGE, dataExceptionCode } from '../db/data-exceptions';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';

/** Shown when we do not know what went wrong: the spec's error dialog sentence. */
export const GENERIC_DISPLAY_MESSAGE = 'Something weird happened. Keep calm and try again.';

export interface HttpErrorBody {
  statusCode: number;
  error: string;
  message: string;
  display_message: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Fastify's own wording is for developers; these are for whoever reads the error dialog. */
const CLEAR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here; send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

export function httpErrorBody(statusCode: number, message: string, displayMessage = message): HttpErrorBody {
  return { statusCode, error: REASONS[statusCode] ?? 'Error', message, display_message: displayMessage };
}

/** A route's refusal: the status and the body every error has. */
export function refuse(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).send(httpErrorBody(statusCode, message));
}

/** Framework errors (bad body, bad content type) that a client can cause before any handler runs. */
export function isRequestFormatError(error: unknown): error is FastifyError {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_ERR_CTP_');
}

/**
 * The global error handler: a client's mistake (4xx) answers with a clear message; anything else
 * is logged and answers 500 with a generic sentence, never internals; a lost database connection
 * or contention that outlasted the retries answers 503 with Retry-After, since a retry will succeed.
 */
export function replyWithError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { statusCode: status, code, message: raw } = (error ?? {}) as Partial<FastifyError>;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A SyntaxError from the JSON parser carries the parser's text; say plainly what is wrong.
    const clear = (code && CLEAR_MESSAGES[code]) ?? (error instanceof SyntaxError ? CLEAR_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
    const message = clear ?? raw ?? REASONS[status] ?? 'Bad Request';
    request.log.info({ err: error }, 'request refused');
    return reply.code(status).send(httpErrorBody(status, message));
  }
  const dataException = dataExceptionCode(error);
  if (dataException) {
    request.log.warn({ sqlState: dataException }, 'input the database could not take');
    return reply.code(400).send(httpErrorBody(400, DATA_EXCEPTION_MESSAGE));
  }
  const contention = contentionCode(error);
  if (contention || isDatabaseUnavailable(error)) {
    request.log.warn(contention ? { sqlState: contention } : { err: error }, contention ? 'contention outlasted the retries' : 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply.code(503).send(httpErrorBody(503, contention ? CONTENTION_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(httpErrorBody(500, 'Internal Server Error', GENERIC_DISPLAY_MESSAGE));
}
