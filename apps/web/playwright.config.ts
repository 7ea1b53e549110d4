import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/chromium';

/**
 * End-to-end tests run the real server (production mode, built web app from apps/web/dist)
 * on a fresh embedded database, in the system Chromium. `npm run test:e2e` builds first.
 */
const repoRoot = resolve(import.meta.dirname, '../..');
// E2E_BASE_URL points the specs at a server that is already running (no server is started then).
const externalBaseURL = process.env.E2E_BASE_URL;
/**
 * One worker unless E2E_WORKERS says more: with two browsers on the 2-core machine, full-page
 * screenshots of the admin screens hung past the 30 s timeout (decision 175).
 * One server per worker slot (decision 175): each has its own database, mail capture and limits, so
 * two workers never see each other's data. Slot N listens on E2E_PORT + 2N and serves its test
 * endpoints one port above. Playwright evaluates this file again in each worker, where
 * TEST_PARALLEL_INDEX names the slot; in the main process there is none and every server is listed.
 */
const workers = externalBaseURL ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const firstPort = Number(process.env.E2E_PORT ?? 3100);
const appPort = (slot: number) => firstPort + 2 * slot;
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const baseURL = externalBaseURL ?? `http://127.0.0.1:${appPort(slot)}`;
// Where the specs read mailed codes (e2e/harness.ts): the test endpoints beside this worker's app.
process.env.E2E_MAIL_PORT = String(appPort(slot) + 1);
// Every server's test endpoints, for the run's log guard (e2e/server-log.teardown.ts).
process.env.E2E_MAIL_PORTS = Array.from({ length: workers }, (_, index) => appPort(index) + 1).join(',');
// The config is evaluated again in each worker; the env variable makes them all share one directory.
const dataDir = (process.env.FHP_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fhp-e2e-')));

export default defineConfig({
  testDir: './e2e',
  outputDir: join(repoRoot, 'test-results/e2e'),
  fullyParallel: false,
  // A spec file runs whole on one worker: its tests share a signed-in state and the order of its steps.
  workers,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  reporter: [['list']],
  // Fails the run on an error-level server log line that no spec caused on purpose.
  globalTeardown: './e2e/server-log.teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The service worker (decision 115) precaches the whole app in the background of every signed-in
    // context: offline.spec.ts allows it where it is the subject, the other specs run without it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: externalBaseURL
    ? undefined
    : Array.from({ length: workers }, (_, index) => ({
      // The real app with a real SMTP server in front of its mail (e2e/server-with-mail.ts).
      command: 'node --import tsx apps/web/e2e/server-with-mail.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${appPort(index)}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(appPort(index)),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataDir, `server-${index}`),
        // Always the embedded database: e2e must not touch a developer's or CI's PostgreSQL.
        DATABASE_URL: '',
        WEB_DIST_DIR: join(repoRoot, 'apps/web/dist'),
        LOG_LEVEL: 'warn',
        // Production refuses to start without one; any 32+ characters will do for a throwaway database.
        OTP_PEPPER: 'e2e-only-pepper-0123456789abcdefghijklmnop',
        LEDGER_PSEUDONYM_KEY: 'e2e-only-ledger-key-0123456789abcdefghijklmnop',
        BANK_ACCOUNT_KEY: 'e2e-only-bank-key-0123456789abcdefghijklmnop',
        // A key of the tests' own (public, like the others here): production requires one.
        LEDGER_CHECKPOINT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgDQJ8O4+ptG0tGB2P\nPqB3MI/mp9h6VIPgl1I+CCWPs/6hRANCAAS5pSfbRfE5o6lMbN+y/5Rf8aso5xHI\n+DplTcFRlyRE0UZe0hxlxbQ9X42CHwlYSAdjXZEiXYKCunaMEldYti19\n-----END PRIVATE KEY-----',
        // Production refuses to start without it: the address links in emails and contracts start with.
        PUBLIC_URL: `http://127.0.0.1:${appPort(index)}`,
        E2E_MAIL_PORT: String(appPort(index) + 1),
        // Every spec signs in from 127.0.0.1 within the hour: the per-address limits would refuse the run.
        RATE_LIMIT_CODE_SENDS_PER_ADDRESS: '100000',
        RATE_LIMIT_SECRET_CHECKS_PER_ADDRESS: '100000',
        RATE_LIMIT_CODE_SENDS_PER_ACCOUNT: '100000',
        RATE_LIMIT_SECRET_CHECKS_PER_ACCOUNT: '100000',
        // The specs sign the demo accounts in more often than 3 times in 10 minutes.
        RATE_LIMIT_CODE_SENDS_PER_EMAIL: '1000',
        // The specs sign in as the demo accounts; production leaves them out unless told (warns at start).
        SEED_DEMO: 'true',
      },
    })),
});
