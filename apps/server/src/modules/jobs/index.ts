import fp from 'fastify-plugin';
import { lifecycleDeps } from '../lifecycle/deps';
import { SCHEDULED_JOBS } from '../lifecycle/jobs';
import { createJobRunner, type JobRunner } from './runner';

export { createJobRunner, type JobDefinition, type JobOutcome, type JobRunner, type JobRunnerOptions } from './runner';
export { SCHEDULED_JOBS } from '../lifecycle/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs (deadline, season start, expiry, contracts, reminders, storm notices, upload cleanup); tests run them by hand. */
    jobs: JobRunner;
  }
}

/** Schedules every job (the lifecycle's and the upload cleanup) once the app is ready (and runs them once to catch up); stops them on close. */
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
