import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies, policyBeneficiaries, policyInstalments, policyNumberCounters, policySaleRates } from '../../db/schema';

export type PolicyRow = typeof policies.$inferSelect;
export type NewPolicy = typeof policies.$inferInsert;
export type InstalmentRow = typeof policyInstalments.$inferSelect;

/**
 * The next sequence for a country and season. One statement: the first purchase creates the row,
 * later ones increment it under its row lock, so concurrent purchases (on any number of instances)
 * each get their own number; a rolled-back purchase releases its increment.
 */
export async function nextPolicySequence(db: Db, country: string, seasonYear: number): Promise<number> {
  const [row] = await db
    .insert(policyNumberCounters)
    .values({ country, seasonYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [policyNumberCounters.country, policyNumberCounters.seasonYear],
      set: { lastSequence: sql`${policyNumberCounters.lastSequence} + 1` },
    })
    .returning({ sequence: policyNumberCounters.lastSequence });
  if (!row) throw new Error('No policy sequence was returned');
  return row.sequence;
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

/** Policy, beneficiary, schedule and sale rates; call inside the purchase transaction. */
export async function insertPolicy(db: Db, record: NewPolicyRecord): Promise<PolicyRow> {
  const [policy] = await db.insert(policies).values(record.policy).returning();
  if (!policy) throw new Error('The policy could not be stored');
  await db.insert(policyBeneficiaries).values({ ...record.beneficiary, policyId: policy.id });
  await db.insert(policySaleRates).values({ ...record.saleRates, policyId: policy.id });
  await db.insert(policyInstalments).values(record.instalments.map((instalment) => ({ ...instalment, policyId: policy.id })));
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
