import { HURDAT2_MAX_BYTES, isDomainError } from '@fhp/domain';
import type { FastifyInstance } from 'fastify';
import { refuse } from '../../http/errors';
import { allowOnly } from '../identity';
import { lifecycleDeps } from '../lifecycle';
import { importStormText, STORM_MESSAGES, stormFileText } from './service';

export const STORMS_PATH = '/api/v1/storms';

/** Runs before the body is read: only an admin's bytes are ever parsed, and never more than 20 MB. */
const requireStormAdmin = allowOnly((ability) => ability.can('create', 'Storm'), { bytes: HURDAT2_MAX_BYTES, message: STORM_MESSAGES.tooLarge });

/**
 * `POST /api/v1/storms`: an admin's HURDAT2 file as the raw body (text/plain or
 * application/octet-stream, at most 20 MB; decision 004 keeps file bytes out of GraphQL), imported
 * and evaluated (the storm's bank-transfer file is modules/payouts'). Encapsulated: the raw-body
 * parsers exist only here.
 */
export async function stormRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(['text/plain', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: HURDAT2_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post(STORMS_PATH, { onRequest: requireStormAdmin, bodyLimit: HURDAT2_MAX_BYTES }, async (request, reply) => {
    const body = request.body;
    if (!Buffer.isBuffer(body)) return refuse(reply, 415, STORM_MESSAGES.notText);
    try {
      const result = await importStormText(lifecycleDeps(app, request.log), stormFileText(body));
      request.log.info({ storms: result.storms.length, payouts: result.payouts.length, alerts: result.alerts.length }, 'storm file imported');
      return reply.code(200).send({
        storms: result.storms,
        payouts: result.payouts.length,
        alerts: result.alerts.length,
      });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      request.log.info({ reason: error.code }, 'storm file refused');
      return refuse(reply, error.code === 'STORM_FILE_REFUSED' && error.message === STORM_MESSAGES.tooLarge ? 413 : 400, error.message);
    }
  });
}
