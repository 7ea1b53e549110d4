import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Ledger } from '../audit';
import type { DeliveryQueue } from '../notifications';

/** What the lifecycle services (payments, contracts, cancellations, payouts, jobs) need from the app. */
export interface LifecycleDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  /**
   * Notices (contracts, cancellations, reminders) are queued in the transaction of the change they
   * report and sent by the queue's worker (decision 085): kick it after the commit.
   */
  deliveries: Pick<DeliveryQueue, 'enqueue' | 'kick'>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** Where links in documents and emails point: the configured public address (config.publicUrl), never a request's. */
  defaultOrigin: string;
}

export function lifecycleDeps(app: FastifyInstance, log: LifecycleDeps['log'] = app.log): LifecycleDeps {
  return {
    db: app.db,
    clock: app.clock,
    ledger: app.ledger,
    deliveries: app.identity.deliveries,
    log,
    defaultOrigin: app.config.publicUrl,
  };
}
