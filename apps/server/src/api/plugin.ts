import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FormattedExecutionResult, ValidationRule } from 'graphql';
import mercurius from 'mercurius';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { isRequestFormatError, replyWithError } from '../http/errors';
import { graphqlMessageForLog } from '../logging';
import type { GraphQLContext } from '../graphql/builder';
import { checkDocumentSize } from '../graphql/document-limits';
import { formatGraphQLErrors, GQL_CODES } from '../graphql/errors';
import { graphqlJs } from '../graphql/graphql-js';
import { addPublicQueryCache } from '../graphql/response-cache';
import { getSchema } from './schema';

/** Limits for a public endpoint; the contract's deepest query (sidebar children) needs about 5. */
export const GRAPHQL_LIMITS = { maxDepth: 8, maxAliases: 15, maxCost: 5000 } as const;

/** Depth, alias and cost limits as validation rules (introspection is refused apart, in production). */
export function graphqlLimitRules(): ValidationRule[] {
  return [
    maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth }),
    maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases }),
    costLimitRule({ maxCost: GRAPHQL_LIMITS.maxCost }),
  ];
}

/**
 * A 503 (the database out of reach) tells the client when to retry; so does a limit's refusal
 * (RATE_LIMITED, answered 200 like every GraphQL refusal), which metrics also count.
 */
function withRetryAfter(statusCode: number, response: FormattedExecutionResult, reply: FastifyReply): void {
  if (statusCode === 503) {
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return;
  }
  let retryAfter = 0;
  for (const error of response.errors ?? []) {
    const extensions = error.extensions as { code?: unknown; retryAfterSeconds?: unknown; limit?: unknown } | undefined;
    if (extensions?.code !== GQL_CODES.RATE_LIMITED) continue;
    retryAfter = Math.max(retryAfter, Number(extensions.retryAfterSeconds) || 1);
    const [kind, scope] = typeof extensions.limit === 'string' ? extensions.limit.split(':') : ['other', 'other'];
    reply.server.metrics.limitRefused('graphql', kind ?? 'other', scope ?? 'other');
  }
  if (retryAfter > 0) reply.header('retry-after', String(retryAfter));
}

/**
 * `/graphql`. Registered without fastify-plugin on purpose: Mercurius sets an error handler
 * for its scope, which must not replace the app's global one.
 */
export const graphqlPlugin: FastifyPluginAsync = async (app) => {
  const production = app.config.env === 'production';
  const validationRules: ValidationRule[] = [
    ...graphqlLimitRules(),
    ...(production ? [graphqlJs.NoSchemaIntrospectionCustomRule] : []),
  ];

  // Mercurius hands `query` to graphql-js unchecked; a number there is a client mistake, not a crash.
  app.addHook('preValidation', async (request) => {
    const source = request.method === 'GET' ? request.query : request.body;
    const query = (source as { query?: unknown } | null | undefined)?.query;
    if (query !== undefined && query !== null && typeof query !== 'string') {
      throw Object.assign(new Error('The "query" field must be a string holding a GraphQL document.'), { statusCode: 400 });
    }
    // Before anything parses it (the public query cache's key check, then Mercurius).
    if (typeof query === 'string') checkDocumentSize(query);
  });

  addPublicQueryCache(app, app.publicQueryCache);

  await app.register(mercurius, {
    schema: getSchema(),
    path: '/graphql',
    // Compile a query to JS from its second use: the quote query is hot.
    jit: 1,
    graphiql: !production,
    validationRules,
    context: (request): GraphQLContext => ({
      db: app.db,
      config: app.config,
      clock: app.clock,
      offers: app.offers,
      request,
      // Set by the identity plugin's bearer-token hook on every request.
      user: request.user,
      ability: request.ability,
    }),
    errorFormatter: (execution, context) => {
      const formatted = formatGraphQLErrors(execution, context.reply.log, { hideSuggestions: production });
      withRetryAfter(formatted.statusCode, formatted.response, context.reply);
      return formatted;
    },
    // Async, and awaits the reply: Mercurius runs this inside an async error handler, and Fastify
    // sends again whatever an async handler resolves to while the answer is still in the onSend
    // hooks (compression), which logged "Reply was already sent" at error level and counted the
    // client's 400 as a 500. Awaiting the reply resolves once it is written.
    errorHandler: async (error, request, reply) => {
      // A body that is not JSON never reached GraphQL: answer like every other route.
      if (isRequestFormatError(error)) {
        await replyWithError(error, request, reply);
        return;
      }
      const { statusCode, response } = formatGraphQLErrors({ errors: [error] }, request.log, { hideSuggestions: production });
      // A refused document is the client's mistake: one line at info, never error.
      if (statusCode < 500) request.log.info({ statusCode, errors: response.errors?.map((e) => graphqlMessageForLog(e.message)) }, 'graphql request refused');
      withRetryAfter(statusCode, response, reply);
      await reply.code(statusCode).send(response);
    },
  });
};
