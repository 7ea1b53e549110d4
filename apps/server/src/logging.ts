import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config';

/**
 * What may never reach a log line, in one place: personal data (emails, names, phone numbers),
 * secrets (passwords, codes, tokens, keys) and account numbers. Pino censors these paths in every
 * object logged, whatever module logs it; keys one or two levels down are covered too (`{ body }`,
 * `{ user: { email } }`).
 */
const SENSITIVE_KEYS = [
  'email',
  'password',
  'otp',
  'otpCode',
  'token',
  'jwtToken',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'firstName',
  'lastName',
  'fullName',
  'phone',
  'phoneNumber',
  'mobileNo',
  'primaryContactNo',
  'accountNumber',
  'accountNo',
  'cnfAccountNumber',
  'accountNoCipher',
  'iban',
  'params',
  'parameters',
  'variables',
] as const;

export const REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
/** Drizzle's "Failed query: ...\nparams: a@b.c,42": the values follow "params:" to the end of the line. */
const PARAMS_LINE = /(^|\n)\s*params:[^\n]*/g;

/**
 * What a log line may say about where a message went: the domain of an email address (which mail
 * provider), or "phone" for a text message, never the address or number itself.
 */
export function recipientDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at === -1 ? 'phone' : address.slice(at + 1).toLowerCase();
}

/** Words and stacks may quote values (drizzle puts the parameters in its message, SMTP the recipient). */
export function scrubText(text: string): string {
  return text.replace(PARAMS_LINE, '$1params: [Redacted]').replace(EMAIL, '[email]');
}

/**
 * A GraphQL refusal without the values it quotes: graphql-js writes the whole variable into its
 * message ("Variable "$input" got invalid value { firstName: "Thérèse" }; Field ...") and the
 * literal it could not coerce ("found "abc""). What stays names the variable, the field and the
 * rule, which is what tells a developer which client sent what shape.
 */
export function graphqlMessageForLog(message: string): string {
  return scrubText(
    message
      .replace(/ got invalid value [\s\S]*?; (?=(Field|Expected|Int|Float|String|Boolean|ID|Enum|Did you|[A-Z]\w* cannot) )/g, ' got an invalid value; ')
      .replace(/ got invalid value [\s\S]*$/, ' got an invalid value.')
      .replace(/(, found|value:) [\s\S]*$/, '$1 [Redacted]'),
  );
}

/**
 * Fields of database errors that carry values: node-postgres and PGlite put the offending row in
 * `detail` ("Key (email)=(jane@...) already exists"), drizzle the bound parameters in `params`.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'query_params']);
const MAX_CAUSE_DEPTH = 5;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * Pino's error serializer without values: message and stack scrubbed, value-bearing fields of
 * drizzle and pg errors dropped, the cause chain serialized the same way. The SQL text stays
 * (it is parameterized, and it is what tells a developer which query failed).
 */
export function serializeError(error: Error): SerializedError {
  return serializeErrorAt(error, 0) as SerializedError;
}

function serializeErrorAt(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrubText(error) : error;
  const out: SerializedError = { type: error.constructor?.name ?? error.name, message: scrubText(error.message), stack: scrubText(error.stack ?? '') };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || key === 'message' || key === 'stack' || key === 'cause') continue;
    out[key] = typeof value === 'string' ? scrubText(value) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) out.cause = serializeErrorAt(error.cause, depth + 1);
  return out;
}

/** The path, and the names of query parameters without their values (`?token=` links carry secrets). */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const names = new URLSearchParams(url.slice(question + 1));
  const shown = [...new Set(names.keys())].map((name) => `${encodeURIComponent(name)}=[Redacted]`).join('&');
  return shown ? `${url.slice(0, question)}?${shown}` : url.slice(0, question);
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Readable lines for a person at a terminal (`npm start` in development): the time, the level, the
 * message and its fields on one line; a request's lines say which request. Written in the process
 * (no worker thread), so a line is out before a crash that follows it.
 */
export function prettyLogStream(options: { colorize: boolean; destination?: NodeJS.WritableStream }): LogStream {
  return pretty({
    colorize: options.colorize,
    ...(options.destination ? { destination: options.destination } : {}),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    // A request's two lines: what was asked, then its status and time, tied by the request id's start.
    messageFormat: (log, messageKey) => {
      const id = typeof log.reqId === 'string' ? ` [${log.reqId.slice(0, 8)}]` : '';
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      if (req && log[messageKey] === 'incoming request') return `${req.method} ${req.url}${id}`;
      if (res && log[messageKey] === 'request completed') {
        const took = typeof log.responseTime === 'number' ? ` in ${Math.round(log.responseTime)} ms` : '';
        return `-> ${res.statusCode}${took}${id}`;
      }
      return `${String(log[messageKey])}${id}`;
    },
  });
}

/**
 * The app's logger: level from LOG_LEVEL, the redaction above, JSON lines or (LOG_FORMAT=pretty,
 * the default in development) readable ones; `stream` lets tests read the lines.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>, stream?: LogStream): NonNullable<FastifyServerOptions['logger']> {
  const out = stream ?? (config.logFormat === 'pretty' ? prettyLogStream({ colorize: Boolean(process.stdout.isTTY) }) : undefined);
  return {
    level: config.logLevel,
    redact: { paths: [...REDACT_PATHS], censor: '[Redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    ...(out ? { stream: out } : {}),
  };
}
