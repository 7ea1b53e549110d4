/**
 * Production surface of notifications. `smtp-capture` is deliberately not re-exported: it is a
 * test helper built on a dev dependency; tests import it from './smtp-capture' directly.
 */
export { createMailer, MailDeliveryError } from './mailer';
export type { Mailer, MailAttachment, MailerOptions, MailMessage, MailReceipt, NoticeLogger } from './mailer';
export { createDeliveryQueue, failureSummary } from './delivery-queue';
export type { DeliveryQueue, DeliveryQueueOptions, MessageRenderer, RenderedLater, StoredMessage } from './delivery-queue';
export { createOutbox } from './outbox';
export type { NewOutboxMessage, Outbox, OutboxChannel, OutboxMessage, OutboxOptions } from './outbox';
export { createOutboxSmsProvider } from './sms';
export type { OutboxSmsProviderOptions, SmsMessage, SmsProvider } from './sms';
export { accountExistsEmail, BRAND, emailLayout, html, invitationEmail, oneTimeCodeEmail, oneTimeCodeSms } from './templates';
export type { HtmlValue, InvitationTemplateInput, OneTimeCodeTemplateInput, RenderedEmail, TrustedHtml } from './templates';
