import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { jobRuns, payments, policies } from '../src/db/schema';
import { verifyStoredLedger } from '../src/modules/audit/ledger';
import { describeApp, testConfig } from './harness';
import { tokenFor } from './identity-helpers';
import { makeProvisional, paymentInput, recordPaymentAs, settableClock } from './lifecycle-helpers';

const time = settableClock('2027-03-15T16:00:00Z');

/** A second pool on the suite's PostgreSQL database: another app instance, as ledger.test.ts does. */
async function secondInstance(database: { db: Parameters<typeof verifyStoredLedger>[0] }) {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  const other = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
  const app = await buildApp({ config: testConfig(), database: other, clock: time.clock });
  await app.ready();
  await app.jobs.idle();
  return { app, close: async () => (await app.close(), await other.close()) };
}

describeApp(
  'lifecycle under concurrency',
  (suite) => {
    it('records 50 payments at once on one policy (through two instances on PostgreSQL): never more than owed, none lost', async () => {
      const policy = await makeProvisional(suite.app, 'purchaser@fhp.example', { plan: 'FULL' }); // EC$1,960.00 owed
      // PGlite is one connection in one process: there the 50 race inside one instance.
      const second = suite.kind === 'postgres' ? await secondInstance(suite.database) : { app: suite.app, close: async () => undefined };
      try {
        const teller = await tokenFor(suite.app, 'teller@fhp.example');
        // 50 payments of EC$50.00 = EC$2,500.00 offered for EC$1,960.00 owed: 39 fit, then EC$10.00 remains.
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, n) => recordPaymentAs(n % 2 === 0 ? suite.app : second.app, teller, paymentInput(policy.policyNumber, '50.00'))),
        );
        const accepted = answers.filter((answer) => !answer.body.errors);
        const refused = answers.filter((answer) => answer.body.errors);
        expect(accepted).toHaveLength(39);
        for (const answer of refused) {
          expect(answer.status).toBe(200);
          expect(answer.body.errors![0]!.extensions!.display_message).toBe('The payment of EC$50.00 is more than the EC$10.00 still due');
        }
        const stored = await suite.app.db.select().from(payments).where(eq(payments.policyId, policy.id));
        const [row] = await suite.app.db.select().from(policies).where(eq(policies.id, policy.id));
        const acknowledged = accepted.length * 5_000;
        expect(stored.reduce((sum, payment) => sum + payment.amountCents, 0)).toBe(acknowledged);
        expect(row!.paidCents).toBe(acknowledged);
        expect(row!.status).toBe('PAYMENT_PENDING');
        expect(new Set(stored.map((payment) => payment.outstandingAfterCents)).size).toBe(39);
        expect(await verifyStoredLedger(suite.app.db)).toMatchObject({ ok: true });
      } finally {
        await second.close();
      }
    });

    // Two instances need two connections to one database: PostgreSQL only.
    if (suite.kind !== 'postgres') return;

    it('runs each job once per tick across two instances, and the ledger still verifies', async () => {
      time.set('2027-03-15T16:00:00Z');
      const unpaid = await Promise.all([1, 2, 3].map(() => makeProvisional(suite.app, 'purchaser.b@fhp.example')));
      const second = await secondInstance(suite.database);
      try {
        time.set('2027-06-02T12:00:00Z');
        const [mine, theirs] = await Promise.all([suite.app.jobs.runAll('two-instances'), second.app.jobs.runAll('two-instances')]);
        for (const [index, job] of mine.entries()) {
          // Exactly one of the two ran each job for this tick.
          expect([job.ran, theirs[index]!.ran].filter(Boolean), job.job).toHaveLength(1);
        }
        const runs = await suite.app.db.select().from(jobRuns).where(eq(jobRuns.tick, 'two-instances'));
        expect(runs).toHaveLength(mine.length);
        for (const policy of unpaid) {
          const [row] = await suite.app.db.select().from(policies).where(eq(policies.id, policy.id));
          expect(row!.status).toBe('CANCELED');
        }
        const cancellations = (await suite.app.db.execute(
          sql`select txn_id, count(*)::int as n from ledger_entries where kind = 'POLICY_CANCELED' group by txn_id having count(*) > 1`,
        )) as unknown as { rows: unknown[] };
        expect(cancellations.rows).toEqual([]);
        expect(await verifyStoredLedger(suite.app.db)).toMatchObject({ ok: true });
      } finally {
        await second.close();
      }
    });
  },
  { clock: time.clock, engines: 'both' },
);
