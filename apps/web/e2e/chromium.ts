/**
 * How the system Chromium is started for the e2e specs and for `npm run bench:web`. The
 * background-networking flags matter: this machine's network is closed, and Chromium's own
 * connections would otherwise be refused many at a time.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
