import { randomUUID } from 'node:crypto';
import type { CountryCode, OptionId, PaymentChannel, PaymentPlan } from '@fhp/domain';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { seasons } from '../src/db/schema';
import { insertProvisionalPolicy } from '../src/modules/purchase/provisional';
import { localIsoDate } from '@fhp/domain';
import type { Db } from '../src/db/client';
import type { PolicyRow } from '../src/modules/lifecycle/repository';
import { gqlAs, userId } from './identity-helpers';

/** A clock a test moves: jobs and payments read "now" from it. */
export function settableClock(initial: string) {
  let now = new Date(initial);
  return {
    clock: () => now,
    set(iso: string) {
      now = new Date(iso);
    },
  };
}

export interface ProvisionalOptions {
  country?: CountryCode;
  optionId?: OptionId;
  coverageCents?: number;
  seasonYear?: number;
  plan?: PaymentPlan;
  channel?: PaymentChannel;
  purchasedAt?: string;
  /** An offer's percent, applied as a purchase applies it (the discounted premium is what is owed). */
  discountPercent?: number;
  /** The counter's value the number's candidates start from (read in the transaction when absent). */
  numberBase?: number;
}

/** A provisional policy of the user with this email, priced by the domain, in a season of the seed. */
export async function makeProvisional(app: FastifyInstance, email: string, options: ProvisionalOptions = {}): Promise<PolicyRow> {
  return makeProvisionalIn(app.db, await userId(app, email), options);
}

/** The same, straight into a database no app runs on yet (the server-process tests prepare theirs). */
export async function makeProvisionalIn(db: Db, ownerId: string, options: ProvisionalOptions = {}): Promise<PolicyRow> {
  const seasonYear = options.seasonYear ?? 2027;
  const [season] = await db.select().from(seasons).where(eq(seasons.year, seasonYear));
  if (!season) throw new Error(`No season ${seasonYear}`);
  const purchasedAt = new Date(options.purchasedAt ?? `${seasonYear}-03-01T16:00:00Z`);
  return db.transaction((tx) =>
    insertProvisionalPolicy(tx, {
      ownerId,
      country: options.country ?? 'gd',
      optionId: options.optionId ?? '3',
      coverageCents: options.coverageCents ?? 2_500_000,
      ...(options.discountPercent ? { discountPercent: options.discountPercent } : {}),
      seasonYear,
      paymentDeadline: season.paymentDeadline,
      paymentPlan: options.plan ?? 'INSTALMENTS_2',
      paymentChannel: options.channel ?? 'CREDIT_UNION',
      purchasedAt,
      purchaseDate: localIsoDate(purchasedAt),
      idempotencyKey: randomUUID(),
      beneficiary: {
        firstName: 'Paul',
        lastName: 'Joseph',
        email: 'paul.joseph@example.com',
        mobileNo: '+1 473 555 0199',
        addressLine1: '4 Church Street',
        city: "St. George's",
        country: 'gd',
      },
    }, options.numberBase === undefined ? {} : { numberBase: options.numberBase }),
  );
}

export const RECORD_PAYMENT = `mutation Pay($input: RecordPaymentInput!) {
  recordPayment(input: $input) {
    paymentId receiptNumber receiptUrl contractIssued
    policy { policyNumber type status paymentState paid { cents } outstanding { cents } contractUrl
      payments { receiptNumber amount { cents } reference } }
  }
}`;

export interface RecordPaymentAnswer {
  recordPayment: {
    paymentId: string;
    receiptNumber: string;
    receiptUrl: string;
    contractIssued: boolean;
    policy: {
      policyNumber: string;
      type: string;
      status: string;
      paymentState: string;
      paid: { cents: number };
      outstanding: { cents: number };
      contractUrl: string | null;
      payments: { receiptNumber: string; amount: { cents: number }; reference: string }[];
    };
  };
}

let referenceCounter = 0;
/** A payment input; a fresh reference each call unless one is given. */
export function paymentInput(policyNumber: string, amount: string | number, patch: Record<string, unknown> = {}) {
  referenceCounter += 1;
  return { policyNumber, amount: String(amount), channel: 'CREDIT_UNION', reference: `CU-${Date.now()}-${referenceCounter}`, paidOn: '2027-03-10', ...patch };
}

export function recordPaymentAs(app: FastifyInstance, token: string | undefined, input: Record<string, unknown>) {
  return gqlAs<RecordPaymentAnswer>(app, token, RECORD_PAYMENT, { input });
}

/** GET with a bearer token; the raw response (PDFs are bytes). */
export function download(app: FastifyInstance, token: string | undefined, url: string) {
  return app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

export { pdfQrCodes, pdfText } from './pdf-inspect';
