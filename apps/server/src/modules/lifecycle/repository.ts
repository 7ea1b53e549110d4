import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies, policyInstalments } from '../../db/schema';

export type PolicyRow = typeof policies.$inferSelect;
export type NewPolicy = typeof policies.$inferInsert;
export type InstalmentRow = typeof policyInstalments.$inferSelect;

export async function findPolicyById(db: Db, id: string): Promise<PolicyRow | undefined> {
  const [row] = await db.select().from(policies).where(eq(policies.id, id)).limit(1);
  return row;
}

export async function findPolicyByIdempotencyKey(db: Db, ownerId: string, key: string): Promise<PolicyRow | undefined> {
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.ownerId, ownerId), eq(policies.idempotencyKey, key)))
    .limit(1);
  return row;
}

export function findInstalments(db: Db, policyId: string): Promise<InstalmentRow[]> {
  return db.select().from(policyInstalments).where(eq(policyInstalments.policyId, policyId)).orderBy(asc(policyInstalments.number));
}

/** True for the unique-index refusal PostgreSQL raises (drizzle may wrap it in a cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
