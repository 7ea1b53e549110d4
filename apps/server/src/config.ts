import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number (0 to 65535)' }).int({ message: 'must be a port number (0 to 65535)' }).min(0).max(65_535, { message: 'must be a port number (0 to 65535)' }).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalNonEmpty.pipe(
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  SEED_DEMO: booleanFromEnv.default(true),
  PUBLIC_URL: optionalNonEmpty.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Absolute directory of the embedded PGlite database; unused when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Absolute path of the built web app; served only when it exists. */
  webDistDir: string;
  webDistExists: boolean;
  seedDemo: boolean;
  publicUrl: string | undefined;
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
  const webDistDir = absolute(e.WEB_DIST_DIR, REPO_ROOT);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // DATA_DIR is an operator's path: relative to where they started the process.
    dataDir: absolute(e.DATA_DIR, cwd),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir,
    webDistExists: existsSync(webDistDir),
    seedDemo: e.SEED_DEMO,
    publicUrl: e.PUBLIC_URL,
  };
}
