import { randomUUID } from 'node:crypto';
import type { CountryCode, OptionId, PaymentChannel, PaymentPlan } from '@fhp/domain';
import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import type { PDFNumber} from 'pdf-lib';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { eq } from 'drizzle-orm';
import { seasons } from '../src/db/schema';
import { insertProvisionalPolicy } from '../src/modules/policies/provisional';
import { localIsoDate } from '../src/modules/purchase/local-date';
import type { PolicyRow } from '../src/modules/policies/repository';
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
}

/** A provisional policy of the user with this email, priced by the domain, in a season of the seed. */
export async function makeProvisional(app: FastifyInstance, email: string, options: ProvisionalOptions = {}): Promise<PolicyRow> {
  const seasonYear = options.seasonYear ?? 2027;
  const [season] = await app.db.select().from(seasons).where(eq(seasons.year, seasonYear));
  if (!season) throw new Error(`No season ${seasonYear}`);
  const purchasedAt = new Date(options.purchasedAt ?? `${seasonYear}-03-01T16:00:00Z`);
  const ownerId = await userId(app, email);
  return app.db.transaction((tx) =>
    insertProvisionalPolicy(tx, {
      ownerId,
      country: options.country ?? 'gd',
      optionId: options.optionId ?? '3',
      coverageCents: options.coverageCents ?? 2_500_000,
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
    }),
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

/** Every page's text of a PDF, joined (unpdf, PDF.js underneath). */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  return { text, pages: totalPages };
}

/**
 * Decodes the QR codes drawn in a PDF: each image XObject's pixels are decoded from the file
 * (pdf-lib) and read by jsQR, as a phone camera would read the printed page.
 */
export async function pdfQrCodes(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const pixels = decodePDFRawStream(object).decode();
    const channels = pixels.length / (width * height);
    if (channels !== 1 && channels !== 3) continue; // a soft mask or another encoding: not a QR image
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      const at = pixel * channels;
      const [r, g, b] = channels === 3 ? [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!] : [pixels[at]!, pixels[at]!, pixels[at]!];
      rgba.set([r, g, b, 255], pixel * 4);
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
