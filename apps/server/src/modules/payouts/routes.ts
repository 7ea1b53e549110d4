import { isStormId } from '@fhp/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refuse } from '../../http/errors';
import { createAccountCipher } from '../bank';
import { MESSAGES } from '../identity';
import { bankTransferCsv, stormPayouts, wireAccounts } from './wires';

/** The bank-transfer file of a storm's payouts, under the storm's address. */
export const STORM_PAYOUTS_CSV_PATH = '/api/v1/storms/:id/payouts.csv';

async function requireWireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (request.user === null) return refuse(reply, 401, MESSAGES.signInRequired);
  if (!request.ability.can('read', 'PayoutWire')) return refuse(reply, 403, MESSAGES.forbidden);
}

/**
 * `GET /api/v1/storms/:id/payouts.csv`: the bank-transfer file of a storm's pending payouts with
 * each holder's payout account (account numbers decrypted: admins only).
 */
export async function payoutRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(STORM_PAYOUTS_CSV_PATH, { onRequest: requireWireAdmin }, async (request, reply) => {
    const id = request.params.id.toUpperCase();
    if (!isStormId(id)) return refuse(reply, 404, 'This storm was not found.');
    const rows = await stormPayouts(app.db, id);
    const accounts = await wireAccounts(app.db, createAccountCipher(app.config.bankAccountKey), rows.filter((row) => row.status === 'PENDING').map((row) => row.ownerId));
    const csv = bankTransferCsv(id, rows, accounts);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payouts-${id}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
}
