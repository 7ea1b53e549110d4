import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed';
import { userId } from './identity-helpers';
import { databaseBeforeMigration } from './migration-helpers';
import { ensureSeason, insertPolicies } from './storm-helpers';

/**
 * Migration 0016 on data stored before it (decision 061): payouts get the contract's percent and
 * the share really paid; storm alerts become one per holder per storm, the closest kept.
 */
describe('migration 0016 on existing payouts and storm alerts', () => {
  it('keeps every payout with its contract percent and the share paid, and one alert per holder and storm', async () => {
    // The migrations before 0016, as a database stored before this change has them.
    const { db, migrateRest, close } = await databaseBeforeMigration((tag) => tag.startsWith('0016_'));
    try {
      await seedDemoData(db);
      await ensureSeason(db, 2004);
      const app = { db } as unknown as Parameters<typeof userId>[0];
      const owner = await userId(app, 'purchaser@fhp.example');
      await insertPolicies(db, { count: 2, country: 'gd', seasonYear: 2004, owners: [owner], prefix: 'FHP-GD-2004', optionId: 'T', status: 'PAYOUT_INTIMATION' });
      const rows = ((await db.execute(sql`SELECT id, coverage_cents FROM policies WHERE policy_number LIKE 'FHP-GD-2004-%' ORDER BY policy_number`)) as unknown as { rows: { id: string; coverage_cents: number }[] }).rows;
      const [first, second] = rows as [(typeof rows)[number], (typeof rows)[number]];
      await db.execute(sql`INSERT INTO storms (id, name, year, point_count, version, first_point_at, last_point_at, imported_at, updated_at)
        VALUES ('AL092004', 'IVAN', 2004, 1, 1, now(), now(), now(), now())`);
      // The first policy: 60% earlier, then Ivan's 50% capped at the 40% left (stored as 50 before the fix).
      const sixty = Math.round(first.coverage_cents * 0.6);
      await db.execute(sql`INSERT INTO payouts (policy_id, storm_ref, percent, amount_cents, status, created_at) VALUES
        (${first.id}, 'AL012004', 60, ${sixty}, 'PAID', now()),
        (${first.id}, 'AL092004', 50, ${first.coverage_cents - sixty}, 'PENDING', now()),
        (${second.id}, 'AL092004', 50, ${Math.round(second.coverage_cents / 2)}, 'PENDING', now())`);
      // One alert per policy before: two for the same holder.
      await db.execute(sql`INSERT INTO storm_alerts (storm_id, policy_id, closest_metres, closest_at, created_at) VALUES
        ('AL092004', ${first.id}, 12000, now(), now()), ('AL092004', ${second.id}, 11900, now(), now())`);

      await migrateRest();

      const payouts = ((await db.execute(sql`SELECT policy_id, storm_ref, percent, contract_percent FROM payouts ORDER BY policy_id = ${second.id}, storm_ref`)) as unknown as {
        rows: { policy_id: string; storm_ref: string; percent: number; contract_percent: number }[];
      }).rows;
      expect(payouts.map((row) => [row.storm_ref, row.percent, row.contract_percent])).toEqual([
        ['AL012004', 60, 60],
        ['AL092004', 40, 50],
        ['AL092004', 50, 50],
      ]);
      const alerts = ((await db.execute(sql`SELECT storm_id, owner_id, country, closest_metres FROM storm_alerts`)) as unknown as { rows: unknown[] }).rows;
      expect(alerts).toEqual([{ storm_id: 'AL092004', owner_id: owner, country: 'gd', closest_metres: 11900 }]);
    } finally {
      await close();
    }
  });
});
