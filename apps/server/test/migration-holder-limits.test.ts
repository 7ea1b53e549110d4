import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from './migration-helpers';
import { ensureSeason, insertPolicies } from './storm-helpers';

type Rows<T> = { rows: T[] };

/** What each holder holds per country and season, counted from the policies themselves. */
const COUNTED = sql`SELECT owner_id, country, season_year, count(*)::int AS policies, sum(coverage_cents)::bigint AS coverage_cents
  FROM policies WHERE status <> 'CANCELED' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const KEPT = sql`SELECT owner_id, country, season_year, policies, coverage_cents FROM holder_totals WHERE policies > 0 ORDER BY 1, 2, 3`;

/**
 * The holder_limits migration on policies stored before it: the totals per holder, country and
 * season are counted from them (cancelled left out), and from then on the triggers keep them equal
 * to that count whatever writes a policy.
 */
describe('migration holder_limits on existing policies', () => {
  it('counts what each holder holds, cancelled left out, and keeps the count through inserts, cancellations, edits and deletes', async () => {
    const { db, migrateRest, close } = await databaseBeforeMigration((tag) => tag.endsWith('_holder_limits'));
    try {
      const [a, b] = [randomUUID(), randomUUID()];
      await db.execute(sql`INSERT INTO roles (name) VALUES ('purchaser')`);
      for (const [id, email] of [
        [a, 'a@fhp.example'],
        [b, 'b@fhp.example'],
      ]) {
        await db.execute(sql`INSERT INTO users (id, vuid, email, role_id) VALUES (${id}, ${`vuid-${id}`}, ${email}, (SELECT id FROM roles LIMIT 1))`);
      }
      await ensureSeason(db, 2027);
      await insertPolicies(db, { count: 4, country: 'gd', seasonYear: 2027, owners: [a, b], prefix: 'FHP-GD-2027-M' });
      await insertPolicies(db, { count: 2, country: 'gd', seasonYear: 2027, owners: [a], prefix: 'FHP-GD-2027-C', status: 'CANCELED' });
      await insertPolicies(db, { count: 1, country: 'dm', seasonYear: 2027, owners: [a], prefix: 'FHP-DM-2027-M', status: 'PAYMENT_PENDING' });

      await migrateRest();

      const counted = async () => ((await db.execute(COUNTED)) as unknown as Rows<unknown>).rows;
      const kept = async () => ((await db.execute(KEPT)) as unknown as Rows<unknown>).rows;
      expect(await counted()).toHaveLength(3);
      expect(await kept()).toEqual(await counted());

      // A new policy, a cancellation, a move between two counted statuses, a cover change, a
      // cancelled policy's edit, an owner change and a delete: the totals follow each.
      await insertPolicies(db, { count: 1, country: 'gd', seasonYear: 2027, owners: [b], prefix: 'FHP-GD-2027-N' });
      await db.execute(sql`UPDATE policies SET status = 'CANCELED' WHERE policy_number = 'FHP-GD-2027-M-000000'`);
      await db.execute(sql`UPDATE policies SET status = 'PAYOUT_INTIMATION' WHERE policy_number = 'FHP-GD-2027-M-000001'`);
      await db.execute(sql`UPDATE policies SET coverage_cents = coverage_cents + 100 WHERE policy_number = 'FHP-GD-2027-M-000002'`);
      await db.execute(sql`UPDATE policies SET coverage_cents = 1 WHERE policy_number = 'FHP-GD-2027-C-000000'`);
      await db.execute(sql`UPDATE policies SET owner_id = ${b} WHERE policy_number = 'FHP-DM-2027-M-000000'`);
      await db.execute(sql`DELETE FROM policies WHERE policy_number = 'FHP-GD-2027-M-000003'`);
      expect(await kept()).toEqual(await counted());
    } finally {
      await close();
    }
    // Two runs of every migration on PGlite: on a busy shared machine they take longer than most tests.
  }, 120_000);
});
