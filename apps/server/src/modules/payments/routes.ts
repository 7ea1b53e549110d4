import { formatReceiptNumber, normalizePolicyNumber, parsePolicyNumber, subject } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { payments, policies, users } from '../../db/schema';
import { contentDisposition } from '../../http/content-disposition';
import { httpErrorBody } from '../../http/errors';
import { fullName, MESSAGES } from '../identity';
import { isUuid } from '../lifecycle';
import { renderReceiptPdf } from './receipt-pdf';
import { CONTRACTS_PATH, RECEIPTS_PATH } from './view';

const RECEIPT_NOT_FOUND = 'This receipt was not found.'; // ours
const CONTRACT_NOT_FOUND = 'This policy document was not found.'; // ours

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send(httpErrorBody(status, message));
}

async function requireSignedIn(request: FastifyRequest, reply: FastifyReply) {
  if (request.user === null) return refuse(reply, 401, MESSAGES.signInRequired);
}

function sendPdf(reply: FastifyReply, filename: string, bytes: Uint8Array | Buffer): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('inline', filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));
}

/**
 * `GET /api/v1/receipts/:paymentId`: a payment's receipt PDF, for whoever records payments (teller,
 * admin) and for the policy's holder; `GET /api/v1/policies/:policyNumber/contract`: the issued
 * contract PDF, for its holder and administrators (a teller never reads a holder's documents).
 * Anyone else gets the same 404 as for a missing record: ids and numbers reveal nothing.
 */
export async function paymentRoutes(app: FastifyInstance) {
  app.get<{ Params: { paymentId: string } }>(`${RECEIPTS_PATH}/:paymentId`, { onRequest: requireSignedIn }, async (request, reply) => {
    const { paymentId } = request.params;
    const [row] = isUuid(paymentId)
      ? await app.db
          .select({ payment: payments, policy: policies })
          .from(payments)
          .innerJoin(policies, eq(policies.id, payments.policyId))
          .where(eq(payments.id, paymentId))
      : [];
    if (!row || !request.ability.can('read', subject('Receipt', { ownerId: row.policy.ownerId }))) return refuse(reply, 404, RECEIPT_NOT_FOUND);
    const [[holder], [recorder]] = await Promise.all([
      app.db.select().from(users).where(eq(users.id, row.policy.ownerId)),
      app.db.select().from(users).where(eq(users.id, row.payment.recordedBy)),
    ]);
    const receiptNumber = formatReceiptNumber(row.payment.sequence);
    const bytes = await renderReceiptPdf({
      receiptNumber,
      policyNumber: row.policy.policyNumber,
      holderName: holder ? fullName(holder) : '',
      amountCents: row.payment.amountCents,
      channel: row.payment.channel,
      reference: row.payment.reference,
      paidOn: row.payment.paidOn,
      recordedAt: row.payment.recordedAt,
      recordedBy: recorder ? fullName(recorder) : '',
      outstandingAfterCents: row.payment.outstandingAfterCents,
      payableCents: row.policy.discountedPremiumCents ?? row.policy.premiumCents,
    });
    return sendPdf(reply, `${receiptNumber}.pdf`, bytes);
  });

  app.get<{ Params: { policyNumber: string } }>(`${CONTRACTS_PATH}/:policyNumber/contract`, { onRequest: requireSignedIn }, async (request, reply) => {
    const text = request.params.policyNumber;
    const number = parsePolicyNumber(text) ? normalizePolicyNumber(text) : null;
    const [policy] = number ? await app.db.select().from(policies).where(eq(policies.policyNumber, number)) : [];
    // The contract is the holder's document: the Document rule (own, or an administrator) decides.
    if (!policy || !policy.contractFileId || !request.ability.can('read', subject('Document', { ownerId: policy.ownerId }))) {
      return refuse(reply, 404, CONTRACT_NOT_FOUND);
    }
    const blob = await app.blobs.get(policy.contractFileId);
    if (!blob) return refuse(reply, 404, CONTRACT_NOT_FOUND);
    return sendPdf(reply, `${policy.policyNumber}.pdf`, blob.bytes);
  });
}
