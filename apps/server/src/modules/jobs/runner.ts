import { Cron } from 'croner';
import { DISPLAY_TIME_ZONE } from '@fhp/domain';
import { sql } from 'drizzle-orm';
import { jobRuns } from '../../db/schema';
import type { LifecycleDeps } from '../policies/deps';

/**
 * Scheduled jobs, all run the same way (DESIGN.md "jobs": croner in-process, one runner among many
 * instances): each run has a tick (its scheduled minute, or "start:<minute>" for the catch-up run at
 * start). An instance first claims (job, tick) in a short transaction under a PostgreSQL advisory
 * lock; the `job_runs` row it inserts makes every other instance skip that tick. The work then runs
 * in small transactions of its own (one per policy, each locking the policy row and asking the state
 * machine again), so a run that overlaps another tick's run, or repeats after downtime, changes
 * nothing twice. Jobs take "now" from the app clock.
 */
export interface JobContext {
  deps: LifecycleDeps;
  now: Date;
}

export interface JobDefinition {
  name: string;
  /** Cron pattern in America/Port_of_Spain. */
  schedule: string;
  /** Does the work; answers how many records it changed (or messages it sent). */
  run(context: JobContext): Promise<number>;
}

export interface JobOutcome {
  job: string;
  tick: string;
  /** False when another instance had already claimed this tick. */
  ran: boolean;
  changed: number;
}

/** Any fixed number: the same for every instance of this app (the boot and cleanup locks are 727_001/2). */
const JOBS_ADVISORY_LOCK = 727_003;

const minute = (instant: Date) => `${instant.toISOString().slice(0, 16)}Z`;

export interface JobRunner {
  /** Runs one job for a tick now, unless another instance claimed the tick. */
  run(name: string, tick?: string): Promise<JobOutcome>;
  /** Every job once, in order (the catch-up at start, and tests). */
  runAll(tick?: string): Promise<JobOutcome[]>;
  /** Schedules every job on its cron pattern and runs the catch-up once; `stop()` on close. */
  start(): void;
  stop(): Promise<void>;
  /** Resolves when the runs started so far have finished (tests, shutdown). */
  idle(): Promise<void>;
  readonly jobs: readonly JobDefinition[];
}

export function createJobRunner(deps: LifecycleDeps, jobs: readonly JobDefinition[]): JobRunner {
  const running = new Set<Promise<unknown>>();
  const crons: Cron[] = [];

  async function claim(job: string, tick: string, now: Date): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${JOBS_ADVISORY_LOCK}) as locked`)) as unknown as { rows: { locked: boolean }[] };
      if (result.rows[0]?.locked !== true) return false;
      const claimed = await tx.insert(jobRuns).values({ job, tick, startedAt: now }).onConflictDoNothing().returning({ job: jobRuns.job });
      return claimed.length === 1;
    });
  }

  async function runOne(job: JobDefinition, tick: string): Promise<JobOutcome> {
    const now = deps.clock();
    const started = Date.now();
    // Another instance holding the claim lock for a moment is not a reason to skip: try again briefly.
    let claimed = false;
    for (let attempt = 0; attempt < 3 && !claimed; attempt += 1) {
      claimed = await claim(job.name, tick, now);
      if (!claimed) {
        const [done] = await deps.db.select().from(jobRuns).where(sql`${jobRuns.job} = ${job.name} and ${jobRuns.tick} = ${tick}`);
        if (done) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    if (!claimed) {
      deps.log.info({ job: job.name, tick }, 'job tick already run by another instance');
      return { job: job.name, tick, ran: false, changed: 0 };
    }
    const changed = await job.run({ deps, now });
    await deps.db.update(jobRuns).set({ changed }).where(sql`${jobRuns.job} = ${job.name} and ${jobRuns.tick} = ${tick}`);
    deps.log.info({ job: job.name, tick, changed, ms: Date.now() - started }, 'job ran');
    return { job: job.name, tick, ran: true, changed };
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => undefined);
    return promise;
  }

  function find(name: string): JobDefinition {
    const job = jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`No job named ${name}`);
    return job;
  }

  const runner: JobRunner = {
    jobs,
    run: (name, tick = `manual:${minute(deps.clock())}`) => track(runOne(find(name), tick)),
    async runAll(tick) {
      const outcomes: JobOutcome[] = [];
      for (const job of jobs) outcomes.push(await runner.run(job.name, tick ?? `manual:${minute(deps.clock())}`));
      return outcomes;
    },
    start() {
      for (const job of jobs) {
        const cron = new Cron(job.schedule, { timezone: DISPLAY_TIME_ZONE, protect: true }, async (self: Cron) => {
          try {
            await runner.run(job.name, minute(self.currentRun() ?? deps.clock()));
          } catch (error) {
            deps.log.error({ err: error, job: job.name }, 'job failed');
          }
        });
        crons.push(cron);
      }
      // A server that was off when a tick fell due catches up now; every job is idempotent.
      void track(
        runner.runAll(`start:${minute(deps.clock())}`).catch((error: unknown) => {
          deps.log.error({ err: error }, 'catch-up run at start failed');
          return [];
        }),
      );
    },
    async stop() {
      for (const cron of crons) cron.stop();
      crons.length = 0;
      await runner.idle();
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
  return runner;
}
