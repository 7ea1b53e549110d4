import type { AppAbility } from '@fhp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpErrorBody } from '../../http/errors';
import { MESSAGES } from './errors';

/** Whether the request announced a body (a length above zero, or chunks). */
function announcesBody(request: FastifyRequest): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

/**
 * A refusal answered before the body is read. The connection closes after it when a body was
 * announced: kept open, Node would read the rest of the body to throw it away, which is the work
 * refusing early is meant to spare.
 */
export function refuseBeforeBody(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  if (announcesBody(request)) reply.header('connection', 'close');
  return reply.code(status).send(httpErrorBody(status, message));
}

export interface BodyBound {
  bytes: number;
  /** The sentence for a body announced larger (413). */
  message: string;
}

/**
 * An `onRequest` hook for a route only some callers may use (decision 124): it runs when the
 * request's head has arrived, before Fastify reads and parses the body, so a caller without the
 * right (401 anonymous, 403 signed in) never makes the server take in their bytes. With `bound`, a
 * body announced larger than it is refused the same way (413), for the allowed callers too.
 */
export function allowOnly(may: (ability: AppAbility) => boolean, bound?: BodyBound) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (request.user === null) return refuseBeforeBody(request, reply, 401, MESSAGES.signInRequired);
    if (!may(request.ability)) return refuseBeforeBody(request, reply, 403, MESSAGES.forbidden);
    if (bound && Number(request.headers['content-length'] ?? 0) > bound.bytes) return refuseBeforeBody(request, reply, 413, bound.message);
    return undefined;
  };
}
