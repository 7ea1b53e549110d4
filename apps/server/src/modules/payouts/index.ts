/** Payouts: created by a storm, wired by an administrator, acknowledged by the holder. */
export { MyPayoutRef } from './graphql';
export { type MyPayoutView, payoutView } from './my-payouts';
export { payoutRoutes } from './routes';
export { acknowledgePayout, recordPayoutWire } from './service';
export { payoutAcknowledgeRemindersJob } from './texts';
