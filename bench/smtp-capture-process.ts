/**
 * The bench's SMTP capture in a process of its own, so parsing hundreds of emails neither slows
 * the server nor the clients whose latencies are measured. Talks to its parent over IPC: it sends
 * `{ url }` once listening, and answers `{ id, code }` (or `{ id, error }`) to `{ id, code: email }`
 * and `{ id, count, subject }` (how many messages to each address have that subject prefix).
 */
import { extractCode, startSmtpCapture } from '../apps/server/src/modules/notifications/smtp-capture';

type Request = { id: number; code: string } | { id: number; count: string[]; subject: string };

const capture = await startSmtpCapture();
process.on('message', (request: Request) => {
  if ('code' in request) {
    let message = capture.waitForMessage(request.code, { timeoutMs: 60_000 });
    // Skip anything that is not a code (there is nothing else before a purchase).
    void message
      .then((first) => (/code/i.test(first.subject) ? first : (message = capture.waitForMessage(request.code, { timeoutMs: 60_000 }))))
      .then((found) => process.send!({ id: request.id, code: extractCode(found) }))
      .catch((error: unknown) => process.send!({ id: request.id, error: String(error) }));
    return;
  }
  const wanted = new Set(request.count.map((address) => address.toLowerCase()));
  const counts: Record<string, number> = {};
  for (const message of capture.messages) {
    if (!message.subject.startsWith(request.subject)) continue;
    for (const to of message.envelopeTo) if (wanted.has(to)) counts[to] = (counts[to] ?? 0) + 1;
  }
  process.send!({ id: request.id, counts });
});
process.on('disconnect', () => void capture.close().then(() => process.exit(0)));
process.send!({ url: capture.url });
