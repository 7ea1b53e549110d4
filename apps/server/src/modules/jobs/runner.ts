import { Cron } from 'croner';
import { DISPLAY_TIME_ZONE } from '@fhp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { jobRuns } from '../../db/schema';

/**
 * Scheduled jobs, all run the same way (DESIGN.md "jobs": croner in-process, one runner among many
 * instances; decisions 011 and 081): each run has a tick (its scheduled minute, or "start:<minute>"
 * for the catch-up run at start). An instance claims (job, tick) with one statement on the unique
 * `job_runs` row: it inserts it, or takes over one whose run failed or whose lease ran out (its
 * instance died); a finished tick, or one another instance is running, is skipped. Each job has its
 * own claim, so instances never wait for each other's claims of other jobs. The work then runs in
 * small transactions of its own (one per policy, each locking the policy row and asking the state
 * machine again), so a run that overlaps another tick's run, or repeats after downtime or a failure,
 * changes nothing twice. A failed run gives its claim back and is retried after a delay. Jobs take
 * "now" from the app clock; claims and leases use the database's time.
 */
/** What the runner itself uses of the services it hands every job (the jobs say what more they need). */
export interface RunnerDeps {
  db: Db;
  clock: Clock;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
}

export interface JobContext<D extends RunnerDeps = RunnerDeps> {
  deps: D;
  now: Date;
}

export interface JobDefinition<D extends RunnerDeps = RunnerDeps> {
  name: string;
  /** Cron pattern in America/Port_of_Spain. */
  schedule: string;
  /** Does the work; answers how many records it changed (or messages it sent). */
  run(context: JobContext<D>): Promise<number>;
}

export interface JobOutcome {
  job: string;
  tick: string;
  /** False when another instance has run, or is running, this tick. */
  ran: boolean;
  changed: number;
}

export interface JobRunnerOptions {
  /** Waits before each retry of a failed scheduled run; then the tick is left to the next one. */
  retryDelaysMs?: readonly number[];
  /** Told about each tick: ran, skipped (another instance has it) or failed (metrics). */
  onOutcome?: (job: string, outcome: 'ran' | 'skipped' | 'failed') => void;
}

/** Longer than any run takes: only an instance that died while running lets its lease run out. */
const LEASE_SECONDS = 15 * 60;
const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 300_000];

const minute = (instant: Date) => `${instant.toISOString().slice(0, 16)}Z`;

/** The error's name for the row (messages can quote data). */
const errorName = (error: unknown) => (error instanceof Error ? error.name : 'unknown').slice(0, 100);

export interface JobRunner<D extends RunnerDeps = RunnerDeps> {
  /** Runs one job for a tick now, unless another instance has it; rejects when the run fails (its claim is given back). */
  run(name: string, tick?: string): Promise<JobOutcome>;
  /** Every job once, in order (the catch-up at start, and tests). */
  runAll(tick?: string): Promise<JobOutcome[]>;
  /** Schedules every job on its cron pattern and runs the catch-up once; `stop()` on close. */
  start(): void;
  stop(): Promise<void>;
  /** Resolves when the runs started so far have finished (tests, shutdown). */
  idle(): Promise<void>;
  readonly jobs: readonly JobDefinition<D>[];
}

export function createJobRunner<D extends RunnerDeps>(deps: D, jobs: readonly JobDefinition<D>[], options: JobRunnerOptions = {}): JobRunner<D> {
  const running = new Set<Promise<unknown>>();
  const crons: Cron[] = [];
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const retryTimers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const tickOf = (job: string, tick: string) => and(eq(jobRuns.job, job), eq(jobRuns.tick, tick));

  /** One statement: the new row, or a failed or abandoned one taken over; nothing for a finished or running tick. */
  async function claim(job: string, tick: string, now: Date): Promise<boolean> {
    const lease = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
    const claimed = await deps.db
      .insert(jobRuns)
      .values({ job, tick, startedAt: now, leaseUntil: lease })
      .onConflictDoUpdate({
        target: [jobRuns.job, jobRuns.tick],
        set: { startedAt: now, leaseUntil: lease, attempts: sql`${jobRuns.attempts} + 1` },
        setWhere: sql`${jobRuns.finishedAt} is null and (${jobRuns.leaseUntil} is null or ${jobRuns.leaseUntil} < now())`,
      })
      .returning({ job: jobRuns.job });
    return claimed.length === 1;
  }

  async function runOne(job: JobDefinition<D>, tick: string): Promise<JobOutcome> {
    const now = deps.clock();
    const started = Date.now();
    if (!(await claim(job.name, tick, now))) {
      deps.log.info({ job: job.name, tick }, 'job tick run or running on another instance');
      options.onOutcome?.(job.name, 'skipped');
      return { job: job.name, tick, ran: false, changed: 0 };
    }
    let changed: number;
    try {
      changed = await job.run({ deps, now });
    } catch (error) {
      options.onOutcome?.(job.name, 'failed');
      // Given back at once, so a retry (here or on another instance) can claim the tick again.
      await deps.db
        .update(jobRuns)
        .set({ leaseUntil: null, lastError: errorName(error) })
        .where(tickOf(job.name, tick))
        .catch(() => undefined); // the lease runs out instead
      throw error;
    }
    await deps.db.update(jobRuns).set({ changed, finishedAt: sql`now()`, leaseUntil: null, lastError: null }).where(tickOf(job.name, tick));
    options.onOutcome?.(job.name, 'ran');
    deps.log.info({ job: job.name, tick, changed, ms: Date.now() - started }, 'job ran');
    return { job: job.name, tick, ran: true, changed };
  }

  /** A scheduled run: failures are logged and retried after each delay, then left to the next tick. */
  async function runScheduled(job: JobDefinition<D>, tick: string, attempt = 0): Promise<void> {
    try {
      await track(runOne(job, tick));
    } catch (error) {
      const delay = retryDelays[attempt];
      deps.log.error({ err: error, job: job.name, tick, retryInMs: delay ?? null }, 'job failed');
      if (delay === undefined || stopped) return;
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        if (!stopped) void runScheduled(job, tick, attempt + 1);
      }, delay);
      timer.unref();
      retryTimers.add(timer);
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => undefined);
    return promise;
  }

  function find(name: string): JobDefinition<D> {
    const job = jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`No job named ${name}`);
    return job;
  }

  const runner: JobRunner<D> = {
    jobs,
    run: (name, tick = `manual:${minute(deps.clock())}`) => track(runOne(find(name), tick)),
    async runAll(tick) {
      const outcomes: JobOutcome[] = [];
      for (const job of jobs) outcomes.push(await runner.run(job.name, tick ?? `manual:${minute(deps.clock())}`));
      return outcomes;
    },
    start() {
      stopped = false;
      for (const job of jobs) {
        const cron = new Cron(job.schedule, { timezone: DISPLAY_TIME_ZONE, protect: true }, async (self: Cron) => {
          await runScheduled(job, minute(self.currentRun() ?? deps.clock()));
        });
        crons.push(cron);
      }
      // A server that was off when a tick fell due catches up now; every job is idempotent, and
      // one failing job does not hold the others back.
      const tick = `start:${minute(deps.clock())}`;
      void track(
        (async () => {
          for (const job of jobs) await runScheduled(job, tick);
        })(),
      );
    },
    async stop() {
      stopped = true;
      for (const cron of crons) cron.stop();
      crons.length = 0;
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await runner.idle();
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
  return runner;
}
