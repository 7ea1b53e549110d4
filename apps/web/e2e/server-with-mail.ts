/**
 * Playwright's web server for e2e: one process that starts a real SMTP server (`smtp-server`, the
 * capture of apps/server/src/modules/notifications/smtp-capture.ts), points the app's SMTP_URL at it,
 * starts the real app, and lets the specs read what was mailed over a small local HTTP endpoint
 * (GET /code?to=<email> answers { code, subject } for the next message to that address, waiting
 * for it to arrive). One process, so the capture exists before the app sends anything and both
 * stop together when Playwright stops the web server.
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface CapturedMessage {
  subject: string;
  text: string;
  html: string | undefined;
}
interface SmtpCaptureModule {
  startSmtpCapture(): Promise<{ url: string; waitForMessage(to: string, options?: { timeoutMs?: number }): Promise<CapturedMessage> }>;
  extractCode(message: CapturedMessage): string;
}

const serverSrc = resolve(import.meta.dirname, '../../server/src');
// Imported by URL so the web's type-check does not walk the server's sources (they have their own).
const capture = (await import(pathToFileURL(resolve(serverSrc, 'modules/notifications/smtp-capture.ts')).href)) as SmtpCaptureModule;

const smtp = await capture.startSmtpCapture();
process.env.SMTP_URL = smtp.url;

const mailPort = Number(process.env.E2E_MAIL_PORT ?? 3101);
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to');
  if (url.pathname !== '/code' || !to) {
    res.writeHead(404).end();
    return;
  }
  smtp
    .waitForMessage(to, { timeoutMs: Number(url.searchParams.get('timeoutMs') ?? 10_000) })
    .then((message) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: capture.extractCode(message), subject: message.subject }));
    })
    .catch((error: unknown) => {
      res.writeHead(504, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
    });
}).listen(mailPort, '127.0.0.1');

await import(pathToFileURL(resolve(serverSrc, 'server.ts')).href);
