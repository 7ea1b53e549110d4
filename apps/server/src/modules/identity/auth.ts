import { defineAbilityFor, isRoleName, type AppAbility, type RoleName } from '@fhp/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpErrorBody } from '../../http/errors';
import type { AccountGate } from './account-gate';
import { TokenVerificationError, type TokenService } from './crypto';
import { MESSAGES } from './errors';

/** Who is asking, from a verified access token. */
export interface RequestUser {
  id: string;
  /** Null when the token names a role this build does not know: such a user may do nothing. */
  role: RoleName | null;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null for an anonymous caller. */
    user: RequestUser | null;
    ability: AppAbility;
  }
}

/** Built once: anonymous requests (the public pages, quotes) are the hot path. */
const ANONYMOUS_ABILITY = defineAbilityFor(null);

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

function refuse(request: FastifyRequest, reply: FastifyReply, message: string): FastifyReply {
  reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"');
  const path = request.url.split('?', 1)[0] ?? '';
  if (path === '/graphql') {
    // The web's GraphQL client reads errors from the GraphQL shape, not the REST one.
    return reply.send({ data: null, errors: [{ message, extensions: { code: 'UNAUTHENTICATED', display_message: message } }] });
  }
  return reply.send(httpErrorBody(401, message));
}

/**
 * Reads `Authorization: Bearer` on every request. No header: anonymous. A header that is not a
 * valid, unexpired token of ours (tampered, `alg: none`, another key, another scheme): 401, never
 * a silent fall back to anonymous, so a client learns at once that its session is gone. A valid
 * token whose account was deleted or suspended since, or whose role changed, is refused too
 * (the account gate caches that for a few seconds).
 */
export function registerAuthHook(app: FastifyInstance, tokens: TokenService, accounts: AccountGate): void {
  app.decorateRequest('user', null);
  app.decorateRequest('ability', null as unknown as AppAbility);
  app.addHook('onRequest', async (request, reply) => {
    request.user = null;
    request.ability = ANONYMOUS_ABILITY;
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') return;
    const token = BEARER.exec(header)?.[1];
    if (token === undefined) return refuse(request, reply, MESSAGES.sessionInvalid);
    try {
      const claims = await tokens.verify(token);
      const standing = await accounts.standing(claims.sub);
      if (standing === null || standing.suspended) {
        request.log.info({ userId: claims.sub, reason: standing === null ? 'deleted' : 'suspended' }, 'access token refused');
        return refuse(request, reply, MESSAGES.accountInactive);
      }
      if (standing.roleName !== claims.role) {
        // A new sign-in issues a token with the new role; the old one must not keep the old rights.
        request.log.info({ userId: claims.sub, reason: 'role changed' }, 'access token refused');
        return refuse(request, reply, MESSAGES.sessionInvalid);
      }
      const role = isRoleName(claims.role) ? claims.role : null;
      request.user = { id: claims.sub, role, email: claims.email };
      request.ability = defineAbilityFor({ id: claims.sub, role });
    } catch (error) {
      if (!(error instanceof TokenVerificationError)) throw error;
      // The reason, never the token: it is a bearer credential.
      request.log.info({ reason: error.reason, detail: error.detail }, 'access token refused');
      return refuse(request, reply, error.reason === 'expired' ? MESSAGES.sessionExpired : MESSAGES.sessionInvalid);
    }
  });
}
