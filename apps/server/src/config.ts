import { createPrivateKey } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_CLIENT_LIMITS, RESEND_WINDOW, type ClientLimits, type ResendWindow } from '@fhp/domain';

/**
 * The repository root, found from this file rather than from the working directory, so that
 * `npm start` (cwd = root) and `npm start -w apps/server` (cwd = apps/server) agree on paths.
 */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalNonEmpty = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * A PEM from the environment. Many platforms cannot hold line breaks in a variable, so a literal
 * `\n` is read as one. The key itself is imported (and refused if unusable) when the app starts.
 */
function optionalPem(what: string) {
  return optionalNonEmpty
    .transform((value) => value?.replace(/\\n/g, '\n'))
    .pipe(z.string().regex(/^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/, { message: `must be ${what}` }).optional());
}

/**
 * Development and test only: a fixed pepper so codes survive a restart. It is public (it is in the
 * source), which is why production refuses to start without OTP_PEPPER.
 */
export const DEVELOPMENT_OTP_PEPPER = 'fhp-development-otp-pepper-not-a-secret';

/** Development and test only, public like the pepper above: production requires LEDGER_PSEUDONYM_KEY. */
export const DEVELOPMENT_LEDGER_PSEUDONYM_KEY = 'fhp-development-ledger-pseudonym-key-not-a-secret';

/** Development and test only, public like the two above: production requires BANK_ACCOUNT_KEY. */
export const DEVELOPMENT_BANK_ACCOUNT_KEY = 'fhp-development-bank-account-key-not-a-secret';

/**
 * Development and test only, public like the three above: signs the ledger's checkpoints (ES256,
 * P-256) so a fresh clone publishes verifiable ones; production requires LEDGER_CHECKPOINT_PRIVATE_KEY,
 * since a public key signs nothing anyone can trust.
 */
export const DEVELOPMENT_LEDGER_CHECKPOINT_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg7focgc4GsjMcowk7
6mY0ntpuCo9krEtKj1qp3cgeTQ6hRANCAASIOoO+mLSv4K6fKDZQHh53sQ6vN95f
gfPBApvq8IwfTqkw00jUPnBZBM7hUtZpN4GFrbFhfq6G7g7Rh6Fljm7f
-----END PRIVATE KEY-----`;

/**
 * DELIVERY_LEASE_SECONDS when unset: how long a claimed message is held, longer than a send may take
 * (the SMTP transport's timeouts), short enough that a message a dead worker held goes out soon after.
 */
export const DEFAULT_DELIVERY_LEASE_SECONDS = 30;

/** DATABASE_POOL_MAX and DATABASE_CONNECT_TIMEOUT_MS when unset: two instances stay well under PostgreSQL's default 100 connections. */
export const DEFAULT_POOL = { size: 20, connectTimeoutMs: 10_000 } as const;

/** STORM_FEED_POLL_SECONDS when unset: every five minutes, as often as the centres rewrite a b-deck between advisories. */
export const DEFAULT_STORM_FEED_POLL_SECONDS = 300;
/** How long one poll of a feed may take (connect, answer and body) before it counts as a failure. */
export const STORM_FEED_TIMEOUT_MS = 30_000;
/** PAYOUT_SOURCES_REQUIRED when unset: one source is enough, as before sources were compared (decision 149). */
export const DEFAULT_PAYOUT_SOURCES_REQUIRED = 1;
/** The longest a failing feed waits between polls (the backoff doubles the interval up to it). */
export const STORM_FEED_MAX_BACKOFF_SECONDS = 3_600;

export interface StormFeedSource {
  /** The source's name, as its track is stored under it (`nhc`, `mirror`). */
  name: string;
  /** One b-deck file: http, https or file URL ending in the file's name (`.../bal092026.dat`). */
  url: string;
}

const FEED_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** `name=URL,name=URL` (STORM_FEEDS), or the problems with it. */
export function parseStormFeeds(value: string | undefined): { sources: StormFeedSource[]; problems: string[] } {
  const sources: StormFeedSource[] = [];
  const problems: string[] = [];
  if (value === undefined || value.trim() === '') return { sources, problems };
  for (const item of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const at = item.indexOf('=');
    const name = at < 0 ? '' : item.slice(0, at).trim();
    const url = at < 0 ? '' : item.slice(at + 1).trim();
    if (!FEED_NAME.test(name)) {
      problems.push(`STORM_FEEDS: "${item.slice(0, 60)}" must be name=URL, the name in small letters, digits, - or _ (up to 32)`);
      continue;
    }
    if (!URL.canParse(url) || !['http:', 'https:', 'file:'].includes(new URL(url).protocol)) {
      problems.push(`STORM_FEEDS: the URL of ${name} must be an http://, https:// or file:// URL`);
      continue;
    }
    const parsed = new URL(url);
    if (parsed.username !== '' || parsed.password !== '') {
      problems.push(`STORM_FEEDS: the URL of ${name} must not hold credentials`);
      continue;
    }
    if (!/\/b[a-z]{2}\d{6}\.dat$/i.test(parsed.pathname)) {
      problems.push(`STORM_FEEDS: the URL of ${name} must name one b-deck file (ending like /bal092026.dat)`);
      continue;
    }
    if (sources.some((source) => source.name === name)) {
      problems.push(`STORM_FEEDS: the name ${name} is given twice`);
      continue;
    }
    sources.push({ name, url });
  }
  return { sources, problems };
}

/** Whether a PEM is a private key on the P-256 curve, the one ES256 signs with. */
function isP256PrivateKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

/** An origin, with a path at most: links are made by appending to it. */
function isPlainAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
}

/** A per-window request count (RATE_LIMIT_*). */
const limitCount = z.coerce
  .number({ message: 'must be a number of requests' })
  .int({ message: 'must be a whole number of requests' })
  .min(1, { message: 'must be at least 1' })
  .max(1_000_000, { message: 'must be at most 1000000' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number (0 to 65535)' }).int({ message: 'must be a port number (0 to 65535)' }).min(0).max(65_535, { message: 'must be a port number (0 to 65535)' }).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalNonEmpty.pipe(
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  DATABASE_POOL_MAX: z.coerce
    .number({ message: 'must be a number of connections' })
    .int({ message: 'must be a whole number of connections' })
    .min(1, { message: 'must be at least 1' })
    .max(500, { message: 'must be at most 500' })
    .default(DEFAULT_POOL.size),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int({ message: 'must be a whole number of milliseconds' })
    .min(100, { message: 'must be at least 100' })
    .max(120_000, { message: 'must be at most 120000 (two minutes)' })
    .default(DEFAULT_POOL.connectTimeoutMs),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  // Unset: demo accounts in development and test, never by default in production.
  SEED_DEMO: booleanFromEnv.optional(),
  PUBLIC_URL: optionalNonEmpty.pipe(
    z
      .url({ protocol: /^https?$/, message: 'must be an absolute http:// or https:// URL' })
      .refine(isPlainAddress, { message: 'must be an address without a query, fragment or credentials' })
      .optional(),
  ),
  SMTP_URL: optionalNonEmpty.pipe(z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Flexible Hurricane Protection <no-reply@fhp.example>'),
  JWT_PRIVATE_KEY: optionalPem('a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)'),
  JWT_PUBLIC_KEY: optionalPem('an SPKI PEM public key (-----BEGIN PUBLIC KEY-----)'),
  JWT_TTL_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int({ message: 'must be a whole number of seconds' }).min(60, { message: 'must be at least 60 seconds' }).max(86_400, { message: 'must be at most 86400 seconds (one day)' }).default(3600),
  JWT_ISSUER: z.string().trim().min(1).default('fhp'),
  JWT_AUDIENCE: z.string().trim().min(1).default('fhp-portal'),
  OTP_PEPPER: optionalNonEmpty.pipe(z.string().min(32, { message: 'must be at least 32 characters of random text' }).optional()),
  LEDGER_PSEUDONYM_KEY: optionalNonEmpty.pipe(z.string().min(32, { message: 'must be at least 32 characters of random text' }).optional()),
  BANK_ACCOUNT_KEY: optionalNonEmpty.pipe(z.string().min(32, { message: 'must be at least 32 characters of random text' }).optional()),
  LEDGER_CHECKPOINT_PRIVATE_KEY: optionalPem('a PKCS#8 PEM EC P-256 private key (-----BEGIN PRIVATE KEY-----)'),
  QUERY_TOKEN_SIGNER_PUBLIC_KEY: optionalPem('an SPKI PEM public key (-----BEGIN PUBLIC KEY-----)'),
  // The signer's name (iss) and ours in its tokens (aud): required with the key, no defaults.
  QUERY_TOKEN_ISSUER: optionalNonEmpty,
  QUERY_TOKEN_AUDIENCE: optionalNonEmpty,
  /** Tests only: 'low' makes new password hashes cheap (identity/crypto/passwords.ts); refused outside NODE_ENV=test. */
  TEST_PASSWORD_HASH_COST: z.enum(['real', 'low'], { message: 'must be real or low' }).default('real'),
  TRUST_PROXY: optionalNonEmpty.pipe(
    z
      .union([
        z.enum(['true', 'false']).transform((value) => value === 'true'),
        z.string().regex(/^\d{1,2}$/).transform(Number),
        z.string().regex(/^[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*$/),
      ], { message: 'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses (CIDR allowed)' })
      .optional(),
  ),
  // Unset: every 10 s, but off in test so suites seal when they choose (decision 015).
  LEDGER_SEAL_INTERVAL_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int({ message: 'must be a whole number of seconds' }).min(0, { message: 'must be 0 (off) or more' }).max(3600, { message: 'must be at most 3600 (one hour)' }).optional(),
  RATE_LIMIT_CODE_SENDS_PER_ADDRESS: limitCount.default(DEFAULT_CLIENT_LIMITS.codeSendsPerAddress),
  RATE_LIMIT_SECRET_CHECKS_PER_ADDRESS: limitCount.default(DEFAULT_CLIENT_LIMITS.secretChecksPerAddress),
  RATE_LIMIT_CODE_SENDS_PER_ACCOUNT: limitCount.default(DEFAULT_CLIENT_LIMITS.codeSendsPerAccount),
  RATE_LIMIT_SECRET_CHECKS_PER_ACCOUNT: limitCount.default(DEFAULT_CLIENT_LIMITS.secretChecksPerAccount),
  // Codes per email in any 10 minutes (the identity rule's default is 3).
  RATE_LIMIT_CODE_SENDS_PER_EMAIL: limitCount.default(RESEND_WINDOW.maxSends),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int({ message: 'must be a whole number of seconds' }).min(60, { message: 'must be at least 60 seconds' }).max(86_400, { message: 'must be at most 86400 seconds (one day)' }).default(DEFAULT_CLIENT_LIMITS.windowSeconds),
  // How long a worker holds a message it is sending before another may take it (decision 080).
  DELIVERY_LEASE_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int({ message: 'must be a whole number of seconds' }).min(1, { message: 'must be at least 1 second' }).max(3600, { message: 'must be at most 3600 (one hour)' }).default(DEFAULT_DELIVERY_LEASE_SECONDS),
  // Unset: no /metrics at all. Set: /metrics answers only with `Authorization: Bearer <token>`.
  METRICS_TOKEN: optionalNonEmpty.pipe(z.string().min(16, { message: 'must be at least 16 characters' }).optional()),
  // Comma-separated name=URL of b-deck files to poll (decision 147); unset: no feed is polled.
  STORM_FEEDS: z.string().optional(),
  STORM_FEED_POLL_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int({ message: 'must be a whole number of seconds' }).min(10, { message: 'must be at least 10 seconds' }).max(86_400, { message: 'must be at most 86400 seconds (one day)' }).default(DEFAULT_STORM_FEED_POLL_SECONDS),
  // How many of the feed sources must each compute a payout before it is paid (decision 149).
  PAYOUT_SOURCES_REQUIRED: z.coerce.number({ message: 'must be a number of sources' }).int({ message: 'must be a whole number of sources' }).min(1, { message: 'must be at least 1' }).max(10, { message: 'must be at most 10' }).default(DEFAULT_PAYOUT_SOURCES_REQUIRED),
  GRAPHQL_CACHE_TTL_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int({ message: 'must be a whole number of milliseconds' }).min(0, { message: 'must be 0 (off) or more' }).max(60_000, { message: 'must be at most 60000 (one minute)' }).default(5000),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Absolute directory of the embedded PGlite database; unused when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: connections per process, and how long a query waits for one before a 503. */
  databasePool: { size: number; connectTimeoutMs: number };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** LOG_FORMAT: readable lines for a person in development, one JSON object a line elsewhere. */
  logFormat: 'json' | 'pretty';
  /** Absolute path of the built web app; served only when it exists. */
  webDistDir: string;
  webDistExists: boolean;
  /** Demo accounts with the published password; SEED_DEMO, default true except in production. */
  seedDemo: boolean;
  /**
   * The address customers use, without a trailing slash: every absolute link (emails, contracts'
   * QR codes, explorer links) starts with it and never with a request's Host header. PUBLIC_URL;
   * required in production, `http://localhost:PORT` in development and test.
   */
  publicUrl: string;
  /** Absent: email goes to the development outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  jwt: {
    /** Both absent: a pair is generated once and kept in the database (`settings`). */
    privateKeyPem: string | undefined;
    publicKeyPem: string | undefined;
    ttlSeconds: number;
    issuer: string;
    audience: string;
  };
  otpPepper: string;
  /** True when OTP_PEPPER was not set and the public development pepper is used (logged at start). */
  otpPepperIsDevelopmentDefault: boolean;
  /**
   * Keys the proof ledger's pseudonymous account ids (HMAC of a user id): stable, and not linkable
   * to a person without it. Changing it gives every holder a new account id from then on.
   */
  ledgerPseudonymKey: string;
  /** Encrypts bank account numbers at rest (AES-256-GCM, key derived from it). */
  bankAccountKey: string;
  /** Signs every sealed block's hash (ES256): the checkpoints anyone can mirror (decision 136). */
  ledgerCheckpointPrivateKeyPem: string;
  /** How often this process seals pending ledger entries into a block; 0: never (tools and tests seal). */
  ledgerSealIntervalSeconds: number;
  /** Signer of tokens handed over in a page's query string; absent: such tokens are refused. */
  queryTokenSignerPublicKeyPem: string | undefined;
  /** The `iss` and `aud` every such token must carry (set whenever the key is). */
  queryTokenIssuer: string | undefined;
  queryTokenAudience: string | undefined;
  /** How long an anonymous answer to a public query is reused; 0 turns the cache off. */
  graphqlCacheTtlMs: number;
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host headers to believe (Fastify's `trustProxy`): false
   * (the default: the server faces clients itself), true (any: only behind a proxy that overwrites
   * them), a hop count, or a list of proxy addresses. HSTS is sent only when it is set and the
   * request came over https.
   */
  trustProxy: boolean | number | string;
  /** Cost of new password hashes: 'low' in tests only (TEST_PASSWORD_HASH_COST), 'real' everywhere else. */
  passwordHashCost: 'real' | 'low';
  /** Codes sent and secrets checked per client address and per account (RATE_LIMIT_*). */
  clientLimits: ClientLimits;
  /** Codes sent to one email in a span (RATE_LIMIT_CODE_SENDS_PER_EMAIL per 10 minutes). */
  codeResendWindow: ResendWindow;
  /** Bearer token for /metrics; absent: /metrics does not exist. */
  metricsToken: string | undefined;
  /** Seconds a delivery worker holds a message it is sending (DELIVERY_LEASE_SECONDS). */
  deliveryLeaseSeconds: number;
  /** Advisory feeds polled for operational tracks (STORM_FEEDS, STORM_FEED_POLL_SECONDS). */
  stormFeeds: {
    sources: StormFeedSource[];
    pollSeconds: number;
    timeoutMs: number;
    /** How many sources must each compute a payout before it is paid; the M-th highest is paid (PAYOUT_SOURCES_REQUIRED, decision 149). */
    sourcesRequired: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function absolute(path: string, base: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

/**
 * Builds the configuration from an environment map. Takes the map as an argument so tests never
 * touch process.env; throws a ConfigError naming every bad variable so a misconfigured deploy
 * stops at boot instead of failing on the first request.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && e.OTP_PEPPER === undefined) problems.push('OTP_PEPPER: is required in production');
  if (e.NODE_ENV === 'production' && e.LEDGER_PSEUDONYM_KEY === undefined) problems.push('LEDGER_PSEUDONYM_KEY: is required in production');
  if (e.NODE_ENV === 'production' && e.BANK_ACCOUNT_KEY === undefined) problems.push('BANK_ACCOUNT_KEY: is required in production');
  if (e.NODE_ENV === 'production' && e.LEDGER_CHECKPOINT_PRIVATE_KEY === undefined) {
    problems.push('LEDGER_CHECKPOINT_PRIVATE_KEY: is required in production (a PKCS#8 PEM EC P-256 key; it signs the published ledger checkpoints)');
  }
  if (e.LEDGER_CHECKPOINT_PRIVATE_KEY !== undefined && !isP256PrivateKey(e.LEDGER_CHECKPOINT_PRIVATE_KEY)) {
    problems.push('LEDGER_CHECKPOINT_PRIVATE_KEY: must be an EC P-256 private key (ES256)');
  }
  if (e.NODE_ENV === 'production' && e.PUBLIC_URL === undefined) {
    problems.push('PUBLIC_URL: is required in production (the address customers use, e.g. https://portal.example; links in emails and contracts start with it)');
  }
  if (e.TEST_PASSWORD_HASH_COST === 'low' && e.NODE_ENV !== 'test') problems.push('TEST_PASSWORD_HASH_COST: low is for tests only (NODE_ENV=test)');
  if (e.JWT_PUBLIC_KEY !== undefined && e.JWT_PRIVATE_KEY === undefined) problems.push('JWT_PUBLIC_KEY: needs JWT_PRIVATE_KEY too');
  for (const name of ['QUERY_TOKEN_ISSUER', 'QUERY_TOKEN_AUDIENCE'] as const) {
    if (e.QUERY_TOKEN_SIGNER_PUBLIC_KEY !== undefined && e[name] === undefined) problems.push(`${name}: is required with QUERY_TOKEN_SIGNER_PUBLIC_KEY (sign-in links must name their issuer and audience)`);
  }
  const feeds = parseStormFeeds(e.STORM_FEEDS);
  problems.push(...feeds.problems);
  // More sources required than are polled would never pay from the feeds (with none configured, the CLI names its sources).
  if (feeds.sources.length > 0 && e.PAYOUT_SOURCES_REQUIRED > feeds.sources.length) {
    problems.push(`PAYOUT_SOURCES_REQUIRED: ${e.PAYOUT_SOURCES_REQUIRED} sources must agree but STORM_FEEDS names ${feeds.sources.length}; nothing would be paid from the feeds`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const webDistDir = absolute(e.WEB_DIST_DIR, REPO_ROOT);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // DATA_DIR is an operator's path: relative to where they started the process.
    dataDir: absolute(e.DATA_DIR, cwd),
    databaseUrl: e.DATABASE_URL,
    databasePool: { size: e.DATABASE_POOL_MAX, connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    webDistDir,
    webDistExists: existsSync(webDistDir),
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwt: {
      privateKeyPem: e.JWT_PRIVATE_KEY,
      publicKeyPem: e.JWT_PUBLIC_KEY,
      ttlSeconds: e.JWT_TTL_SECONDS,
      issuer: e.JWT_ISSUER,
      audience: e.JWT_AUDIENCE,
    },
    otpPepper: e.OTP_PEPPER ?? DEVELOPMENT_OTP_PEPPER,
    otpPepperIsDevelopmentDefault: e.OTP_PEPPER === undefined,
    ledgerPseudonymKey: e.LEDGER_PSEUDONYM_KEY ?? DEVELOPMENT_LEDGER_PSEUDONYM_KEY,
    bankAccountKey: e.BANK_ACCOUNT_KEY ?? DEVELOPMENT_BANK_ACCOUNT_KEY,
    ledgerCheckpointPrivateKeyPem: e.LEDGER_CHECKPOINT_PRIVATE_KEY ?? DEVELOPMENT_LEDGER_CHECKPOINT_PRIVATE_KEY,
    ledgerSealIntervalSeconds: e.LEDGER_SEAL_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 10),
    queryTokenSignerPublicKeyPem: e.QUERY_TOKEN_SIGNER_PUBLIC_KEY,
    queryTokenIssuer: e.QUERY_TOKEN_ISSUER,
    queryTokenAudience: e.QUERY_TOKEN_AUDIENCE,
    graphqlCacheTtlMs: e.GRAPHQL_CACHE_TTL_MS,
    trustProxy: e.TRUST_PROXY ?? false,
    passwordHashCost: e.TEST_PASSWORD_HASH_COST,
    clientLimits: {
      codeSendsPerAddress: e.RATE_LIMIT_CODE_SENDS_PER_ADDRESS,
      secretChecksPerAddress: e.RATE_LIMIT_SECRET_CHECKS_PER_ADDRESS,
      codeSendsPerAccount: e.RATE_LIMIT_CODE_SENDS_PER_ACCOUNT,
      secretChecksPerAccount: e.RATE_LIMIT_SECRET_CHECKS_PER_ACCOUNT,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    codeResendWindow: { maxSends: e.RATE_LIMIT_CODE_SENDS_PER_EMAIL, windowSeconds: RESEND_WINDOW.windowSeconds },
    metricsToken: e.METRICS_TOKEN,
    deliveryLeaseSeconds: e.DELIVERY_LEASE_SECONDS,
    stormFeeds: { sources: feeds.sources, pollSeconds: e.STORM_FEED_POLL_SECONDS, timeoutMs: STORM_FEED_TIMEOUT_MS, sourcesRequired: e.PAYOUT_SOURCES_REQUIRED },
  };
}
