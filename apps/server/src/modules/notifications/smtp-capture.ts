import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (unit and end-to-end): the mailer talks the actual protocol to it,
 * and tests read what arrived. Listens on 127.0.0.1 on a free port, without TLS and with optional
 * authentication (any credentials are accepted, so an SMTP_URL with a user and password works too).
 *
 * Parsing is deliberately minimal: enough MIME for what nodemailer sends (headers, encoded-word
 * subjects, multipart/alternative, quoted-printable and base64 bodies), not a general mail parser.
 * Test-only: imports the `smtp-server` dev dependency, so production code must not import it.
 */

export interface CapturedMessage {
  /** Recipients from the SMTP envelope (RCPT TO), lower-cased: who the server was asked to deliver to. */
  envelopeTo: string[];
  /** The To header, decoded. */
  to: string;
  from: string;
  subject: string;
  /** The text/plain body (decoded); '' if there is none. */
  text: string;
  /** The text/html body (decoded), if any. */
  html: string | undefined;
  /** Parts sent as attachments, decoded to bytes. */
  attachments: CapturedAttachment[];
  /** The message exactly as received. */
  raw: string;
}

export interface CapturedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface WaitOptions {
  /** How long to wait for a message before rejecting; default 5000. */
  timeoutMs?: number;
}

export interface SmtpCapture {
  /** e.g. smtp://127.0.0.1:40123, ready to be passed as SMTP_URL. */
  readonly url: string;
  readonly port: number;
  /** Every message received so far, oldest first. */
  readonly messages: readonly CapturedMessage[];
  /**
   * Resolves with the oldest message to `to` (case-insensitive) that no earlier call returned,
   * waiting for one to arrive if needed. Each message is handed out once, so a test that triggers
   * two codes reads the second with a second call rather than getting the first one again.
   */
  waitForMessage(to: string, options?: WaitOptions): Promise<CapturedMessage>;
  close(): Promise<void>;
}

interface Waiter {
  address: string;
  resolve: (message: CapturedMessage) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMessage[] = [];
  const handedOut = new Set<CapturedMessage>();
  const waiters = new Set<Waiter>();

  function takeFor(address: string): CapturedMessage | undefined {
    const message = messages.find((m) => !handedOut.has(m) && m.envelopeTo.includes(address));
    if (message !== undefined) handedOut.add(message);
    return message;
  }

  function deliver(message: CapturedMessage): void {
    messages.push(message);
    for (const waiter of waiters) {
      if (!message.envelopeTo.includes(waiter.address)) continue;
      waiters.delete(waiter);
      clearTimeout(waiter.timer);
      handedOut.add(message);
      waiter.resolve(message);
      return;
    }
  }

  const server = new SMTPServer({
    authOptional: true,
    // Nodemailer upgrades to TLS whenever STARTTLS is offered; this server has no certificate.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        deliver(parseMessage(Buffer.concat(chunks).toString('utf8'), envelopeTo));
        callback();
      });
    },
    logger: false,
    // A test's close() should not wait 30 s for an idle client to leave.
    closeTimeout: 1000,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      // A client that dies mid-conversation (a killed server process) resets its connection: the
      // server reports it as an error, which is not the capture's to fail on.
      server.on('error', () => undefined);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessage(to, { timeoutMs = 5000 } = {}) {
      const address = to.trim().toLowerCase();
      const ready = takeFor(address);
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise<CapturedMessage>((resolve, reject) => {
        const waiter: Waiter = {
          address,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`No email to ${address} arrived within ${timeoutMs} ms (${messages.length} received in all)`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('The SMTP capture server was closed'));
      }
      waiters.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The six-digit code in a message (text body first, then HTML); throws when there is none. */
export function extractCode(message: CapturedMessage | string): string {
  const sources = typeof message === 'string' ? [message] : [message.text, message.html ?? ''];
  for (const source of sources) {
    const match = /(?<!\d)(\d{6})(?!\d)/.exec(source);
    if (match?.[1] !== undefined) return match[1];
  }
  throw new Error('The message contains no six-digit code');
}

// ---- minimal MIME parsing ----------------------------------------------------------------------

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Header lines that start with whitespace continue the previous one (RFC 5322 folding).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects and names. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between adjacent encoded words is not content
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\n/g, ''); // soft line breaks
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function isAttachment(part: Part): boolean {
  return /^attachment/i.test(part.headers.get('content-disposition') ?? '');
}

function toAttachment(part: Part): CapturedAttachment {
  const disposition = part.headers.get('content-disposition') ?? '';
  const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'attachment');
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const content = encoding === 'base64' ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64') : Buffer.from(part.body, 'latin1');
  return { filename, contentType: (part.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(), content };
}

/** Leaf parts of a message, walking multipart containers depth first. */
function leaves(part: Part): Part[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || boundary === undefined) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1); // before the first boundary: preamble
  return sections
    .filter((section) => !section.startsWith('--')) // the closing delimiter and epilogue
    .flatMap((section) => leaves(splitPart(section.replace(/^\n/, ''))));
}

function parseMessage(raw: string, envelopeTo: string[]): CapturedMessage {
  const root = splitPart(raw);
  const all = leaves(root);
  const parts = all.filter((part) => !isAttachment(part));
  const bodyOf = (type: string): string | undefined => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type));
    return part === undefined ? undefined : decodeBody(part).replace(/\n$/, '');
  };
  return {
    envelopeTo,
    to: decodeWords(root.headers.get('to') ?? ''),
    from: decodeWords(root.headers.get('from') ?? ''),
    subject: decodeWords(root.headers.get('subject') ?? ''),
    text: bodyOf('text/plain') ?? '',
    html: bodyOf('text/html'),
    attachments: all.filter(isAttachment).map(toAttachment),
    raw,
  };
}
