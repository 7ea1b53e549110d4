import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { COMMON_MESSAGES, KYC_DOCUMENT_TYPES, MAX_UPLOAD_BYTES, PROFILE_MESSAGES, type KycDocumentType } from '@fhp/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { fileName } from './download-name';

/**
 * Reading one proof from a multipart request (decision 004): the field `purpose`, then exactly one
 * `file`. Every way a client can get this wrong ends in an `UploadRefused` with a sentence for the
 * customer; nothing is stored before the whole request has been read and checked.
 */

export const UPLOAD_MESSAGES = {
  notMultipart: 'Please send the file as multipart/form-data.', // ours
  purposeInvalid: 'Purpose must be ID_PROOF, ADDRESS_PROOF, PROFILE_IMAGE or CHEQUE_LEAF, sent before the file.', // ours
  tooManyParts: 'Send only the purpose and one file.', // ours
  fileRequired: COMMON_MESSAGES.proofFileRequired,
  fileType: COMMON_MESSAGES.proofFileType,
  fileSize: COMMON_MESSAGES.proofFileSize,
  malformed: 'The upload was cut off or is not valid multipart data. Please try again.', // ours
  busy: 'Many files are being uploaded right now. Please try again in a few seconds.', // ours
  quota: 'You have uploaded 10 files in the last 24 hours that are not part of a submission yet. Please submit your details with the files you have, or try again tomorrow.', // ours
} as const;

/** Limits handed to busboy: one file of 20,000,000 bytes, and no room for anything else. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  // Two, so that a second file is seen and refused with the spec's sentence rather than cut off.
  files: 2,
  fields: 2,
  parts: 4,
  fieldNameSize: 100,
  fieldSize: 100,
  headerPairs: 50,
} as const;

/**
 * A file is held in memory until it is checked and stored (up to 20 MB, and the database driver
 * copies it again), and multipart bodies are not bounded by Fastify's body limit. So at most
 * MAX_CONCURRENT_UPLOADS bodies are read at once: the memory bound of uploads is
 * 8 x 20 MB x 2 copies = 320 MB per process (README, Operating). An upload beyond that waits for a
 * slot before its body is read (a waiting request holds only its socket), in a queue of at most
 * MAX_WAITING_UPLOADS for at most UPLOAD_WAIT_MS: during a rush a customer's upload waits its turn
 * instead of being refused because others are uploading. Only past those bounds is it refused
 * (503 with Retry-After), and the web app retries that on its own.
 */
export const MAX_CONCURRENT_UPLOADS = 8;
export const MAX_WAITING_UPLOADS = 500;
export const UPLOAD_WAIT_MS = 30_000;
/** Seconds a refused client should wait; an upload of a few MB usually takes about that. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

export interface UploadSlots {
  readonly limit: number;
  readonly inFlight: number;
  /** Uploads waiting for a slot. */
  readonly waiting: number;
  /** A release function (safe to call twice), or null when every slot is taken. */
  tryAcquire(): (() => void) | null;
  /**
   * A slot as soon as one is free, in arrival order; null when the queue is full or no slot came
   * free within the wait (or `signal` aborted: the client went away).
   */
  acquire(signal?: AbortSignal): Promise<(() => void) | null>;
}

export function createUploadSlots(
  limit: number = MAX_CONCURRENT_UPLOADS,
  { maxWaiting = MAX_WAITING_UPLOADS, waitMs = UPLOAD_WAIT_MS }: { maxWaiting?: number; waitMs?: number } = {},
): UploadSlots {
  let inFlight = 0;
  const queue: ((release: () => void) => void)[] = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      // The slot passes straight to the next in line; the count stays as it is.
      if (next) next(releaser());
      else inFlight -= 1;
    };
  };

  const tryAcquire = () => {
    if (inFlight >= limit) return null;
    inFlight += 1;
    return releaser();
  };

  return {
    limit,
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
    tryAcquire,
    acquire(signal) {
      const now = tryAcquire();
      if (now !== null) return Promise.resolve(now);
      if (queue.length >= maxWaiting || signal?.aborted) return Promise.resolve(null);
      return new Promise((resolve) => {
        const give = (release: () => void) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', giveUp);
          resolve(release);
        };
        const giveUp = () => {
          const at = queue.indexOf(give);
          if (at !== -1) queue.splice(at, 1);
          clearTimeout(timer);
          resolve(null);
        };
        const timer = setTimeout(giveUp, waitMs);
        signal?.addEventListener('abort', giveUp, { once: true });
        queue.push(give);
      });
    },
  };
}

/** Detected types we keep, by what `file-type` calls them; a name or declared type counts for nothing. */
const ACCEPTED_MIME: Readonly<Record<string, string>> = {
  'image/png': 'image/png',
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
};

export class UploadRefused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/** What a customer may upload: the two proofs of KYC, and the profile's photo. */
/** The KYC proofs, the profile photo and the cheque leaf of My Payout Details (issue 9). */
export const UPLOAD_PURPOSES = [...KYC_DOCUMENT_TYPES, 'PROFILE_IMAGE', 'CHEQUE_LEAF'] as const;
export type UploadPurpose = KycDocumentType | 'PROFILE_IMAGE' | 'CHEQUE_LEAF';

/** A profile photo is shown as an image: no PDF. */
const IMAGE_MIME = new Set(['image/png', 'image/jpeg']);

export interface ReceivedUpload {
  purpose: UploadPurpose;
  name: string;
  mimeType: string;
  bytes: Buffer;
}

/** Multipart's own errors, by code, as the customer's sentences. */
const MULTIPART_ERRORS: Readonly<Record<string, [number, string]>> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, UPLOAD_MESSAGES.notMultipart],
  FST_REQ_FILE_TOO_LARGE: [413, UPLOAD_MESSAGES.fileSize],
  FST_FILES_LIMIT: [400, UPLOAD_MESSAGES.fileRequired],
  FST_FIELDS_LIMIT: [400, UPLOAD_MESSAGES.tooManyParts],
  FST_PARTS_LIMIT: [400, UPLOAD_MESSAGES.tooManyParts],
  FST_PROTO_VIOLATION: [400, UPLOAD_MESSAGES.tooManyParts],
};

function translate(error: unknown): UploadRefused {
  if (error instanceof UploadRefused) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
  if (known) return new UploadRefused(known[0], known[1]);
  // busboy's own complaints (no boundary, cut-off body) are the client's, not ours.
  return new UploadRefused(400, UPLOAD_MESSAGES.malformed);
}

function isPurpose(value: unknown): value is UploadPurpose {
  return typeof value === 'string' && (UPLOAD_PURPOSES as readonly string[]).includes(value);
}

async function detectMime(bytes: Buffer, purpose: UploadPurpose): Promise<string> {
  const detected = bytes.length === 0 ? undefined : await fileTypeFromBuffer(bytes);
  const mime = detected ? ACCEPTED_MIME[detected.mime] : undefined;
  if (purpose === 'PROFILE_IMAGE' && (mime === undefined || !IMAGE_MIME.has(mime))) throw new UploadRefused(415, PROFILE_MESSAGES.imageType);
  if (mime === undefined) throw new UploadRefused(415, UPLOAD_MESSAGES.fileType);
  return mime;
}

/**
 * Reads the whole request (so a second file or an oversized one is always noticed) and answers
 * the one checked file. Throws `UploadRefused`.
 */
export async function receiveUpload(request: FastifyRequest): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new UploadRefused(415, UPLOAD_MESSAGES.notMultipart);
  let purpose: UploadPurpose | undefined;
  let file: { filename: string | undefined; bytes: Buffer } | undefined;
  let refusal: UploadRefused | undefined;
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        const field = part as MultipartValue;
        if (field.fieldname !== 'purpose') {
          refusal ??= new UploadRefused(400, UPLOAD_MESSAGES.tooManyParts);
        } else if (purpose !== undefined || file !== undefined || !isPurpose(field.value)) {
          refusal ??= new UploadRefused(400, UPLOAD_MESSAGES.purposeInvalid);
        } else {
          purpose = field.value;
        }
        continue;
      }
      const filePart = part as MultipartFile;
      if (file !== undefined || filePart.fieldname !== 'file' || purpose === undefined) {
        // Drain what we will not keep, so the parser reaches the end of the request.
        filePart.file.resume();
        // A second file is the spec's "One Id Proof is required", whatever else was wrong.
        if (file !== undefined) refusal = new UploadRefused(400, UPLOAD_MESSAGES.fileRequired);
        else refusal ??= new UploadRefused(400, purpose === undefined ? UPLOAD_MESSAGES.purposeInvalid : UPLOAD_MESSAGES.fileRequired);
        continue;
      }
      file = { filename: filePart.filename, bytes: await filePart.toBuffer() };
    }
  } catch (error) {
    // A limit cuts the stream short; what we had already seen explains it better than the cut.
    throw refusal ?? translate(error);
  }
  if (refusal) throw refusal;
  if (purpose === undefined) throw new UploadRefused(400, UPLOAD_MESSAGES.purposeInvalid);
  if (file === undefined) throw new UploadRefused(400, UPLOAD_MESSAGES.fileRequired);
  const mimeType = await detectMime(file.bytes, purpose);
  // Named for what it is: the extension follows the checked type, whatever the browser sent.
  return { purpose, name: fileName(file.filename, mimeType), bytes: file.bytes, mimeType };
}
