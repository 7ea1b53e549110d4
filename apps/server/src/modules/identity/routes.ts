import {
  accessTokenBodySchema,
  invitationSendBodySchema,
  inviteBodySchema,
  otpSendBodySchema,
  signInBodySchema,
  signInTypeBodySchema,
  signUpBodySchema,
  verifyByOtpBodySchema,
  type Action,
  type DataSubject,
} from '@fhp/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { httpErrorBody } from '../../http/errors';
import { IdentityError, MESSAGES } from './errors';
import type { IdentityService } from './service';

/** The body through the domain's schema; the first problem is the customer's sentence. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new IdentityError(400, 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new IdentityError(400, result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}

/** Staff-only routes: anonymous answers 401, a signed-in user without the ability 403. */
function requireAbility(request: FastifyRequest, action: Action, subject: DataSubject): void {
  if (request.user === null) throw new IdentityError(401, MESSAGES.signInRequired);
  if (!request.ability.can(action, subject)) throw new IdentityError(403, MESSAGES.forbidden);
}

/**
 * Replies an IdentityError with its headers (Retry-After); anything else goes to the app's handler.
 * The app's handler turns every 5xx into a generic 500, so our own 503s (mail could not be sent,
 * with a sentence saying what to do) are answered here.
 */
function withHeaders(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof IdentityError)) throw error;
  reply.headers(error.headers);
  if (error.statusCode < 500) throw error;
  request.log.warn({ err: error }, 'identity request could not be completed');
  return reply.code(error.statusCode).send(httpErrorBody(error.statusCode, error.message));
}

/** `/iam/v1`: every route POST with a JSON body (docs/architecture.md, Identity contract). */
export const identityRoutes =
  (service: IdentityService): FastifyPluginAsync =>
  async (app) => {
    const post = <S extends z.ZodType>(
      path: string,
      schema: S,
      handle: (body: z.output<S>) => Promise<unknown>,
      guard?: [Action, DataSubject],
    ) =>
      app.post(path, async (request, reply) => {
        try {
          if (guard) requireAbility(request, ...guard);
          return await handle(parseBody(schema, request.body));
        } catch (error) {
          return withHeaders(request, reply, error);
        }
      });

    post('/user/sign-in-type/get', signInTypeBodySchema, (body) => service.signInType(body.email));
    post('/user/sign-in', signInBodySchema, (body) => service.signIn(body));
    post('/user/sign-up', signUpBodySchema, (body) => service.signUp(body));
    post('/email/verify-by-otp', verifyByOtpBodySchema, (body) => service.verifyByOtp(body));
    post('/otp/send', otpSendBodySchema, (body) => service.otpSend(body));
    post('/user/access-token/get', accessTokenBodySchema, (body) => service.accessToken(body));
    post('/user/invite', inviteBodySchema, (body) => service.invite(body), ['manage', 'User']);
    post('/invitation/send', invitationSendBodySchema, (body) => service.invitationSend(body), ['manage', 'User']);
  };
