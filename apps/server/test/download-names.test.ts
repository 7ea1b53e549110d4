/**
 * Downloads keep a safe name (issue 19, item 14): the extension follows the type the bytes were
 * checked as, not the name the uploader chose (`evil.html` stored as a PNG downloads as
 * `evil.png`), and Content-Disposition stays one well-formed header whatever the name holds.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { pdfBytes, pngBytes, uploadProof } from './files-helpers';
import { describeApp } from './harness';
import { tokenFor, userId } from './identity-helpers';
import { newCustomer } from './purchase-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

/** The two names a Content-Disposition gives: the ASCII `filename` and the UTF-8 `filename*`. */
function namesOf(disposition: string): { ascii: string; utf8: string } {
  const match = /^attachment; filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]+)$/.exec(disposition);
  expect(match, disposition).not.toBeNull();
  return { ascii: match![1]!, utf8: decodeURIComponent(match![2]!) };
}

describeApp(
  'download names',
  (suite) => {
    let token = '';
    beforeAll(async () => {
      token = await newCustomer(suite.app, smtp, `download.names.${suite.kind}@fhp.example`);
    });

    const download = (id: string, as = token) => suite.app.inject({ method: 'GET', url: `/api/v1/files/${id}`, headers: { authorization: `Bearer ${as}` } });

    it.each([
      ['evil.html', pngBytes(), 'image/png', 'evil.png'],
      ['invoice.pdf.exe', pdfBytes(), 'application/pdf', 'invoice.pdf'],
      ['scan', pdfBytes(), 'application/pdf', 'scan.pdf'],
      ['photo.PNG', pngBytes(), 'image/png', 'photo.PNG'],
      ['page.svg', pngBytes(), 'image/png', 'page.png'],
    ])('an upload named %s keeps the extension of what it is', async (filename, data, mimeType, expected) => {
      const stored = await uploadProof(suite.app, token, 'ID_PROOF', { filename, contentType: 'text/html', data });
      expect(stored).toMatchObject({ mimeType, name: expected });
      const answer = await download(stored.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe(mimeType);
      expect(namesOf(String(answer.headers['content-disposition']))).toEqual({ ascii: expected, utf8: expected });
    });

    it('a file stored before under a name of another type downloads under its own type’s extension', async () => {
      const { app } = suite;
      // As an upload of before this rule stored it: the name as sent.
      const ownerId = await userId(app, `download.names.${suite.kind}@fhp.example`);
      const stored = await app.blobs.put({ ownerId, purpose: 'ID_PROOF', originalName: 'evil.html', mimeType: 'image/png', bytes: pngBytes() }, new Date());
      const answer = await download(stored.id);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(namesOf(String(answer.headers['content-disposition']))).toEqual({ ascii: 'evil.png', utf8: 'evil.png' });
    });

    it.each([
      ['a "quoted"; name.png', 'a _quoted__ name.png', 'a "quoted"; name.png'],
      ['Thérèse D’Auvergne.png', 'Th_r_se D_Auvergne.png', 'Thérèse D’Auvergne.png'],
      ['%22 100% sure.png', '_22 100_ sure.png', '%22 100% sure.png'],
      ['..\\..\\windows\\system.png', 'system.png', 'system.png'],
      ['\\.htaccess', 'htaccess.png', 'htaccess.png'],
      ['back\\slash=x.png', 'slash_x.png', 'slash=x.png'],
    ])('Content-Disposition stays one well-formed header for %j', async (filename, ascii, utf8) => {
      // Any name a file may have been stored under (a browser escapes some of these in its upload).
      const ownerId = await userId(suite.app, `download.names.${suite.kind}@fhp.example`);
      const stored = await suite.app.blobs.put({ ownerId, purpose: 'ID_PROOF', originalName: filename, mimeType: 'image/png', bytes: pngBytes() }, new Date());
      const answer = await download(stored.id);
      expect(answer.statusCode).toBe(200);
      expect(namesOf(String(answer.headers['content-disposition']))).toEqual({ ascii, utf8 });
    });

    it('a name full of control characters and line breaks, stored before, cannot split the header', async () => {
      const { app } = suite;
      const ownerId = await userId(app, `download.names.${suite.kind}@fhp.example`);
      const stored = await app.blobs.put({ ownerId, purpose: 'ID_PROOF', originalName: 'a\r\nSet-Cookie: x=1\r\n.png', mimeType: 'image/png', bytes: pngBytes() }, new Date());
      const answer = await download(stored.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(namesOf(String(answer.headers['content-disposition']))).toEqual({ ascii: 'aSet-Cookie_ x_1.png', utf8: 'aSet-Cookie: x=1.png' });
      // An administrator downloads the same name.
      const admin = await tokenFor(app, 'admin@fhp.example');
      expect((await download(stored.id, admin)).headers['content-disposition']).toBe(answer.headers['content-disposition']);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
