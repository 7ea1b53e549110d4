import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies, policyBeneficiaries, policyInstalments, policySaleRates } from '../../db/schema';

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

export interface NewPolicyRecord {
  policy: NewPolicy;
  beneficiary: Omit<typeof policyBeneficiaries.$inferInsert, 'policyId'>;
  instalments: Omit<InstalmentRow, 'policyId'>[];
  /** The rates it was sold at; a later pricing change never alters them. */
  saleRates: Omit<typeof policySaleRates.$inferInsert, 'policyId'>;
}

/**
 * Policy, beneficiary, schedule and sale rates; call inside the purchase transaction. The four
 * statements are issued at once: the driver sends them in this order on the transaction's one
 * connection, each as soon as the one before is answered, without a turn of the event loop in
 * between (a busy server's turns are what a sequence of awaits waits for).
 */
export async function insertPolicy(db: Db, record: NewPolicyRecord): Promise<PolicyRow> {
  const policyId = record.policy.id ?? randomUUID();
  const [[policy]] = await Promise.all([
    db.insert(policies).values({ ...record.policy, id: policyId }).returning(),
    db.insert(policyBeneficiaries).values({ ...record.beneficiary, policyId }),
    db.insert(policySaleRates).values({ ...record.saleRates, policyId }),
    db.insert(policyInstalments).values(record.instalments.map((instalment) => ({ ...instalment, policyId }))),
  ]);
  if (!policy) throw new Error('The policy could not be stored');
  return policy;
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
