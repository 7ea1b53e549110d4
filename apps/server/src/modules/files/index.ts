import fp from 'fastify-plugin';
import { createDatabaseBlobStore, type BlobStore } from './blob-store';
import { filesRoutes } from './routes';

export { fileUrl, FILES_PATH } from './routes';
export type { BlobStore, BlobInfo } from './blob-store';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
  }
}

/** The blob store (visible app-wide) and the upload routes (multipart stays inside them). */
export const filesPlugin = fp(
  async (app) => {
    const blobs = createDatabaseBlobStore(app.db);
    app.decorate('blobs', blobs);
    await app.register(filesRoutes(blobs));
  },
  { name: 'files', dependencies: ['identity'] },
);
