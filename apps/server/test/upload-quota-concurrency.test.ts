/**
 * The daily quota of unattached uploads holds when one user sends 30 uploads at once (issue 13,
 * item 2): the count and the insert run under the user's advisory lock, on PGlite and PostgreSQL.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { files } from '../src/db/schema';
import { MAX_UNATTACHED_UPLOADS_PER_DAY } from '../src/modules/files';
import { UPLOAD_MESSAGES } from '../src/modules/files/upload';
import { startSmtpCapture } from '../src/modules/notifications/smtp-capture';
import { pngBytes, postFile } from './files-helpers';
import { describeApp } from './harness';
import { userId } from './identity-helpers';
import { newCustomer } from './purchase-helpers';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());

describeApp(
  'upload quota under concurrency',
  (suite) => {
    it('30 uploads of one user at once store exactly the quota; the rest get 429 with the quota sentence', async () => {
      const email = `rush.uploader.${suite.kind}@fhp.example`;
      const token = await newCustomer(suite.app, smtp, email);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          postFile(suite.app, token, [{ name: 'purpose', value: 'ID_PROOF' }, { name: 'file', filename: `p${i}.png`, contentType: 'image/png', data: pngBytes() }]),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_UNATTACHED_UPLOADS_PER_DAY);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX_UNATTACHED_UPLOADS_PER_DAY);
      for (const refused of answers.filter((a) => a.status === 429)) expect(refused.body.display_message).toBe(UPLOAD_MESSAGES.quota);
      const ownerId = await userId(suite.app, email);
      const stored = await suite.database.db.select({ id: files.id }).from(files).where(and(eq(files.ownerId, ownerId), isNull(files.attachedAt)));
      expect(stored).toHaveLength(MAX_UNATTACHED_UPLOADS_PER_DAY);
    });
  },
  { env: { SMTP_URL: smtp.url }, engines: 'both' },
);
