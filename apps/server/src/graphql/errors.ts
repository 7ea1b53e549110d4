import { isDomainError } from '@fhp/domain';
import type { ExecutionResult, FormattedExecutionResult, GraphQLError } from 'graphql';
import mercurius from 'mercurius';
import { ZodError, type z } from 'zod';
import { CONTENTION_MESSAGE, contentionCode } from '../db/contention';
import { DATA_EXCEPTION_MESSAGE, dataExceptionCode } from '../db/data-exceptions';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { GENERIC_DISPLAY_MESSAGE } from '../http/errors';
import { withoutSuggestions } from './document-limits';
import { graphqlJs } from './graphql-js';

// Mercurius is CommonJS: Node's ESM loader only sees its default export.
const { ErrorWithProps } = mercurius;
type ErrorWithProps = InstanceType<typeof ErrorWithProps>;

/** `extensions.code` values the web can switch on. */
export const GQL_CODES = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  /** The document was refused before running: syntax, unknown field, depth, alias or cost limit. */
  VALIDATION_FAILED: 'GRAPHQL_VALIDATION_FAILED',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  /** The database was out of reach for a moment, or busy with the same rows: retry after the response's Retry-After. */
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** A limit refused (codes sent, attempts): `retryAfterSeconds` says when to try again, as Retry-After does. */
  RATE_LIMITED: 'RATE_LIMITED',
} as const;

export function userInputError(message: string, code: string = GQL_CODES.BAD_USER_INPUT): ErrorWithProps {
  return new ErrorWithProps(message, { code, display_message: message });
}

/** A limit's refusal: the sentence says when (the web shows it), `retryAfterSeconds` is for programs. */
export function rateLimitedError(message: string, retryAfterSeconds: number, limit?: { kind: string; scope: string }): ErrorWithProps {
  return new ErrorWithProps(message, {
    code: GQL_CODES.RATE_LIMITED,
    display_message: message,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
    ...(limit ? { limit: `${limit.kind}:${limit.scope}` } : {}),
  });
}

/** Validates a resolver's input; the first issue's message is what the customer sees. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw userInputError(result.error.issues[0]?.message ?? 'The input is not valid.');
  return result.data;
}

interface Logger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

interface Mapped {
  message: string;
  code: string;
  displayMessage: string;
  /** Errors the client caused before execution (parse, validation): HTTP 400. */
  beforeExecution: boolean;
  extra?: Record<string, unknown>;
}

function mapOne(error: GraphQLError, log: Logger): Mapped {
  const original = error.originalError;
  if (original instanceof ErrorWithProps) {
    const ext = (original.extensions ?? {}) as Record<string, unknown>;
    const code = typeof ext.code === 'string' ? ext.code : GQL_CODES.BAD_USER_INPUT;
    const display = typeof ext.display_message === 'string' ? ext.display_message : original.message;
    return { message: original.message, code, displayMessage: display, beforeExecution: false, extra: ext };
  }
  if (isDomainError(original)) {
    return { message: original.message, code: GQL_CODES.BAD_USER_INPUT, displayMessage: original.message, beforeExecution: false, extra: { reason: original.code } };
  }
  if (original instanceof ZodError) {
    const message = original.issues[0]?.message ?? 'The input is not valid.';
    return { message, code: GQL_CODES.BAD_USER_INPUT, displayMessage: message, beforeExecution: false };
  }
  // graphql-js raises its own GraphQLError for bad variables (a scalar that cannot parse):
  // the client's fault, as is a document it refused outright (no original error at all).
  if (original === undefined || original === null || original instanceof graphqlJs.GraphQLError) {
    // No original error: the document itself was refused (syntax, unknown field, limits).
    return { message: error.message, code: GQL_CODES.VALIDATION_FAILED, displayMessage: error.message, beforeExecution: true };
  }
  const dataException = dataExceptionCode(original);
  if (dataException) {
    log.warn({ sqlState: dataException, path: error.path }, 'input the database could not take');
    return { message: DATA_EXCEPTION_MESSAGE, code: GQL_CODES.BAD_USER_INPUT, displayMessage: DATA_EXCEPTION_MESSAGE, beforeExecution: false };
  }
  const contention = contentionCode(original);
  if (contention) {
    // Retried already (db/client.ts) and still losing: the client's retry will find the rows free.
    log.warn({ sqlState: contention, path: error.path }, 'contention outlasted the retries');
    return { message: CONTENTION_MESSAGE, code: GQL_CODES.UNAVAILABLE, displayMessage: CONTENTION_MESSAGE, beforeExecution: false };
  }
  if (isDatabaseUnavailable(original)) {
    log.warn({ err: original, path: error.path }, 'database unavailable');
    return { message: DATABASE_UNAVAILABLE_MESSAGE, code: GQL_CODES.UNAVAILABLE, displayMessage: DATABASE_UNAVAILABLE_MESSAGE, beforeExecution: false };
  }
  log.error({ err: original, path: error.path }, 'resolver failed');
  return { message: 'Internal server error', code: GQL_CODES.INTERNAL, displayMessage: GENERIC_DISPLAY_MESSAGE, beforeExecution: false };
}

/**
 * Mercurius wraps a refused document as one error holding the list (sometimes inside a
 * GraphQLError); unwrap it. Its other request errors (no query, unknown persisted query) carry a
 * 4xx status and become plain refusals; anything else stays an internal error.
 */
interface Flat {
  error: GraphQLError;
  /** The HTTP status Mercurius gave a request it refused (400, 405). */
  requestStatus?: number;
}

function clientStatus(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

function flatten(errors: readonly unknown[], inheritedStatus?: number): Flat[] {
  return errors.flatMap((error): Flat[] => {
    const e = error as { errors?: unknown; originalError?: { errors?: unknown }; message?: unknown };
    const status = clientStatus(error) ?? clientStatus(e.originalError) ?? inheritedStatus;
    const inner = e.errors ?? e.originalError?.errors;
    if (Array.isArray(inner)) return flatten(inner, status);
    if (error instanceof graphqlJs.GraphQLError) return [{ error, requestStatus: status }];
    const message = typeof e.message === 'string' ? e.message : String(error);
    // Without an original error the mapper treats it as a refused request, which is what it is.
    const wrapped = new graphqlJs.GraphQLError(message, status ? {} : { originalError: error as Error });
    return [{ error: wrapped, requestStatus: status }];
  });
}

/**
 * Every GraphQL error leaves with `extensions.code` and `extensions.display_message`. Unknown
 * errors are logged here and replaced by a generic sentence so no internals leak. `hideSuggestions`
 * (production) drops graphql-js's "Did you mean ...?" hints.
 */
export function formatGraphQLErrors(
  execution: Omit<ExecutionResult, 'errors'> & { errors: readonly unknown[] },
  log: Logger,
  options: { hideSuggestions?: boolean } = {},
): { statusCode: number; response: FormattedExecutionResult } {
  const mapped = flatten(execution.errors).map(({ error, requestStatus }) => {
    const one = mapOne(error, log);
    if (!options.hideSuggestions) return { error, requestStatus, ...one };
    return { error, requestStatus, ...one, message: withoutSuggestions(one.message), displayMessage: withoutSuggestions(one.displayMessage) };
  });
  const errors = mapped.map(({ error, message, code, displayMessage, extra }) => ({
    message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: { ...extra, code, display_message: displayMessage },
  }));
  let statusCode = 200;
  // Even with partial data: a lost connection rolled the write back, so the whole answer is "retry".
  if (mapped.some((m) => m.code === GQL_CODES.UNAVAILABLE)) statusCode = 503;
  else if (!execution.data) {
    if (mapped.some((m) => m.code === GQL_CODES.INTERNAL)) statusCode = 500;
    else if (mapped.every((m) => m.beforeExecution)) statusCode = mapped.find((m) => m.requestStatus)?.requestStatus ?? 400;
  }
  return { statusCode, response: { data: execution.data ?? null, errors } };
}
