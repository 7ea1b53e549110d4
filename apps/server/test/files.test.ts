import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq, inArray, isNull } from 'drizzle-orm';
import { files } from '../src/db/schema';
import { deleteUnattachedFilesOlderThan, MAX_UNATTACHED_UPLOADS_PER_DAY } from '../src/modules/files';
import { UPLOAD_MESSAGES } from '../src/modules/files/upload';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { elfBytes, multipart, mzBytes, pdfBytes, pngBytes, postFile, uploadProof } from './files-helpers';
import { describeApp } from './harness';
import { tokenFor } from './identity-helpers';
import { newCustomer, rowCounts } from './purchase-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

const TYPE_MESSAGE = 'File must be a PNG, PDF, JPEG or JPG';
const ONE_FILE = 'One Id Proof is required';
const PURPOSE = 'Purpose must be ID_PROOF, ADDRESS_PROOF, PROFILE_IMAGE or CHEQUE_LEAF, sent before the file.';

/** A minimal JPEG: start of image, a JFIF APP0 segment, end of image. */
function jpegBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  ]);
}

/** A PNG signature followed by zeros up to `size` bytes. */
function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  pngBytes().copy(bytes);
  return bytes;
}

describeApp(
  'files: upload and download of proofs',
  (suite) => {
    let token = '';
    let other = '';
    beforeAll(async () => {
      token = await newCustomer(suite.app, smtp, 'uploader@fhp.example');
      other = await newCustomer(suite.app, smtp, 'someone.else@fhp.example');
    });

    it('stores a PNG, a PDF and a JPEG by their bytes and gives them back to the owner and admins only', async () => {
      const app = suite.app;
      const png = await uploadProof(app, token, 'ID_PROOF', { filename: 'C:\\scans\\passport.png', contentType: 'image/png', data: pngBytes() });
      expect(png).toEqual({ id: expect.any(String), name: 'passport.png', size: pngBytes().length, mimeType: 'image/png', purpose: 'ID_PROOF' });
      // The declared type counts for nothing: a PDF sent as octet-stream is a PDF.
      const pdf = await uploadProof(app, token, 'ADDRESS_PROOF', { filename: 'bill', contentType: 'application/octet-stream', data: pdfBytes() });
      expect(pdf).toMatchObject({ mimeType: 'application/pdf', purpose: 'ADDRESS_PROOF', name: 'bill.pdf' });
      const jpeg = await uploadProof(app, token, 'ID_PROOF', { filename: 'id.jpg', contentType: 'image/jpeg', data: jpegBytes() });
      expect(jpeg.mimeType).toBe('image/jpeg');

      const own = await app.inject({ method: 'GET', url: `/api/v1/files/${png.id}`, headers: { authorization: `Bearer ${token}` } });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.headers['x-content-type-options']).toBe('nosniff');
      expect(own.rawPayload.equals(pngBytes())).toBe(true);

      const admin = await tokenFor(app, 'admin@fhp.example');
      expect((await app.inject({ method: 'GET', url: `/api/v1/files/${pdf.id}`, headers: { authorization: `Bearer ${admin}` } })).statusCode).toBe(200);
      const stranger = await app.inject({ method: 'GET', url: `/api/v1/files/${png.id}`, headers: { authorization: `Bearer ${other}` } });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ display_message: 'This file was not found.' });
      expect((await app.inject({ method: 'GET', url: `/api/v1/files/${png.id}` })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/v1/files/not-a-uuid', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
    });

    it('accepts exactly 20,000,000 bytes and refuses 20,000,001 with a clear message, storing nothing', async () => {
      const app = suite.app;
      const atLimit = await uploadProof(app, token, 'ID_PROOF', { filename: 'big.png', contentType: 'image/png', data: pngOfSize(20_000_000) });
      expect(atLimit.size).toBe(20_000_000);
      const before = await rowCounts(app.db);
      const over = await postFile(app, token, [
        { name: 'purpose', value: 'ID_PROOF' },
        { name: 'file', filename: 'big.png', contentType: 'image/png', data: pngOfSize(20_000_001) },
      ]);
      expect(over.status).toBe(413);
      expect(over.body.display_message).toBe('File must be at most 20 MB');
      expect(await rowCounts(app.db)).toEqual(before);
    });

    it.each([
      ['an ELF executable named .png', elfBytes()],
      ['a Windows executable named .png', mzBytes()],
      ['an empty file', Buffer.alloc(0)],
      ['plain text', Buffer.from('hello, this is not a picture')],
    ])('refuses %s by its bytes, storing nothing', async (_name, data) => {
      const before = await rowCounts(suite.app.db);
      const answer = await postFile(suite.app, token, [
        { name: 'purpose', value: 'ID_PROOF' },
        { name: 'file', filename: 'passport.png', contentType: 'image/png', data },
      ]);
      expect(answer.status).toBe(415);
      expect(answer.body.display_message).toBe(TYPE_MESSAGE);
      expect(await rowCounts(suite.app.db)).toEqual(before);
    });

    it.each([
      ['two files', [{ name: 'purpose', value: 'ID_PROOF' }, { name: 'file', filename: 'a.png', contentType: 'image/png', data: pngBytes() }, { name: 'file', filename: 'b.png', contentType: 'image/png', data: pngBytes() }], ONE_FILE],
      ['three files', [{ name: 'purpose', value: 'ID_PROOF' }, ...[1, 2, 3].map((n) => ({ name: 'file', filename: `${n}.png`, contentType: 'image/png', data: pngBytes() }))], ONE_FILE],
      ['no file', [{ name: 'purpose', value: 'ID_PROOF' }], ONE_FILE],
      ['a file under another field name', [{ name: 'purpose', value: 'ID_PROOF' }, { name: 'document', filename: 'a.png', contentType: 'image/png', data: pngBytes() }], ONE_FILE],
      ['no purpose', [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: pngBytes() }], PURPOSE],
      ['an unknown purpose', [{ name: 'purpose', value: 'SELFIE' }, { name: 'file', filename: 'a.png', contentType: 'image/png', data: pngBytes() }], PURPOSE],
      ['the purpose after the file', [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: pngBytes() }, { name: 'purpose', value: 'ID_PROOF' }], PURPOSE],
      ['extra fields', [{ name: 'purpose', value: 'ID_PROOF' }, { name: 'x', value: '1' }, { name: 'y', value: '2' }, { name: 'file', filename: 'a.png', contentType: 'image/png', data: pngBytes() }], 'Send only the purpose and one file.'],
    ])('refuses %s with a clear message, storing nothing', async (_name, parts, message) => {
      const before = await rowCounts(suite.app.db);
      const answer = await postFile(suite.app, token, parts);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.display_message).toBe(message);
      expect(await rowCounts(suite.app.db)).toEqual(before);
    });

    it('never answers 500 to a malformed request, and refuses anonymous callers before reading the body', async () => {
      const app = suite.app;
      const auth = { authorization: `Bearer ${token}` };
      const cases = [
        { headers: { ...auth, 'content-type': 'application/json' }, payload: '{"purpose":"ID_PROOF"}' },
        { headers: { ...auth, 'content-type': 'multipart/form-data' }, payload: '' },
        { headers: { ...auth, 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '' },
        { headers: { ...auth, 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '--xyz\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nID_PROOF\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG' },
        { headers: { ...auth, 'content-type': 'text/plain' }, payload: 'hello' },
        { headers: auth, payload: undefined },
      ];
      for (const request of cases) {
        const response = await app.inject({ method: 'POST', url: '/api/v1/files', ...request });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(typeof response.json<{ display_message?: unknown }>().display_message).toBe('string');
      }
      const { payload, headers } = multipart([{ name: 'purpose', value: 'ID_PROOF' }, { name: 'file', filename: 'a.png', contentType: 'image/png', data: pngBytes() }]);
      const anonymous = await app.inject({ method: 'POST', url: '/api/v1/files', payload, headers });
      expect(anonymous.statusCode).toBe(401);
      expect(await app.db.$count(files, isNull(files.attachedAt))).toBeGreaterThan(0);
    });

    it("checks the owner before loading a file's bytes: someone else's id never reads them", async () => {
      const app = suite.app;
      const mine = await uploadProof(app, token, 'ID_PROOF');
      const get = vi.spyOn(app.blobs, 'get');
      try {
        const denied = await app.inject({ method: 'GET', url: `/api/v1/files/${mine.id}`, headers: { authorization: `Bearer ${other}` } });
        expect(denied.statusCode).toBe(404);
        expect(get).not.toHaveBeenCalled();
        const allowed = await app.inject({ method: 'GET', url: `/api/v1/files/${mine.id}`, headers: { authorization: `Bearer ${token}` } });
        expect(allowed.statusCode).toBe(200);
        expect(get).toHaveBeenCalledTimes(1);
      } finally {
        get.mockRestore();
      }
    });

    it('refuses an 11th unattached upload within a day with 429 and a clear sentence, storing nothing', async () => {
      const app = suite.app;
      const quotaToken = await newCustomer(app, smtp, 'quota@fhp.example');
      const ids: string[] = [];
      for (let n = 0; n < MAX_UNATTACHED_UPLOADS_PER_DAY; n++) ids.push((await uploadProof(app, quotaToken, 'ID_PROOF')).id);
      const before = await app.db.$count(files);
      const refused = await postFile(app, quotaToken, [{ name: 'purpose', value: 'ID_PROOF' }, { name: 'file', filename: 'a.png', contentType: 'image/png', data: pngBytes() }]);
      expect(refused.status).toBe(429);
      expect(refused.body.display_message).toBe(UPLOAD_MESSAGES.quota);
      expect(await app.db.$count(files)).toBe(before);
      // Someone else is not affected, and files older than a day no longer count.
      expect((await uploadProof(app, other, 'ADDRESS_PROOF')).id).toBeTruthy();
      await app.db.update(files).set({ createdAt: new Date(app.clock().getTime() - 25 * 3600_000) }).where(inArray(files.id, ids));
      expect((await uploadProof(app, quotaToken, 'ID_PROOF')).id).toBeTruthy();
    });

    it('deleteUnattachedFilesOlderThan removes only unattached files created before the cutoff', async () => {
      const app = suite.app;
      const cleanupToken = await newCustomer(app, smtp, 'cleanup@fhp.example');
      const old = await uploadProof(app, cleanupToken, 'ID_PROOF');
      const oldAttached = await uploadProof(app, cleanupToken, 'ADDRESS_PROOF');
      const recent = await uploadProof(app, cleanupToken, 'ID_PROOF');
      const now = app.clock();
      const twoDaysAgo = new Date(now.getTime() - 48 * 3600_000);
      await app.db.update(files).set({ createdAt: twoDaysAgo }).where(inArray(files.id, [old.id, oldAttached.id]));
      await app.db.update(files).set({ attachedAt: twoDaysAgo }).where(eq(files.id, oldAttached.id));

      const removed = await deleteUnattachedFilesOlderThan(app.db, new Date(now.getTime() - 24 * 3600_000));
      expect(removed).toBeGreaterThanOrEqual(1);
      const left = (await app.db.select({ id: files.id }).from(files).where(inArray(files.id, [old.id, oldAttached.id, recent.id]))).map((r) => r.id);
      expect(left.sort()).toEqual([oldAttached.id, recent.id].sort());
      const gone = await app.inject({ method: 'GET', url: `/api/v1/files/${old.id}`, headers: { authorization: `Bearer ${cleanupToken}` } });
      expect(gone.statusCode).toBe(404);
    });

    it('holds at most the per-process number of uploads in memory; one more waits for a slot instead of being refused', async () => {
      const app = suite.app;
      // A customer of its own: this test uploads more than the daily quota of unattached files allows.
      token = await newCustomer(app, smtp, 'slow.uploader@fhp.example');
      const { payload, headers } = multipart([{ name: 'purpose', value: 'ID_PROOF' }, { name: 'file', filename: 'slow.png', contentType: 'image/png', data: pngBytes() }]);
      // Slow clients: each sends all but the last bytes, then waits, holding its upload slot.
      const bodies = Array.from({ length: app.uploads.limit }, () => new PassThrough());
      const slow = bodies.map((body) => {
        body.write(payload.subarray(0, payload.length - 10));
        return app.inject({ method: 'POST', url: '/api/v1/files', payload: body, headers: { ...headers, authorization: `Bearer ${token}` } });
      });
      await vi.waitFor(() => expect(app.uploads.inFlight).toBe(app.uploads.limit));

      const waiting = app.inject({ method: 'POST', url: '/api/v1/files', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
      await vi.waitFor(() => expect(app.uploads.waiting).toBe(1));
      expect(app.uploads.inFlight).toBe(app.uploads.limit);

      bodies.forEach((body) => body.end(payload.subarray(payload.length - 10)));
      expect((await Promise.all(slow)).map((response) => response.statusCode)).toEqual(bodies.map(() => 201));
      // The waiting one got a freed slot and was stored.
      expect((await waiting).statusCode).toBe(201);
      expect(app.uploads.inFlight).toBe(0);
      // A refused or cut-off upload gives its slot back too.
      const cut = new PassThrough();
      const cutResponse = app.inject({ method: 'POST', url: '/api/v1/files', payload: cut, headers: { ...headers, authorization: `Bearer ${token}` } });
      cut.end(payload.subarray(0, payload.length - 10));
      expect((await cutResponse).statusCode).toBe(400);
      expect(app.uploads.inFlight).toBe(0);
      expect((await postFile(app, token, [{ name: 'purpose', value: 'ID_PROOF' }, { name: 'file', filename: 'a.png', contentType: 'image/png', data: pngBytes() }])).status).toBe(201);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
