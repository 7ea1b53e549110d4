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
  type ClientLimitKind,
  type DataSubject,
} from '@fhp/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { httpErrorBody } from '../../http/errors';
import type { ClientLimiter } from './client-limits';
import { IdentityError } from './errors';
import { allowOnly } from './route-guards';
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

/**
 * Replies an IdentityError with its headers (Retry-After); anything else goes to the app's handler.
 * The app's handler turns every 5xx into a generic 500, so our own 503s (mail could not be sent,
 * with a sentence saying what to do) are answered here.
 */
function withHeaders(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof IdentityError)) throw error;
  reply.headers(error.headers);
  if (error.limit) request.server.metrics.limitRefused('rest', error.limit.kind, error.limit.scope);
  if (error.statusCode < 500) throw error;
  request.log.warn({ err: error }, 'identity request could not be completed');
  return reply.code(error.statusCode).send(httpErrorBody(error.statusCode, error.message));
}

/** `/iam/v1`: every route POST with a JSON body (docs/architecture.md, Identity contract). */
/**
 * What a route spends of the client's limits (client-limits.ts), given its parsed body: sending a
 * code or checking a secret. Every route that sends a
 * code or checks a secret has one; the account is the email the body names.
 */
type Spends<B> = (body: B) => { kinds: ClientLimitKind[]; account?: string };

export const identityRoutes =
  (service: IdentityService, limiter: ClientLimiter): FastifyPluginAsync =>
  async (app) => {
    const post = <S extends z.ZodType>(
      path: string,
      schema: S,
      handle: (body: z.output<S>) => Promise<unknown>,
      options: { guard?: [Action, DataSubject]; spends?: Spends<z.output<S>> } = {},
    ) => {
      const guard = options.guard;
      // Staff-only routes check who asks before the body is read: 401 anonymous, 403 without the ability.
      return app.post(path, { onRequest: guard ? allowOnly((ability) => ability.can(...guard)) : [] }, async (request, reply) => {
        try {
          const body = parseBody(schema, request.body);
          if (options.spends) {
            const { kinds, account } = options.spends(body);
            // request.ip: the socket's address, or X-Forwarded-For's client when TRUST_PROXY says so.
            for (const kind of kinds) await limiter.spend(kind, { address: request.ip, account });
          }
          return await handle(body);
        } catch (error) {
          return withHeaders(request, reply, error);
        }
      });
    };

    const sends = (body: { email: string }) => ({ kinds: ['send' as const], account: body.email });
    // A sign-in link may name no email: its token is then counted for the address alone.
    const checks = (body: { email?: string | undefined }) => ({ kinds: ['check' as const], ...(body.email === undefined ? {} : { account: body.email }) });

    // Counted per address with the secret checks: a script listing who signs in how pays like a
    // guesser. Not per account: anyone could then spend a stranger's sign-ins by asking about them.
    post('/user/sign-in-type/get', signInTypeBodySchema, (body) => service.signInType(body.email), { spends: () => ({ kinds: ['check'] }) });
    // A sign-in always carries a secret (password, code or link token); its code is per-email limited.
    post('/user/sign-in', signInBodySchema, (body) => service.signIn(body), { spends: checks });
    post('/user/sign-up', signUpBodySchema, (body) => service.signUp(body), { spends: sends });
    post('/email/verify-by-otp', verifyByOtpBodySchema, (body) => service.verifyByOtp(body), { spends: checks });
    post('/otp/send', otpSendBodySchema, (body) => service.otpSend(body), { spends: sends });
    // The token is the secret checked; there is no account to name before it is.
    post('/user/access-token/get', accessTokenBodySchema, (body) => service.accessToken(body), { spends: () => ({ kinds: ['check'] }) });
    post('/user/invite', inviteBodySchema, (body) => service.invite(body), { guard: ['manage', 'User'], spends: sends });
    post('/invitation/send', invitationSendBodySchema, (body) => service.invitationSend(body), { guard: ['manage', 'User'], spends: sends });
  };
