import { generateKeyPairSync } from 'node:crypto';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

/** What production refuses to start without. */
const PRODUCTION_SECRETS = {
  OTP_PEPPER: 'a-production-pepper-of-at-least-32-chars',
  LEDGER_PSEUDONYM_KEY: 'a-production-ledger-key-of-at-least-32-chars',
  BANK_ACCOUNT_KEY: 'a-production-bank-account-key-of-32-chars',
  LEDGER_CHECKPOINT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgDQJ8O4+ptG0tGB2P\nPqB3MI/mp9h6VIPgl1I+CCWPs/6hRANCAAS5pSfbRfE5o6lMbN+y/5Rf8aso5xHI\n+DplTcFRlyRE0UZe0hxlxbQ9X42CHwlYSAdjXZEiXYKCunaMEldYti19\n-----END PRIVATE KEY-----',
  PUBLIC_URL: 'https://portal.fhp.example',
};

describe('loadConfig', () => {
  it('has working defaults for a bare environment', () => {
    const config = loadConfig({}, '/srv/fhp');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/fhp/data',
      databaseUrl: undefined,
      seedDemo: true,
      logLevel: 'info',
      webDistDir: join(REPO_ROOT, 'apps/web/dist'),
      publicUrl: 'http://localhost:3000',
    });
  });

  it('links to http://localhost:PORT outside production unless PUBLIC_URL says otherwise, without a trailing slash', () => {
    expect(loadConfig({ NODE_ENV: 'test', PORT: '8123' }).publicUrl).toBe('http://localhost:8123');
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://portal.example/fhp/' }).publicUrl).toBe('https://portal.example/fhp');
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }).publicUrl).toBe('https://portal.fhp.example');
  });

  it('refuses to start in production without PUBLIC_URL, saying what it is for', () => {
    const { PUBLIC_URL: _unset, ...withoutPublicUrl } = PRODUCTION_SECRETS;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutPublicUrl })).toThrow(/PUBLIC_URL: is required in production/);
  });

  it('takes the low password-hash cost in tests only, and refuses it anywhere else', () => {
    expect(loadConfig({}).passwordHashCost).toBe('real');
    expect(loadConfig({ NODE_ENV: 'test', TEST_PASSWORD_HASH_COST: 'low' }).passwordHashCost).toBe('low');
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_PASSWORD_HASH_COST: 'low' })).toThrow(/TEST_PASSWORD_HASH_COST: low is for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, TEST_PASSWORD_HASH_COST: 'low' })).toThrow(/TEST_PASSWORD_HASH_COST/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/fhp',
      DATABASE_URL: 'postgres://u:p@db:5432/fhp',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/opt/web',
      SEED_DEMO: 'false',
      ...PRODUCTION_SECRETS,
      PUBLIC_URL: 'https://fhp.example',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/fhp',
      databaseUrl: 'postgres://u:p@db:5432/fhp',
      logLevel: 'warn',
      webDistDir: '/opt/web',
      webDistExists: false,
      seedDemo: false,
      publicUrl: 'https://fhp.example',
      bankAccountKey: PRODUCTION_SECRETS.BANK_ACCOUNT_KEY,
    });
    expect(isAbsolute(config.dataDir)).toBe(true);
  });

  it.each([
    ['development', true],
    ['test', true],
    ['production', false],
  ] as const)('SEED_DEMO defaults per environment: %s -> %s', (env, expected) => {
    const config = loadConfig({ NODE_ENV: env, ...PRODUCTION_SECRETS });
    expect(config.seedDemo).toBe(expected);
  });

  it.each([
    ['development', 'pretty'],
    ['test', 'json'],
    ['production', 'json'],
  ] as const)('logs readable lines only in development: %s -> %s, unless LOG_FORMAT says', (env, expected) => {
    expect(loadConfig({ NODE_ENV: env, ...PRODUCTION_SECRETS }).logFormat).toBe(expected);
    expect(loadConfig({ NODE_ENV: env, LOG_FORMAT: 'json', ...PRODUCTION_SECRETS }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: env, LOG_FORMAT: 'pretty', ...PRODUCTION_SECRETS }).logFormat).toBe('pretty');
  });

  it('an explicit SEED_DEMO wins over the environment default', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...PRODUCTION_SECRETS }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('seals the proof ledger every 10 s except in test, where suites seal when they choose', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).ledgerSealIntervalSeconds).toBe(10);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }).ledgerSealIntervalSeconds).toBe(10);
    expect(loadConfig({ NODE_ENV: 'test' }).ledgerSealIntervalSeconds).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', LEDGER_SEAL_INTERVAL_SECONDS: '3' }).ledgerSealIntervalSeconds).toBe(3);
    expect(() => loadConfig({ LEDGER_SEAL_INTERVAL_SECONDS: '-1' })).toThrow('LEDGER_SEAL_INTERVAL_SECONDS: must be 0 (off) or more');
  });

  it('says what a bad value should be', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT: must be a port number (0 to 65535)');
  });

  it('treats an empty DATABASE_URL as unset (PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('bounds the PostgreSQL pool: 20 connections and a 10 s wait for one unless set', () => {
    expect(loadConfig({}).databasePool).toEqual({ size: 20, connectTimeoutMs: 10_000 });
    expect(loadConfig({ DATABASE_POOL_MAX: '8', DATABASE_CONNECT_TIMEOUT_MS: '2500' }).databasePool).toEqual({ size: 8, connectTimeoutMs: 2500 });
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow('DATABASE_POOL_MAX: must be at least 1');
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'soon' })).toThrow('DATABASE_CONNECT_TIMEOUT_MS: must be a number of milliseconds');
  });

  it('holds a message being delivered 30 s unless DELIVERY_LEASE_SECONDS says otherwise', () => {
    expect(loadConfig({}).deliveryLeaseSeconds).toBe(30);
    expect(loadConfig({ DELIVERY_LEASE_SECONDS: '3' }).deliveryLeaseSeconds).toBe(3);
    expect(() => loadConfig({ DELIVERY_LEASE_SECONDS: '0' })).toThrow('DELIVERY_LEASE_SECONDS: must be at least 1 second');
    expect(() => loadConfig({ DELIVERY_LEASE_SECONDS: 'half a minute' })).toThrow('DELIVERY_LEASE_SECONDS: must be a number of seconds');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://db/fhp' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ JWT_TTL_SECONDS: '10' }, 'JWT_TTL_SECONDS'],
    [{ JWT_PRIVATE_KEY: 'not a pem' }, 'JWT_PRIVATE_KEY'],
    [{ OTP_PEPPER: 'short' }, 'OTP_PEPPER'],
    [{ NODE_ENV: 'production' }, 'OTP_PEPPER'],
    [{ NODE_ENV: 'production' }, 'LEDGER_PSEUDONYM_KEY'],
    [{ LEDGER_PSEUDONYM_KEY: 'short' }, 'LEDGER_PSEUDONYM_KEY'],
    [{ NODE_ENV: 'production' }, 'BANK_ACCOUNT_KEY'],
    [{ BANK_ACCOUNT_KEY: 'short' }, 'BANK_ACCOUNT_KEY'],
    [{ NODE_ENV: 'production' }, 'LEDGER_CHECKPOINT_PRIVATE_KEY'],
    [{ LEDGER_CHECKPOINT_PRIVATE_KEY: 'not a pem' }, 'LEDGER_CHECKPOINT_PRIVATE_KEY'],
    [{ LEDGER_CHECKPOINT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }, 'LEDGER_CHECKPOINT_PRIVATE_KEY'],
    [{ QUERY_TOKEN_SIGNER_PUBLIC_KEY: 'abc' }, 'QUERY_TOKEN_SIGNER_PUBLIC_KEY'],
    [{ QUERY_TOKEN_SIGNER_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', QUERY_TOKEN_AUDIENCE: 'fhp' }, 'QUERY_TOKEN_ISSUER'],
    [{ QUERY_TOKEN_SIGNER_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', QUERY_TOKEN_ISSUER: 'partner' }, 'QUERY_TOKEN_AUDIENCE'],
    [{ NODE_ENV: 'production' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'fhp.example' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://fhp.example/?next=evil' }, 'PUBLIC_URL'],
  ])('fails fast on %o, naming the variable', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
  });

  it('has identity defaults and reads PEMs with escaped line breaks', () => {
    const config = loadConfig({ QUERY_TOKEN_SIGNER_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----', QUERY_TOKEN_ISSUER: 'partner', QUERY_TOKEN_AUDIENCE: 'fhp' });
    expect(config).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Flexible Hurricane Protection <no-reply@fhp.example>',
      jwt: { privateKeyPem: undefined, publicKeyPem: undefined, ttlSeconds: 3600 },
      otpPepperIsDevelopmentDefault: true,
      queryTokenSignerPublicKeyPem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
      queryTokenIssuer: 'partner',
      queryTokenAudience: 'fhp',
    });
  });
});

describe('RATE_LIMIT_CODE_SENDS_PER_EMAIL', () => {
  it('is the identity rule (3 codes an email in 10 minutes) unless set', () => {
    expect(loadConfig({}).codeResendWindow).toEqual({ maxSends: 3, windowSeconds: 600 });
    expect(loadConfig({ RATE_LIMIT_CODE_SENDS_PER_EMAIL: '20' }).codeResendWindow).toEqual({ maxSends: 20, windowSeconds: 600 });
    expect(() => loadConfig({ RATE_LIMIT_CODE_SENDS_PER_EMAIL: '0' })).toThrow(/RATE_LIMIT_CODE_SENDS_PER_EMAIL: must be at least 1/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }).trustProxy).toBe(false);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1', '10.0.0.1'],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8, 127.0.0.1'],
  ] as const)('reads %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('names the variable when the value is not understood', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
