import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateCode } from '../identity';
import { createMailer, MailDeliveryError, type Mailer, type NoticeLogger } from './mailer';
import { createOutbox } from './outbox';
import { extractCode, startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { invitationEmail, oneTimeCodeEmail } from './templates';

const FROM = '"Flexible Hurricane Protection" <no-reply@fhp.example>';

function recordingLogger(): NoticeLogger & { entries: { details: Record<string, unknown>; message: string }[] } {
  const entries: { details: Record<string, unknown>; message: string }[] = [];
  return { entries, info: (details, message) => entries.push({ details, message }) };
}

// Compile-time check: the logger Fastify hands out fits the narrow interface.
const _fastifyLoggerFits = (logger: FastifyBaseLogger): NoticeLogger => logger;

describe('mailer over SMTP (a real smtp-server)', () => {
  let capture: SmtpCapture;
  let mailer: Mailer;
  const logger = recordingLogger();
  const outbox = createOutbox();

  beforeAll(async () => {
    capture = await startSmtpCapture();
    mailer = createMailer({ smtpUrl: capture.url, from: FROM, logger, outbox });
  });

  afterAll(async () => {
    mailer.close();
    await capture.close();
  });

  it('delivers the one-time code email, and extractCode reads the code from it', async () => {
    const code = generateCode();
    const receipt = await mailer.send({ to: 'Ann.Purchaser@Example.org', ...oneTimeCodeEmail({ code }) });
    expect(receipt.via).toBe('smtp');

    const message = await capture.waitForMessage('ann.purchaser@example.org');
    expect(message.subject).toBe('Your Flexible Hurricane Protection code');
    expect(message.from).toContain('no-reply@fhp.example');
    // Nodemailer lower-cases the domain; the local part is kept as typed.
    expect(message.to.toLowerCase()).toBe('ann.purchaser@example.org');
    expect(message.text).toBe(
      `Your Flexible Hurricane Protection code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this email.`,
    );
    expect(message.html).toContain(code);
    expect(extractCode(message)).toBe(code);
    // The SMTP path neither keeps a copy nor logs.
    expect(outbox.list()).toEqual([]);
    expect(logger.entries).toEqual([]);
  });

  it('hands out each message once, in the order sent', async () => {
    const [first, second] = [generateCode(), generateCode()];
    await mailer.send({ to: 'twice@example.org', ...oneTimeCodeEmail({ code: first }) });
    await mailer.send({ to: 'twice@example.org', ...oneTimeCodeEmail({ code: second }) });
    expect(extractCode(await capture.waitForMessage('twice@example.org'))).toBe(first);
    expect(extractCode(await capture.waitForMessage('twice@example.org'))).toBe(second);
    await expect(capture.waitForMessage('twice@example.org', { timeoutMs: 200 })).rejects.toThrow(/No email/);
  });

  it('waits for a message that has not arrived yet', async () => {
    const code = generateCode();
    const arriving = capture.waitForMessage('later@example.org');
    await mailer.send({ to: 'later@example.org', ...oneTimeCodeEmail({ code }) });
    expect(extractCode(await arriving)).toBe(code);
  });

  it('carries non-ASCII names intact, escaped in the HTML body', async () => {
    await mailer.send({
      to: 'zoe@example.org',
      ...invitationEmail({ firstName: 'Zoë <b>Ané</b>', roleTitle: 'Admin', acceptUrl: 'https://portal.example/invite?t=abc&x=1' }),
    });
    const message = await capture.waitForMessage('zoe@example.org');
    expect(message.text).toContain('Hello Zoë <b>Ané</b>,');
    expect(message.html).toContain('Hello Zoë &lt;b&gt;Ané&lt;/b&gt;,');
    expect(message.html).not.toContain('<b>Ané');
    expect(message.html).toContain('href="https://portal.example/invite?t=abc&amp;x=1"');
  });

  it('refuses a recipient field holding more than one address', async () => {
    const code = generateCode();
    await expect(
      mailer.send({ to: 'victim@example.org, attacker@evil.example', ...oneTimeCodeEmail({ code }) }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(mailer.send({ to: 'a@example.org\r\nBcc: b@evil.example', ...oneTimeCodeEmail({ code }) })).rejects.toBeInstanceOf(
      MailDeliveryError,
    );
    expect(capture.messages.some((message) => message.raw.includes(code))).toBe(false);
  });

  it('authenticates when SMTP_URL carries a user and password', async () => {
    const withCredentials = createMailer({ smtpUrl: capture.url.replace('smtp://', 'smtp://mailer:secret@'), from: FROM, logger, outbox });
    const code = generateCode();
    await withCredentials.send({ to: 'auth@example.org', ...oneTimeCodeEmail({ code }) });
    expect(extractCode(await capture.waitForMessage('auth@example.org'))).toBe(code);
    withCredentials.close();
  });

  it('reports an unreachable SMTP server as a MailDeliveryError', async () => {
    const gone = await startSmtpCapture();
    await gone.close();
    const unreachable = createMailer({ smtpUrl: gone.url, from: FROM, logger, outbox });
    await expect(unreachable.send({ to: 'ann@example.org', ...oneTimeCodeEmail({ code: '123456' }) })).rejects.toBeInstanceOf(
      MailDeliveryError,
    );
    unreachable.close();
  });
});

describe('mailer without SMTP (development outbox)', () => {
  const outbox = createOutbox();
  const logger = recordingLogger();
  const mailer = createMailer({ from: FROM, logger, outbox });

  beforeEach(() => {
    outbox.clear();
    logger.entries.length = 0;
  });

  it("keeps the message in the outbox and logs one line with the subject and the recipient's domain only", async () => {
    const code = generateCode();
    const email = oneTimeCodeEmail({ code });
    const receipt = await mailer.send({ to: 'ann@example.org', ...email });

    expect(mailer.mode).toBe('outbox');
    expect(receipt).toEqual({ via: 'outbox', outboxId: outbox.list()[0]?.id });
    expect(outbox.latestFor('ANN@example.org')).toMatchObject({ channel: 'email', to: 'ann@example.org', ...email });
    expect(extractCode(outbox.latestFor('ann@example.org')?.text ?? '')).toBe(code);

    expect(logger.entries).toHaveLength(1);
    expect(logger.entries[0]?.details).toMatchObject({ recipientDomain: 'example.org', subject: email.subject });
    expect(JSON.stringify(logger.entries)).not.toContain(code);
    expect(JSON.stringify(logger.entries)).not.toContain('ann@');
  });

  it('treats an empty SMTP_URL as absent', async () => {
    expect(createMailer({ smtpUrl: '  ', from: FROM, logger, outbox }).mode).toBe('outbox');
  });
});
