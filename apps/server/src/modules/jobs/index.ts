export { createJobRunner, type JobContext, type JobDefinition, type JobOutcome, type JobRunner, type JobRunnerOptions, type RunnerDeps } from './runner';
