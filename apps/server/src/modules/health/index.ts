import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';

/** Liveness and readiness in one: answers ok only when the database answers a query. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', db: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'degraded', db: 'error' });
    }
  });
};
