import type { Outbox } from './outbox';
import type { NoticeLogger } from './mailer';

export interface SmsMessage {
  /** Phone number in international form, e.g. +14735550100. */
  to: string;
  text: string;
}

/**
 * What the identity service needs from an SMS gateway. A real provider (Twilio, a local carrier)
 * implements this later; until then the outbox stands in, as the product decisions allow.
 */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export interface OutboxSmsProviderOptions {
  outbox: Outbox;
  logger: NoticeLogger;
}

export function createOutboxSmsProvider({ outbox, logger }: OutboxSmsProviderOptions): SmsProvider {
  return {
    async send({ to, text }) {
      const stored = outbox.add({ channel: 'sms', to, text });
      // Neither the number (personal data) nor the text (it carries the code): the outbox has both.
      logger.info({ channel: 'sms', outboxId: stored.id }, 'SMS kept in the development outbox');
    },
  };
}
