import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, prettyLogStream } from './logging';

/** A Fastify app logging through the readable stream, and the lines it wrote. */
async function prettyApp() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions({ logLevel: 'info', logFormat: 'pretty' }, prettyLogStream({ colorize: false, destination })) });
  app.get('/hello', async (request) => {
    request.log.info({ email: 'someone@example.com', policies: 2 }, 'said hello');
    return { ok: true };
  });
  app.get('/broken', async () => {
    throw new Error('the database went away');
  });
  await app.ready();
  return { app, lines };
}

describe('development logs (LOG_FORMAT=pretty)', () => {
  it('writes one readable line per event: time, level, message, fields; a request as its method, address, status and time', async () => {
    const { app, lines } = await prettyApp();
    await app.inject({ method: 'GET', url: '/hello?code=123456' });
    await app.close();
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    const [asked, said, answered] = lines;
    expect(asked).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/hello\?code=\[Redacted\] \[[\w-]{1,8}\]$/);
    const id = /\[([\w-]{1,8})\]$/.exec(asked!)![1];
    // Redaction happens before the line is formatted: personal data never reaches the terminal.
    expect(said).toMatch(/INFO: said hello \[[\w-]{1,8}\] \{"email":"\[Redacted\]","policies":2\}$/);
    expect(answered).toMatch(new RegExp(`INFO: -> 200 in \\d+ ms \\[${id}\\]$`));
  });

  it('shows a failure with its message and stack', async () => {
    const { app, lines } = await prettyApp();
    await app.inject({ method: 'GET', url: '/broken' });
    await app.close();
    const text = lines.join('\n');
    expect(text).toMatch(/ERROR: the database went away/);
    expect(text).toMatch(/at .*logging\.test\.ts/);
  });
});
