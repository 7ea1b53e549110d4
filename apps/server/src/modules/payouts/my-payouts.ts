import { localIsoDate, moneyView, type MoneyView } from '@fhp/domain';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, policies, storms } from '../../db/schema';
import { isUuid } from '../lifecycle';

/** The holder's own payouts (issue 9): scoped by the owner's id, so another holder's payout reads like none. */

export interface MyPayoutView {
  id: string;
  policyId: string;
  percent: number;
  amount: MoneyView;
  status: 'PENDING' | 'PAID';
  stormRef: string | null;
  /** The storm's name as HURDAT2 writes it (JANET EXERCISE); null for a payout made by hand or a storm not stored. */
  stormName: string | null;
  /** The day the trigger created it, YYYY-MM-DD in America/Port_of_Spain (the tracker opens on its month). */
  createdOn: string;
  /** The wire's date in America/Port_of_Spain (YYYY-MM-DD), null until paid. */
  paidOn: string | null;
  acknowledged: boolean;
  acknowledgedAt: Date | null;
}

export function payoutView(row: typeof payouts.$inferSelect, stormName: string | null = null): MyPayoutView {
  return {
    id: row.id,
    policyId: row.policyId,
    percent: row.percent,
    amount: moneyView(row.amountCents),
    status: row.status,
    stormRef: row.stormRef,
    stormName,
    createdOn: localIsoDate(row.createdAt),
    paidOn: row.paidAt ? localIsoDate(row.paidAt) : null,
    acknowledged: row.acknowledgedAt !== null,
    acknowledgedAt: row.acknowledgedAt,
  };
}

/**
 * One page of the payouts of the owner's own policies, newest first; `policyRef` (a policy's id or
 * its number) narrows to one policy, and someone else's policy reads like one without payouts.
 */
export async function listMyPayouts(
  db: Db,
  ownerId: string,
  query: { policyRef: string | undefined; skip: number; limit: number },
): Promise<{ payouts: MyPayoutView[]; totalCount: number }> {
  const conditions: SQL[] = [eq(policies.ownerId, ownerId)];
  if (query.policyRef !== undefined) {
    // Only a uuid is compared with the id column (PostgreSQL refuses anything else there).
    const number = query.policyRef.toUpperCase();
    conditions.push(isUuid(query.policyRef) ? eq(policies.id, query.policyRef) : eq(policies.policyNumber, number));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ payout: payouts, stormName: storms.name })
      .from(payouts)
      .innerJoin(policies, eq(policies.id, payouts.policyId))
      .leftJoin(storms, eq(storms.id, payouts.stormRef))
      .where(where)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ n: count() }).from(payouts).innerJoin(policies, eq(policies.id, payouts.policyId)).where(where),
  ]);
  return { payouts: rows.map((row) => payoutView(row.payout, row.stormName)), totalCount: Number(total?.n ?? 0) };
}
