import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from './migration-helpers';
import { ensureSeason, insertPolicies } from './storm-helpers';

type Rows<T> = { rows: T[] };

/** The constraint a refused statement broke (23514 check_violation), or null when it went through. */
async function brokenCheck(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
      const { code, constraint } = current as { code?: string; constraint?: string };
      if (code === '23514') return constraint ?? 'unnamed';
    }
    throw error;
  }
}

/**
 * Issue 19 items 4 and 5 on data stored before them: a cancellation request left pending on a
 * policy that was since paid or canceled is closed, every stored row satisfies the new checks, and
 * from then on the database refuses money that breaks the invariants whatever code writes it.
 */
describe('migrations close_ended_cancellation_requests and money_invariants on existing rows', () => {
  it('closes stranded requests, keeps valid rows, then refuses overpaid, overpaid-out, non-positive and unknown-status rows', async () => {
    const { db, migrateRest, close } = await databaseBeforeMigration((tag) => tag.endsWith('_close_ended_cancellation_requests'));
    try {
      const owner = randomUUID();
      await db.execute(sql`INSERT INTO roles (name) VALUES ('purchaser')`);
      await db.execute(sql`INSERT INTO users (id, vuid, email, role_id) VALUES (${owner}, ${`vuid-${owner}`}, 'a@fhp.example', (SELECT id FROM roles LIMIT 1))`);
      await ensureSeason(db, 2027);
      await insertPolicies(db, { count: 3, country: 'gd', seasonYear: 2027, owners: [owner], prefix: 'FHP-GD-2027-M', status: 'ISSUED' });
      await insertPolicies(db, { count: 1, country: 'gd', seasonYear: 2027, owners: [owner], prefix: 'FHP-GD-2027-P', status: 'PAYMENT_PENDING' });
      await db.execute(sql`UPDATE policies SET type = 'PROVISIONAL', paid_cents = 0 WHERE policy_number = 'FHP-GD-2027-P-000000'`);
      // A request filed while provisional, stranded by the payment that issued the policy; one still open.
      for (const number of ['FHP-GD-2027-M-000000', 'FHP-GD-2027-P-000000']) {
        await db.execute(sql`INSERT INTO cancellation_requests (policy_id, reason, requested_by, requested_at, status)
          SELECT id, 'Changed my mind', ${owner}, now(), 'PENDING' FROM policies WHERE policy_number = ${number}`);
      }
      const policyId = async (number: string) => ((await db.execute(sql`SELECT id FROM policies WHERE policy_number = ${number}`)) as unknown as Rows<{ id: string }>).rows[0]!.id;
      const issued = await policyId('FHP-GD-2027-M-000001');
      await db.execute(sql`INSERT INTO payments (policy_id, amount_cents, channel, reference, reference_key, paid_on, outstanding_after_cents, recorded_by, recorded_at)
        VALUES (${issued}, 1000, 'CREDIT_UNION', 'CU-1', 'CU1', '2027-03-10', 0, ${owner}, now())`);
      await db.execute(sql`INSERT INTO payouts (policy_id, storm_ref, percent, contract_percent, amount_cents, status, created_at)
        VALUES (${issued}, 'AL012027', 25, 25, 1000, 'PENDING', now())`);

      await migrateRest();

      const requests = ((await db.execute(sql`SELECT p.policy_number, r.status, r.comment FROM cancellation_requests r JOIN policies p ON p.id = r.policy_id ORDER BY 1`)) as unknown as Rows<unknown>).rows;
      expect(requests).toEqual([
        { policy_number: 'FHP-GD-2027-M-000000', status: 'CLOSED', comment: 'Closed: the premium was paid in full and the contract issued' },
        { policy_number: 'FHP-GD-2027-P-000000', status: 'PENDING', comment: null },
      ]);

      const number = 'FHP-GD-2027-M-000002';
      const cases: [string, ReturnType<typeof sql>][] = [
        ['policies_paid_within_payable', sql`UPDATE policies SET paid_cents = premium_cents + 1 WHERE policy_number = ${number}`],
        ['policies_paid_within_payable', sql`UPDATE policies SET paid_cents = -1 WHERE policy_number = ${number}`],
        ['policies_paid_out_within_coverage', sql`UPDATE policies SET paid_out_cents = coverage_cents + 1 WHERE policy_number = ${number}`],
        ['policies_refund_within_paid', sql`UPDATE policies SET refund_due_cents = paid_cents + 1 WHERE policy_number = ${number}`],
        ['policies_amounts_positive', sql`UPDATE policies SET coverage_cents = 0 WHERE policy_number = ${number}`],
        ['policies_status', sql`UPDATE policies SET status = 'PAID' WHERE policy_number = ${number}`],
        ['policies_type', sql`UPDATE policies SET type = 'DRAFT' WHERE policy_number = ${number}`],
        ['payments_amount_positive', sql`UPDATE payments SET amount_cents = 0`],
        ['payments_channel', sql`UPDATE payments SET channel = 'CASH'`],
        ['payouts_amount_positive', sql`UPDATE payouts SET amount_cents = -5`],
        ['payouts_percent', sql`UPDATE payouts SET percent = 101`],
        ['payouts_status', sql`UPDATE payouts SET status = 'SENT'`],
        ['cancellation_requests_status', sql`UPDATE cancellation_requests SET status = 'WITHDRAWN'`],
      ];
      for (const [constraint, statement] of cases) {
        expect(await brokenCheck(() => db.execute(statement)), constraint).toBe(constraint);
      }
      // What the lifecycle writes still goes through: paid in full, a payout up to the coverage.
      expect(await brokenCheck(() => db.execute(sql`UPDATE policies SET paid_cents = premium_cents, paid_out_cents = coverage_cents WHERE policy_number = ${number}`))).toBeNull();
    } finally {
      await close();
    }
    // Two runs of every migration on PGlite: on a busy shared machine they take longer than most tests.
  }, 120_000);
});
