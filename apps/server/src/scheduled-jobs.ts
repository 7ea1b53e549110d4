import fp from 'fastify-plugin';
import { ledgerRecheckJob } from './modules/audit';
import { unattachedUploadsJob } from './modules/files';
import { createJobRunner, type JobDefinition, type JobRunner } from './modules/jobs';
import { LIFECYCLE_JOBS, lifecycleDeps, type LifecycleDeps } from './modules/lifecycle';
import { stormNoticesJob } from './modules/storms';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs (deadline, season start, expiry, contracts, reminders, storm notices, upload cleanup, ledger re-check); tests run them by hand. */
    jobs: JobRunner<LifecycleDeps>;
  }
}

/**
 * In the order they run at start: the lifecycle's (cancel and expire first, then contracts and
 * reminders for what is left); the storm notices an import's process left unqueued (decision 091);
 * the upload cleanup; the proof ledger's daily re-check (decision 138). Composed here, above the modules, since each module only knows its own jobs.
 */
export const SCHEDULED_JOBS: readonly JobDefinition<LifecycleDeps>[] = [...LIFECYCLE_JOBS, stormNoticesJob, unattachedUploadsJob, ledgerRecheckJob];

/** Schedules every job once the app is ready (and runs them once to catch up); stops them on close. */
export const jobsPlugin = fp(
  async (app) => {
    const runner = createJobRunner(lifecycleDeps(app, app.log.child({ module: 'jobs' })), SCHEDULED_JOBS, {
      onOutcome: (job, outcome) => app.metrics.jobFinished(job, outcome),
    });
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => {
      runner.start();
    });
    app.addHook('onClose', async () => {
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['identity', 'ledger', 'files'] },
);
