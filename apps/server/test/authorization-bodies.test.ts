/**
 * Bodies of staff-only routes are refused before they are read (issue 19, item 13): who is asking
 * is checked when the request's head arrives, so a caller without the right never makes the
 * server take in an 11 MB file. Over a real socket: the client sends the head and a first slice of
 * a large body, then waits; the refusal must come while nearly all of the body is still unsent.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { USER_IMPORT_PATH } from '../src/modules/admin-users/import';
import { STORMS_PATH } from '../src/modules/storms/routes';
import { describeApp } from './harness';
import { tokenFor } from './identity-helpers';

/** What the client had sent when the answer came, and the answer. */
interface EarlyAnswer {
  status: number;
  body: string;
  sentBytes: number;
  declaredBytes: number;
}

/**
 * Declares `declaredBytes` of body, sends the first 64 KB and waits (at most `waitMs`) for an
 * answer before sending anything more. No answer within the wait means the server was waiting for
 * the body: the test then fails with what it saw.
 */
function sendHeadThenWait(origin: string, path: string, headers: Record<string, string>, declaredBytes: number, waitMs = 3000): Promise<EarlyAnswer> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': String(declaredBytes) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sentBytes, declaredBytes });
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${waitMs} ms after sending ${sentBytes} of ${declaredBytes} bytes: the server is waiting for the body`));
    }, waitMs);
    req.on('error', (error) => {
      // The server may close the socket right after its answer; the answer is what counts.
      if (sentBytes > 0 && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return;
      clearTimeout(timer);
      reject(error);
    });
    const slice = Buffer.alloc(64 * 1024, 'a');
    req.write(slice, () => {
      sentBytes += slice.length;
    });
  });
}

const ELEVEN_MB = 11 * 1024 * 1024;

describeApp('staff-only routes refuse a body before reading it', (suite) => {
  let origin: string;
  const tokens: Record<'purchaser' | 'teller' | 'admin', string> = { purchaser: '', teller: '', admin: '' };
  beforeAll(async () => {
    // A real socket: inject hands the whole body over at once. describeApp's close stops it.
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(suite.app.server.address() as AddressInfo).port}`;
    tokens.purchaser = await tokenFor(suite.app, 'purchaser@fhp.example');
    tokens.teller = await tokenFor(suite.app, 'teller@fhp.example');
    tokens.admin = await tokenFor(suite.app, 'admin@fhp.example');
  });

  const csv = { 'content-type': 'text/csv' };
  const json = { 'content-type': 'application/json' };

  it.each([
    ['anonymous', undefined, 401],
    ['a purchaser', 'purchaser', 403],
    ['a teller', 'teller', 403],
  ] as const)('user import: %s is refused after the head of an 11 MB body, with nearly all of it unsent', async (_who, caller, status) => {
    const auth: Record<string, string> = caller ? { authorization: `Bearer ${tokens[caller]}` } : {};
    const answer = await sendHeadThenWait(origin, `${USER_IMPORT_PATH}?commit=true`, { ...csv, ...auth }, ELEVEN_MB);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: status, display_message: expect.any(String) });
    expect(answer.sentBytes).toBeLessThan(answer.declaredBytes / 100);
  });

  it('user import: an admin announcing more than 10 MB is told so before sending it', async () => {
    const answer = await sendHeadThenWait(origin, `${USER_IMPORT_PATH}?commit=false`, { ...csv, authorization: `Bearer ${tokens.admin}` }, ELEVEN_MB);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).display_message).toMatch(/larger than 10485760 bytes/);
  });

  it.each([
    ['/iam/v1/user/invite', 'purchaser', 403],
    ['/iam/v1/invitation/send', 'teller', 403],
    ['/iam/v1/user/invite', undefined, 401],
  ] as const)('%s: %s is refused after the head of a 900 KB body', async (path, caller, status) => {
    const auth: Record<string, string> = caller ? { authorization: `Bearer ${tokens[caller]}` } : {};
    const answer = await sendHeadThenWait(origin, path, { ...json, ...auth }, 900 * 1024);
    expect(answer.status).toBe(status);
    expect(answer.sentBytes).toBeLessThan(answer.declaredBytes / 10);
  });

  it('storm import: a purchaser is refused after the head of an 11 MB file', async () => {
    const answer = await sendHeadThenWait(origin, STORMS_PATH, { 'content-type': 'text/plain', authorization: `Bearer ${tokens.purchaser}` }, ELEVEN_MB);
    expect(answer.status).toBe(403);
    expect(answer.sentBytes).toBeLessThan(answer.declaredBytes / 100);
  });
});
