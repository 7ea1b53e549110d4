/**
 * Whole customer and staff flows over real HTTP against a server process (the fault and
 * two-instance tests, and `npm run bench:load`): sign-up by the emailed code, two proofs, KYC,
 * purchase at the price the server quotes today, a teller's password sign-in and payments. Free of
 * vitest, so the bench uses it too.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { localIsoDate, seasonForYear } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { seasons } from '../../src/db/schema';
import { extractCode, type SmtpCapture } from '../../src/modules/notifications/smtp-capture';
import { multipart, pdfBytes, pngBytes } from '../files-helpers';
import { kycInput, PURCHASE, purchaseInput, SUBMIT_KYC } from '../purchase-inputs';

/** Where the one-time codes are read: an SMTP capture in the test's process, or the bench's capture process. */
export interface CodeSource {
  /** The code of the next code email to `email` that was not read before. */
  nextCode(email: string): Promise<string>;
}

/** Codes from an SMTP capture in the test's own process. */
export function capturedCodes(smtp: SmtpCapture): CodeSource {
  return {
    async nextCode(email) {
      let message = await smtp.waitForMessage(email, { timeoutMs: 30_000 });
      while (!/code/i.test(message.subject)) message = await smtp.waitForMessage(email, { timeoutMs: 30_000 });
      return extractCode(message);
    },
  };
}

/** A refused step, with what the server answered (the status and its error code). */
export class FlowError extends Error {
  override name = 'FlowError';
  constructor(
    readonly step: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly retryAfter: string | null,
  ) {
    super(`${step}: ${status === 0 ? 'no answer' : `HTTP ${status}`}${code ? ` ${code}` : ''}`);
  }
  /** "purchase: HTTP 503": errors grouped by what happened, without who. */
  get kind(): string {
    return this.message;
  }
}

/** A port nothing listens on now (the OS picks it): tests and the bench never collide on fixed ports. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Puts a season on sale today (by the system clock the server process runs on), so the flows can
 * buy whatever the date: the seeded 2027 season while its window is open, else the next season
 * whose payment deadline is still ahead (priced with the latest earlier season's pricing).
 */
export async function openSaleToday(db: Db, now = new Date()): Promise<number> {
  const today = localIsoDate(now);
  let year = Number(today.slice(0, 4));
  while (seasonForYear(year).paymentDeadline < today) year += 1;
  const [existing] = await db.select().from(seasons).where(eq(seasons.year, year));
  if (existing) await db.update(seasons).set({ purchaseWindowOpen: true }).where(eq(seasons.year, year));
  else await db.insert(seasons).values(seasonForYear(year, { purchaseWindowOpen: true }));
  return year;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown> & { errors?: { extensions?: { code?: string } }[] };
}

export interface HttpFlows {
  readonly url: string;
  /** Sends a request as the client `ip` (X-Forwarded-For: the server must trust the caller as its proxy). */
  call(step: string, path: string, init: RequestInit, ip?: string): Promise<Answer>;
  signUp(email: string, ip?: string): Promise<string>;
  uploadProofs(token: string, ip?: string): Promise<{ fileId: string; type: string; name: string }[]>;
  submitKyc(token: string, documents: { fileId: string; type: string; name: string }[], ip?: string): Promise<void>;
  /** The purchase input of option 3 for EC$25,000 in Dominica at today's quoted price. */
  purchaseInput(patch?: Record<string, unknown>): Promise<Record<string, unknown>>;
  purchase(token: string, input: Record<string, unknown>, ip?: string): Promise<{ policyNumber: string; schedule: { number: number; amount: { cents: number } }[] }>;
  /** Signs up, uploads, submits KYC and buys: the policy number acknowledged. */
  newPolicy(email: string, ip?: string, patch?: Record<string, unknown>): Promise<{ token: string; policyNumber: string; input: Record<string, unknown> }>;
  /** Password sign-in with the emailed code (the staff's way in). */
  passwordSignIn(email: string, password: string, ip?: string): Promise<string>;
  recordPayment(token: string, policyNumber: string, amountCents: number, ip?: string): Promise<{ receiptNumber: string }>;
}

const QUOTE = '{ quote(input: { country: "dm", coverage: 25000 }) { options { id premium { raw } discount { premium { raw } } } } }';
const RECORD_PAYMENT = 'mutation Pay($input: RecordPaymentInput!) { recordPayment(input: $input) { receiptNumber } }';

export function httpFlows(url: string, codes: CodeSource): HttpFlows {
  let quoted: Promise<{ premium: number; discountedPremium: number | null }> | undefined;

  const json = (body: unknown, token?: string): RequestInit => ({
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

  const flows: HttpFlows = {
    url,
    async call(step, path, init, ip) {
      let response: Response;
      try {
        response = await fetch(url + path, { ...init, headers: { ...(init.headers as Record<string, string>), ...(ip ? { 'x-forwarded-for': ip } : {}) } });
      } catch {
        throw new FlowError(step, 0, undefined, null);
      }
      const text = await response.text();
      let body: Answer['body'] = {};
      try {
        body = JSON.parse(text) as Answer['body'];
      } catch {
        // Not JSON (a proxy's or a dying server's answer): the status says enough.
      }
      const retryAfter = response.headers.get('retry-after');
      const code = body.errors?.[0]?.extensions?.code;
      if (response.status >= 300 || body.errors) throw new FlowError(step, response.status, code, retryAfter);
      return { status: response.status, retryAfter, body };
    },
    async signUp(email, ip) {
      await flows.call('sign-up', '/iam/v1/user/sign-up', json({ email }), ip);
      const otp = await codes.nextCode(email);
      const verified = await flows.call('verify', '/iam/v1/email/verify-by-otp', json({ email, otp }), ip);
      return verified.body.accessToken as string;
    },
    async uploadProofs(token, ip) {
      const proofs = [
        { purpose: 'ID_PROOF', filename: 'passport.png', contentType: 'image/png', data: pngBytes(), name: 'passport' },
        { purpose: 'ADDRESS_PROOF', filename: 'bill.pdf', contentType: 'application/pdf', data: pdfBytes(), name: 'utilityBill' },
      ];
      return Promise.all(
        proofs.map(async (proof) => {
          const { payload, headers } = multipart([{ name: 'purpose', value: proof.purpose }, { name: 'file', filename: proof.filename, contentType: proof.contentType, data: proof.data }]);
          const stored = await flows.call('upload', '/api/v1/files', { method: 'POST', body: payload, headers: { ...headers, authorization: `Bearer ${token}` } }, ip);
          return { fileId: stored.body.id as string, type: proof.purpose, name: proof.name };
        }),
      );
    },
    async submitKyc(token, documents, ip) {
      await flows.call('kyc', '/graphql', json({ query: SUBMIT_KYC, variables: { input: kycInput(documents) } }, token), ip);
    },
    async purchaseInput(patch = {}) {
      quoted ??= (async () => {
        const answer = await flows.call('quote', '/graphql', json({ query: QUOTE }));
        const options = (answer.body.data as { quote: { options: { id: string; premium: { raw: number }; discount: { premium: { raw: number } } | null }[] } }).quote.options;
        const option = options.find((candidate) => candidate.id === '3')!;
        return { premium: option.premium.raw, discountedPremium: option.discount?.premium.raw ?? null };
      })();
      return purchaseInput({ ...(await quoted), idempotencyKey: randomUUID(), ...patch });
    },
    async purchase(token, input, ip) {
      const answer = await flows.call('purchase', '/graphql', json({ query: PURCHASE, variables: { input } }, token), ip);
      return (answer.body.data as { PurchasePolicy: { policyNumber: string; schedule: { number: number; amount: { cents: number } }[] } }).PurchasePolicy;
    },
    async newPolicy(email, ip, patch) {
      const token = await flows.signUp(email, ip);
      await flows.submitKyc(token, await flows.uploadProofs(token, ip), ip);
      const input = await flows.purchaseInput(patch);
      return { token, input, policyNumber: (await flows.purchase(token, input, ip)).policyNumber };
    },
    async passwordSignIn(email, password, ip) {
      await flows.call('password', '/iam/v1/user/sign-in', json({ email, password, role: null }), ip);
      const otp = await codes.nextCode(email);
      const signedIn = await flows.call('sign-in', '/iam/v1/user/sign-in', json({ email, password, otp, role: null }), ip);
      return signedIn.body.accessToken as string;
    },
    async recordPayment(token, policyNumber, amountCents, ip) {
      const input = { policyNumber, amount: (amountCents / 100).toFixed(2), channel: 'CREDIT_UNION', reference: `CU-${randomUUID().slice(0, 12)}`, paidOn: localIsoDate(new Date()) };
      const answer = await flows.call('payment', '/graphql', json({ query: RECORD_PAYMENT, variables: { input } }, token), ip);
      return (answer.body.data as { recordPayment: { receiptNumber: string } }).recordPayment;
    },
  };
  return flows;
}
