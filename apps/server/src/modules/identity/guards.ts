import { subject, type Action, type OwnedSubject } from '@fhp/domain';
import type { GraphQLContext } from '../../graphql/builder';
import { userInputError } from '../../graphql/errors';
import type { RequestUser } from './auth';
import { MESSAGES } from './errors';

/** GraphQL codes for refusals; the web switches on them (docs/architecture.md). */
export const AUTH_CODES = { UNAUTHENTICATED: 'UNAUTHENTICATED', FORBIDDEN: 'FORBIDDEN' } as const;

export const unauthenticated = () => userInputError(MESSAGES.signInRequired, AUTH_CODES.UNAUTHENTICATED);
export const forbidden = () => userInputError(MESSAGES.forbidden, AUTH_CODES.FORBIDDEN);

/** The signed-in caller, or UNAUTHENTICATED. */
export function requireUser(ctx: GraphQLContext): RequestUser {
  if (ctx.user === null) throw unauthenticated();
  return ctx.user;
}

/**
 * The caller may do `action` on a record owned by `ownerId`: resolvers ask the CASL ability with
 * the record, never a role name. UNAUTHENTICATED for anonymous callers, FORBIDDEN otherwise.
 */
export function requireOwnedRecord(ctx: GraphQLContext, action: Action, type: OwnedSubject, ownerId: string): RequestUser {
  const user = requireUser(ctx);
  if (!ctx.ability.can(action, subject(type, { ownerId }))) throw forbidden();
  return user;
}

/** The caller, when their role may own policies (purchaser, teller, administrators, owner): "my" lists are always the caller's own. */
export function requirePolicyOwner(ctx: GraphQLContext): RequestUser {
  const user = requireUser(ctx);
  return requireOwnedRecord(ctx, 'read', 'Policy', user.id);
}
