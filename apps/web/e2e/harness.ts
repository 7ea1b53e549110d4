/**
 * Clients of the test-only endpoints that `server-with-mail.ts` serves beside the app on
 * E2E_MAIL_PORT: what was mailed (from the real SMTP capture) and what the database holds.
 */
const harnessUrl = (path: string, port = process.env.E2E_MAIL_PORT ?? '3101') => `http://127.0.0.1:${port}${path}`;

async function call<T>(method: 'GET' | 'POST', path: string, port?: string): Promise<T> {
  const response = await fetch(harnessUrl(path, port), { method });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${body.error ?? response.status}`);
  return body;
}

const mailQuery = (email: string, timeoutMs: number) => `?to=${encodeURIComponent(email)}&timeoutMs=${timeoutMs}`;

/** The code in the next unread code message to `email` (other mail to it is skipped), waiting for it to arrive. */
export async function readMailedCode(email: string, timeoutMs = 10_000): Promise<string> {
  return (await call<{ code: string }>('GET', `/code${mailQuery(email, timeoutMs)}`)).code;
}

/** The next unread message to `email`, whole (subject and text body), waiting for it to arrive. */
export function readMailedMessage(email: string, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
  return call('GET', `/message${mailQuery(email, timeoutMs)}`);
}

/** The code in the first SMS to `phone` sent at or after `since` (epoch ms), waiting for it to arrive. */
export async function readTextedCode(phone: string, since: number, timeoutMs = 10_000): Promise<string> {
  return (await call<{ code: string }>('GET', `/sms?to=${encodeURIComponent(phone)}&since=${since}&timeoutMs=${timeoutMs}`)).code;
}

/** A `policies` row as stored (drizzle's camelCase names; amounts in integer cents). */
export interface StoredPolicy {
  policyNumber: string;
  type: string;
  status: string;
  country: string;
  optionId: string;
  coverageCents: number;
  premiumCents: number;
  discountedPremiumCents: number | null;
  paymentPlan: string;
  paymentChannel: string;
}

/** Every policy the customer with this email owns, read from the app's database. */
export function readStoredPolicies(email: string): Promise<StoredPolicy[]> {
  return call('GET', `/policies?email=${encodeURIComponent(email)}`);
}

/** Closes (or reopens what was closed) the purchase window of the season on sale, in the database. */
export async function setPurchaseWindow(state: 'open' | 'closed'): Promise<void> {
  await call('POST', state === 'open' ? '/season/open' : '/season/close');
}

/** A provisional policy of that customer in the season on sale, bought now (gd, EC$25,000, option 3: EC$1,960.00). */
export function createProvisionalPolicy(email: string, plan = 'INSTALMENTS_2'): Promise<{ policyId: string; policyNumber: string; premiumCents: number }> {
  return call('POST', `/provisional?email=${encodeURIComponent(email)}&plan=${plan}`);
}

/** The hash of a proof-ledger entry (e.g. the POLICY_ISSUED entry of a policy number). */
export async function ledgerHash(txnId: string, kind: string): Promise<string | null> {
  return (await call<{ hash: string | null }>('GET', `/ledger?txnId=${encodeURIComponent(txnId)}&kind=${kind}`)).hash;
}

/** A proof-ledger entry the harness appended. */
export interface SeededLedgerEntry {
  hash: string;
  sequence: number;
}

/** Appends and seals a few proof-ledger entries of demo holders (payments, issues); answers them in order. */
export function seedLedgerEntries(): Promise<SeededLedgerEntry[]> {
  return call('POST', '/ledger/entries');
}

/** Alters the stored payload of the entry with this hash (raw SQL), or puts every altered one back. */
export async function tamperLedgerEntry(hash: string): Promise<void> {
  await call('POST', `/ledger/tamper?hash=${hash}`);
}

export async function restoreLedger(): Promise<void> {
  await call('POST', '/ledger/restore');
}

/** Puts a customer's decided KYC documents back to waiting, as the seed left them. */
export async function resubmitKyc(email: string): Promise<void> {
  await call('POST', `/kyc/resubmit?email=${encodeURIComponent(email)}`);
}

/**
 * Declares an error-level server log line this spec causes on purpose (matched against the JSON
 * line); the run's guard (server-log.teardown.ts) fails on every other error-level line.
 */
export async function expectServerError(pattern: RegExp): Promise<void> {
  await call('POST', `/log/expected?pattern=${encodeURIComponent(pattern.source)}`);
}

/** The server's error-level log lines of the run so far that no spec declared. */
export async function unexpectedServerErrors(): Promise<string[]> {
  // Every worker's server (playwright.config.ts); one port when only this worker's is known.
  const ports = (process.env.E2E_MAIL_PORTS ?? process.env.E2E_MAIL_PORT ?? '3101').split(',');
  const perServer = await Promise.all(ports.map((port) => call<string[]>('GET', '/log/unexpected', port)));
  return perServer.flat();
}

/** An ATCF b-deck file ingested as a feed source's, as a poll would: its storm is active at once (active-storms.spec.ts). */
export async function ingestFeedFile(fileName: string, text: string, source = 'nhc'): Promise<{ stormId: string; change: string; payouts: number }> {
  const response = await fetch(harnessUrl(`/storm/feed?source=${encodeURIComponent(source)}&file=${encodeURIComponent(fileName)}`), { method: 'POST', body: text });
  const body = (await response.json()) as { stormId: string; change: string; payouts: number; error?: string };
  if (!response.ok) throw new Error(`POST /storm/feed: ${body.error ?? response.status}`);
  return body;
}
