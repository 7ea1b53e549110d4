import multipart from '@fastify/multipart';
import { subject } from '@fhp/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpErrorBody } from '../../http/errors';
import { MESSAGES } from '../identity';
import type { BlobStore } from './blob-store';
import { contentDisposition } from '../../http/content-disposition';
import { fileName } from './download-name';
import { countRecentUnattachedFiles, MAX_UNATTACHED_UPLOADS_PER_DAY, putWithinQuota } from './cleanup';
import { receiveUpload, UPLOAD_LIMITS, UPLOAD_MESSAGES, UPLOAD_RETRY_AFTER_SECONDS, UploadRefused, type UploadSlots } from './upload';

export const FILES_PATH = '/api/v1/files';

/** The URL the owner (or an admin) reads a stored file from; the profile's `kyc[].doc`. */
export function fileUrl(id: string): string {
  return `${FILES_PATH}/${id}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'This file was not found.'; // ours

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send(httpErrorBody(status, message));
}

/** Runs before the body is read: an anonymous caller's bytes are never parsed. */
async function requireSignedIn(request: FastifyRequest, reply: FastifyReply) {
  if (request.user === null) return refuse(reply, 401, MESSAGES.signInRequired);
}

/**
 * `POST /api/v1/files` (one proof, multipart) and `GET /api/v1/files/:id` (its bytes, for the
 * owner or an administrator). Encapsulated: the multipart parser exists only for these routes.
 */
export function filesRoutes(blobs: BlobStore, slots: UploadSlots) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: UPLOAD_LIMITS });

    app.post(FILES_PATH, { onRequest: requireSignedIn }, async (request, reply) => {
      const user = request.user!;
      if (!request.ability.can('create', subject('Document', { ownerId: user.id }))) {
        return refuse(reply, 403, MESSAGES.forbidden);
      }
      // Before the body is read: a customer cannot fill the database with files never submitted.
      // Concurrent uploads may pass this count together; putWithinQuota counts again under a lock.
      if ((await countRecentUnattachedFiles(app.db, user.id, app.clock())) >= MAX_UNATTACHED_UPLOADS_PER_DAY) {
        request.log.info('upload refused: daily quota of unattached files reached');
        return refuse(reply, 429, UPLOAD_MESSAGES.quota);
      }
      // Waits its turn during a rush; a client that goes away leaves the queue.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const release = await slots.acquire(gone.signal);
      if (release === null) {
        request.log.warn({ inFlight: slots.inFlight, waiting: slots.waiting }, 'upload refused: too many in flight and waiting');
        return refuse(reply.header('retry-after', String(UPLOAD_RETRY_AFTER_SECONDS)), 503, UPLOAD_MESSAGES.busy);
      }
      try {
        const upload = await receiveUpload(request);
        const stored = await putWithinQuota(app.db, blobs, {
          ownerId: user.id,
          purpose: upload.purpose,
          originalName: upload.name,
          mimeType: upload.mimeType,
          bytes: upload.bytes,
        }, app.clock());
        if (stored === null) {
          request.log.info('upload refused: daily quota of unattached files reached');
          return refuse(reply, 429, UPLOAD_MESSAGES.quota);
        }
        // Sizes and types only: names and contents are the customer's documents.
        request.log.info({ fileId: stored.id, size: stored.size, mimeType: stored.mimeType }, 'file uploaded');
        return reply
          .code(201)
          .send({ id: stored.id, name: stored.originalName, size: stored.size, mimeType: stored.mimeType, purpose: stored.purpose });
      } catch (error) {
        if (!(error instanceof UploadRefused)) throw error;
        request.log.info({ reason: error.message }, 'upload refused');
        return refuse(reply, error.statusCode, error.message);
      } finally {
        release();
      }
    });

    app.get<{ Params: { id: string } }>(`${FILES_PATH}/:id`, { onRequest: requireSignedIn }, async (request, reply) => {
      const { id } = request.params;
      // Owner first, bytes after: a caller who may not read the file never makes us load 20 MB.
      const info = UUID.test(id) ? await blobs.info(id) : undefined;
      // Someone else's file answers exactly like a missing one: ids reveal nothing.
      // An erased file (its owner was deleted, decision 070) is gone for everyone.
      if (!info || info.size === 0 || !request.ability.can('read', subject('Document', { ownerId: info.ownerId }))) {
        return refuse(reply, 404, NOT_FOUND);
      }
      const blob = await blobs.get(id);
      if (!blob) return refuse(reply, 404, NOT_FOUND); // removed in between
      // Always a download, never rendered in our origin, with the type the bytes were checked as
      // (not what the uploader claimed) and a name whose extension says the same, even for a file
      // stored before names followed types; nosniff (set on every answer) keeps browsers from guessing.
      return reply
        .header('content-type', blob.mimeType)
        .header('content-disposition', contentDisposition('attachment', fileName(blob.originalName, blob.mimeType)))
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(blob.bytes);
    });
  };
}
