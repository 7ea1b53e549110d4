import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerProfiles, policies, roles, users } from '../../db/schema';
import type { UserWithRole } from '../identity';
import type { PolicyRow } from '../lifecycle';

/**
 * What a purchase reads about its buyer, by one query: the account, whether KYC was submitted,
 * and the policy already stored under this idempotency key (a repeat). One pool connection and one
 * round trip instead of three: under a rush each read waits its turn for a connection.
 */
export async function findBuyer(
  db: Db,
  ownerId: string,
  idempotencyKey: string,
): Promise<{ owner: UserWithRole | undefined; kycSubmitted: boolean; earlier: PolicyRow | undefined }> {
  const [row] = await db
    .select({ user: users, roleName: roles.name, kycSubmitted: customerProfiles.kycSubmitted, earlier: policies })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .leftJoin(policies, and(eq(policies.ownerId, users.id), eq(policies.idempotencyKey, idempotencyKey)))
    .where(eq(users.id, ownerId))
    .limit(1);
  return {
    owner: row && { ...row.user, roleName: row.roleName },
    kycSubmitted: row?.kycSubmitted === true,
    earlier: row?.earlier ?? undefined,
  };
}

/**
 * A policy with its holder's name and email, by one query: the delivery worker renders the
 * provisional policy email from it (with the instalments, read beside it) while a rush still
 * waits for the pool.
 */
export async function findPolicyWithHolder(
  db: Db,
  policyId: string,
): Promise<{ policy: PolicyRow; holder: { email: string; firstName: string | null; lastName: string | null } } | undefined> {
  const [row] = await db
    .select({ policy: policies, holder: { email: users.email, firstName: users.firstName, lastName: users.lastName } })
    .from(policies)
    .innerJoin(users, eq(users.id, policies.ownerId))
    .where(eq(policies.id, policyId))
    .limit(1);
  return row;
}
