/**
 * The job runner's claims (decision 081): each job has its own claim on its `job_runs` row, so two
 * instances claiming many jobs at once never leave a job unrun; a failed run gives its claim back and
 * is retried; a tick being run is skipped by the other instance until its lease runs out.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { jobRuns } from '../src/db/schema';
import { createJobRunner, type JobDefinition } from '../src/modules/jobs';
import { lifecycleDeps } from '../src/modules/lifecycle/deps';
import { describeApp } from './harness';
import { secondPool } from './ledger-helpers';

/** A schedule that never fires during a test: only `run` and the catch-up at start run the jobs. */
const NEVER = '0 0 29 2 1';

const silent = { info: () => undefined, error: () => undefined };

function counting(names: string[]): { jobs: JobDefinition[]; runs: Map<string, number> } {
  const runs = new Map<string, number>();
  const jobs = names.map((name) => ({
    name,
    schedule: NEVER,
    async run() {
      runs.set(name, (runs.get(name) ?? 0) + 1);
      // Long enough for the other instance's claim of the same tick to arrive while this one runs.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 1;
    },
  }));
  return { jobs, runs };
}

const rowOf = async (database: Database, job: string, tick: string) =>
  (await database.db.select().from(jobRuns).where(and(eq(jobRuns.job, job), eq(jobRuns.tick, tick))))[0];

describeApp(
  'job claims',
  (suite) => {
    const depsOn = (database: Database) => ({ ...lifecycleDeps(suite.app), db: database.db, log: silent });

    it('two instances claiming 12 jobs for one tick at once: each job runs exactly once', async () => {
      // PGlite is one connection: there both runners share it, which still interleaves their claims.
      const other = suite.kind === 'postgres' ? await secondPool(suite.database) : suite.database;
      try {
        const names = Array.from({ length: 12 }, (_, n) => `claim-race-${n}`);
        const a = counting(names);
        const b = counting(names);
        const first = createJobRunner(depsOn(suite.database), a.jobs);
        const second = createJobRunner(depsOn(other), b.jobs);
        const outcomes = await Promise.all(names.flatMap((name) => [first.run(name, 'race'), second.run(name, 'race')]));
        for (const name of names) {
          const ran = outcomes.filter((outcome) => outcome.job === name && outcome.ran);
          expect(ran, name).toHaveLength(1);
          expect((a.runs.get(name) ?? 0) + (b.runs.get(name) ?? 0), name).toBe(1);
          expect(await rowOf(suite.database, name, 'race')).toMatchObject({ changed: 1, attempts: 1, leaseUntil: null });
          expect((await rowOf(suite.database, name, 'race'))?.finishedAt).toBeInstanceOf(Date);
        }
      } finally {
        if (other !== suite.database) await other.close();
      }
    });

    it('a failed run gives its claim back: a retry (on this or another instance) runs the tick, then it is done', async () => {
      let failures = 1;
      const flaky: JobDefinition = {
        name: 'flaky',
        schedule: NEVER,
        async run() {
          if (failures-- > 0) throw new TypeError('boom');
          return 3;
        },
      };
      const runner = createJobRunner(depsOn(suite.database), [flaky]);
      await expect(runner.run('flaky', 'tick-f')).rejects.toThrow('boom');
      expect(await rowOf(suite.database, 'flaky', 'tick-f')).toMatchObject({ finishedAt: null, leaseUntil: null, lastError: 'TypeError' });
      expect(await runner.run('flaky', 'tick-f')).toMatchObject({ ran: true, changed: 3 });
      expect(await rowOf(suite.database, 'flaky', 'tick-f')).toMatchObject({ attempts: 2, changed: 3, lastError: null });
      // Done: nobody runs it again.
      expect(await runner.run('flaky', 'tick-f')).toMatchObject({ ran: false });
    });

    it('retries a failed scheduled run by itself after its delay', async () => {
      let failures = 1;
      let succeeded = 0;
      const outcomes: string[] = [];
      const flaky: JobDefinition = {
        name: 'flaky-scheduled',
        schedule: NEVER,
        async run() {
          if (failures-- > 0) throw new RangeError('not yet');
          succeeded += 1;
          return 1;
        },
      };
      const runner = createJobRunner(depsOn(suite.database), [flaky], { retryDelaysMs: [30], onOutcome: (_job, outcome) => outcomes.push(outcome) });
      runner.start(); // the catch-up run at start fails, then its retry runs
      try {
        for (let waited = 0; !outcomes.includes('ran') && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(succeeded).toBe(1);
        expect(outcomes).toEqual(['failed', 'ran']);
      } finally {
        await runner.stop();
      }
    });

    it('skips a tick another instance is running, and takes it over once that instance’s lease ran out', async () => {
      let release!: () => void;
      const blocked = new Promise<void>((resolve) => (release = resolve));
      const slow: JobDefinition = { name: 'slow', schedule: NEVER, run: async () => (await blocked, 1) };
      const first = createJobRunner(depsOn(suite.database), [slow]);
      const second = createJobRunner(depsOn(suite.database), [{ ...slow, run: async () => 2 }]);
      const running = first.run('slow', 'tick-s');
      // Let the first claim land before the second asks.
      for (let waited = 0; !(await rowOf(suite.database, 'slow', 'tick-s')) && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await second.run('slow', 'tick-s')).toMatchObject({ ran: false });
      // The first instance "dies": its lease is in the past, so the tick is free again.
      await suite.database.db.update(jobRuns).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(jobRuns.job, 'slow'));
      expect(await second.run('slow', 'tick-s')).toMatchObject({ ran: true, changed: 2 });
      release();
      await running;
    });
  },
  { seed: false, engines: 'both' },
);
