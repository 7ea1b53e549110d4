import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { findUserByEmail } from '../src/modules/identity/repository';

/** POSTs a JSON body to an `/iam/v1` route. */
export async function iam(app: FastifyInstance, path: string, payload: unknown, token?: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/iam/v1${path}`,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>(), response };
}

/** An access token for a seeded account, signed by the app's own key (the flows test signs in for real). */
export async function tokenFor(app: FastifyInstance, email: string): Promise<string> {
  const user = await findUserByEmail(app.db, email);
  if (!user) throw new Error(`No user ${email}`);
  return app.identity.tokens.sign({ sub: user.id, role: user.roleName, email: user.email });
}

export async function userId(app: FastifyInstance, email: string): Promise<string> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}

/** GraphQL with an optional bearer token. */
export async function gqlAs<T = Record<string, unknown>>(app: FastifyInstance, token: string | undefined, query: string, variables?: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.statusCode,
    body: response.json<{ data?: T | null; errors?: { message: string; extensions?: { code?: string; display_message?: string } }[] }>(),
  };
}

/**
 * The retry time as a refusal writes it: "3:05 PM" the same day, "Nov 27, 12:00 AM" when the
 * window ends after midnight on the island (tests run at any hour).
 */
export const RETRY_TIME = String.raw`(?:[A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2} [AP]M`;
