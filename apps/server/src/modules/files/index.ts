import fp from 'fastify-plugin';
import { createDatabaseBlobStore, type BlobStore } from './blob-store';
import { filesRoutes } from './routes';
import { createUploadSlots, type UploadSlots } from './upload';

export { fileUrl, FILES_PATH } from './routes';
export { deleteUnattachedFilesOlderThan, MAX_UNATTACHED_UPLOADS_PER_DAY, UNATTACHED_FILE_MAX_AGE_MS } from './cleanup';
export type { BlobStore, BlobInfo } from './blob-store';
export { unattachedUploadsJob } from './cleanup-job';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
    /** Uploads being received right now, against the per-process cap (read-only: for tests and metrics). */
    uploads: Pick<UploadSlots, 'limit' | 'inFlight' | 'waiting'>;
  }
}

/** The blob store (visible app-wide) and the upload routes (multipart stays inside them). */
export const filesPlugin = fp(
  async (app) => {
    const blobs = createDatabaseBlobStore(app.db);
    app.decorate('blobs', blobs);
    const slots = createUploadSlots();
    app.decorate('uploads', slots);
    await app.register(filesRoutes(blobs, slots));
    // Decision 004's hourly cleanup of abandoned uploads runs with the other scheduled jobs (modules/jobs).
  },
  { name: 'files', dependencies: ['identity'] },
);
