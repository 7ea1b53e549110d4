import { COUNTRIES, isCountryCode } from '@fhp/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, stormEvaluations, storms } from '../../db/schema';

/** What the admin's payouts-by-storm screen reads of the storms (issue 10 item 5); the payouts themselves are modules/payouts' wires. */

export interface StormSummary {
  id: string;
  name: string;
  year: number;
  pointCount: number;
  version: number;
  firstPointAt: string;
  lastPointAt: string;
  updatedAt: string;
  payoutCount: number;
  payoutCents: number;
  paidCount: number;
}

/** Stored storms, newest track first, with their payouts counted. */
export async function listStorms(db: Db, limit = 300): Promise<StormSummary[]> {
  const rows = await db
    .select({
      storm: storms,
      payoutCount: sql<number>`count(${payouts.id})::int`,
      payoutCents: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::bigint`,
      paidCount: sql<number>`count(${payouts.id}) filter (where ${payouts.status} = 'PAID')::int`,
    })
    .from(storms)
    .leftJoin(payouts, eq(payouts.stormRef, storms.id))
    .groupBy(storms.id)
    .orderBy(desc(storms.lastPointAt))
    .limit(limit);
  return rows.map(({ storm, payoutCount, payoutCents, paidCount }) => ({
    id: storm.id,
    name: storm.name,
    year: storm.year,
    pointCount: storm.pointCount,
    version: storm.version,
    firstPointAt: storm.firstPointAt.toISOString(),
    lastPointAt: storm.lastPointAt.toISOString(),
    updatedAt: storm.updatedAt.toISOString(),
    payoutCount: Number(payoutCount),
    payoutCents: Number(payoutCents),
    paidCount: Number(paidCount),
  }));
}

export interface StormEvaluationView {
  country: string;
  countryName: string;
  seasonYear: number;
  c1: string | null;
  c2: string | null;
  payouts: { option: string; percent: number }[];
}

export async function stormEvaluationViews(db: Db, stormId: string): Promise<StormEvaluationView[]> {
  const rows = await db.select().from(stormEvaluations).where(eq(stormEvaluations.stormId, stormId)).orderBy(asc(stormEvaluations.seasonYear), asc(stormEvaluations.country));
  return rows.map((row) => ({
    country: row.country,
    countryName: isCountryCode(row.country) ? COUNTRIES[row.country].name : row.country,
    seasonYear: row.seasonYear,
    c1: row.c1,
    c2: row.c2,
    payouts: Object.entries(row.payouts).map(([option, percent]) => ({ option, percent })),
  }));
}
