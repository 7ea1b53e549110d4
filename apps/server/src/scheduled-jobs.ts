import fp from 'fastify-plugin';
import { ledgerRecheckJob } from './modules/audit';
import { unattachedUploadsJob } from './modules/files';
import { createJobRunner, type JobDefinition, type JobRunner } from './modules/jobs';
import { LIFECYCLE_JOBS, lifecycleDeps, type LifecycleDeps } from './modules/lifecycle';
import { payoutAcknowledgeRemindersJob } from './modules/payouts';
import { createFeedPoller, stormNoticesJob, type FeedPoller } from './modules/storms';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs (deadline, season start, expiry, contracts, reminders, storm notices, upload cleanup, ledger re-check); tests run them by hand. */
    jobs: JobRunner<LifecycleDeps>;
    /** The advisory feeds' poller (STORM_FEEDS); null when none is configured. */
    stormFeeds: FeedPoller | null;
  }
}

/**
 * In the order they run at start: the lifecycle's (cancel and expire first, then contracts and
 * reminders for what is left); the storm notices an import's process left unqueued (decision 091);
 * the texts reminding holders to acknowledge a wire a week old (issue 20 item 9);
 * the upload cleanup; the proof ledger's daily re-check (decision 138). Composed here, above the modules, since each module only knows its own jobs.
 */
export const SCHEDULED_JOBS: readonly JobDefinition<LifecycleDeps>[] = [...LIFECYCLE_JOBS, stormNoticesJob, payoutAcknowledgeRemindersJob, unattachedUploadsJob, ledgerRecheckJob];

/** Schedules every job once the app is ready (and runs them once to catch up); stops them on close. */
export const jobsPlugin = fp(
  async (app) => {
    const runner = createJobRunner(lifecycleDeps(app, app.log.child({ module: 'jobs' })), SCHEDULED_JOBS, {
      onOutcome: (job, outcome) => app.metrics.jobFinished(job, outcome),
    });
    app.decorate('jobs', runner);
    // The feeds poll on their own timers (every STORM_FEED_POLL_SECONDS, backing off per source),
    // finer than the runner's minutes; what they store is idempotent across instances (decision 147).
    const { sources } = app.config.stormFeeds;
    const feeds = sources.length === 0 ? null : createFeedPoller(lifecycleDeps(app, app.log.child({ module: 'storm-feeds' })), app.config.stormFeeds);
    app.decorate('stormFeeds', feeds);
    app.addHook('onReady', async () => {
      runner.start();
      feeds?.start();
    });
    app.addHook('onClose', async () => {
      await feeds?.stop();
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['identity', 'ledger', 'files'] },
);
