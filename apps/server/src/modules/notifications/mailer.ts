import { createTransport } from 'nodemailer';
import { recipientDomain } from '../../logging';
import type { Outbox } from './outbox';

/** The part of a logger the notification senders need; Fastify's and pino's loggers fit. */
export interface NoticeLogger {
  info(details: Record<string, unknown>, message: string): void;
}

export interface MailMessage {
  /** One address. */
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Files sent with the message (a policy contract); the development outbox keeps only their names and sizes. */
  attachments?: MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export type MailReceipt = { via: 'smtp'; messageId: string } | { via: 'outbox'; outboxId: number };

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** Resolves once the SMTP server accepted the message (or the outbox stored it). */
  send(message: MailMessage): Promise<MailReceipt>;
  /** Releases SMTP connections; call on shutdown. */
  close(): void;
}

export interface MailerOptions {
  /** e.g. smtps://user:pass@mail.example.com or smtp://127.0.0.1:2525; absent: the outbox. */
  smtpUrl?: string | undefined;
  /** Sender, e.g. `"Flexible Hurricane Protection" <no-reply@example.com>`. */
  from: string;
  logger: NoticeLogger;
  outbox: Outbox;
}

/** Thrown when the SMTP server cannot be reached or refuses the message. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}

/**
 * A single plain address. Nodemailer would happily read "a@x.org, b@y.org" as two recipients;
 * a code meant for one person must never be copied to a second address slipped into the field.
 */
const SINGLE_ADDRESS = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+$/;

function assertSingleAddress(to: string): void {
  if (!SINGLE_ADDRESS.test(to)) throw new MailDeliveryError('The recipient must be one plain email address');
}

/**
 * Email through SMTP when SMTP_URL is configured, else into the development outbox. Both paths
 * take the same message, so the identity service never knows which one it has.
 */
export function createMailer({ smtpUrl, from, logger, outbox }: MailerOptions): Mailer {
  if (smtpUrl === undefined || smtpUrl.trim() === '') {
    return {
      mode: 'outbox',
      async send(message) {
        assertSingleAddress(message.to);
        const { attachments, ...rest } = message;
        const stored = outbox.add({
          channel: 'email',
          ...rest,
          ...(attachments?.length ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.byteLength })) } : {}),
        });
        // Subject and the recipient's domain only: the address is personal data, the body carries
        // codes and links (the outbox, GET /api/v1/dev/outbox, has the whole message).
        logger.info(
          { channel: 'email', recipientDomain: recipientDomain(message.to), subject: message.subject, outboxId: stored.id },
          'Email kept in the development outbox',
        );
        return { via: 'outbox', outboxId: stored.id };
      },
      close() {},
    };
  }

  const transport = createTransport({
    url: smtpUrl,
    // A few connections kept open and reused: a rush sends hundreds of codes a minute, and a new
    // connection (and its greeting) per message is most of each send's time.
    pool: true,
    maxConnections: 5,
    maxMessages: 500,
    // Nodemailer waits up to two minutes by default; a sign-in request should fail sooner.
    // Together under the delivery queue's 30 s lease: a message is not sent twice by two workers.
    connectionTimeout: 10_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  });
  return {
    mode: 'smtp',
    async send({ to, subject, text, html, attachments }) {
      assertSingleAddress(to);
      try {
        const info = await transport.sendMail({
          from,
          to,
          subject,
          text,
          ...(html === undefined ? {} : { html }),
          ...(attachments?.length
            ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })) }
            : {}),
        });
        return { via: 'smtp', messageId: info.messageId };
      } catch (error) {
        // The cause keeps the SMTP reply for the caller's log; the message itself is not in it.
        throw new MailDeliveryError('The email could not be delivered to the SMTP server', { cause: error });
      }
    },
    close() {
      transport.close();
    },
  };
}
