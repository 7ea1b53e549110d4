import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Ledger } from '../ledger';
import type { DeliveryQueue, Mailer, SmsProvider } from '../notifications';

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
  /** Direct sends, for the storm notices that do not go through the queue yet. */
  mailer: Mailer;
  sms: SmsProvider;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** Where links in documents and emails point when no request says (PUBLIC_URL, else this server). */
  defaultOrigin: string;
}

export function lifecycleDeps(app: FastifyInstance, log: LifecycleDeps['log'] = app.log): LifecycleDeps {
  return {
    db: app.db,
    clock: app.clock,
    ledger: app.ledger,
    deliveries: app.identity.deliveries,
    mailer: app.identity.mailer,
    sms: app.identity.sms,
    log,
    defaultOrigin: app.config.publicUrl ?? `http://localhost:${app.config.port}`,
  };
}

/**
 * Sends after the commit; a failed email or text never undoes the change it reports. Logged with
 * the policy number only (never the address or the message).
 */
export async function deliver(deps: Pick<LifecycleDeps, 'log'>, what: string, policyNumber: string, send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    deps.log.error({ err: error, policyNumber, what }, 'lifecycle notice not sent');
    return false;
  }
}
