import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, type FilePurpose } from '../../db/schema';

/** What is known about a stored file, without its bytes. */
export interface BlobInfo {
  id: string;
  ownerId: string;
  purpose: FilePurpose;
  originalName: string;
  mimeType: string;
  size: number;
  sha256: string;
  attachedAt: Date | null;
  createdAt: Date;
}

export interface NewBlob {
  ownerId: string;
  purpose: FilePurpose;
  originalName: string;
  /** Detected from the bytes by the caller. */
  mimeType: string;
  bytes: Buffer;
}

/**
 * Where uploaded files live (DESIGN.md "files"). The default keeps them in the database so they
 * commit with their records; an object store can implement the same three calls later.
 */
export interface BlobStore {
  /** `tx`: store inside the caller's transaction (the quota's lock), where the store supports it. */
  put(blob: NewBlob, now: Date, tx?: Db): Promise<BlobInfo>;
  /** What is known about the file, without reading its bytes (up to 20 MB). */
  info(id: string): Promise<BlobInfo | undefined>;
  get(id: string): Promise<(BlobInfo & { bytes: Buffer }) | undefined>;
  delete(id: string): Promise<void>;
}

const INFO_COLUMNS = {
  id: files.id,
  ownerId: files.ownerId,
  purpose: files.purpose,
  originalName: files.originalName,
  mimeType: files.mimeType,
  size: files.size,
  sha256: files.sha256,
  attachedAt: files.attachedAt,
  createdAt: files.createdAt,
};

export function createDatabaseBlobStore(db: Db): BlobStore {
  return {
    async put(blob, now, tx = db) {
      const sha256 = createHash('sha256').update(blob.bytes).digest('hex');
      const [row] = await tx
        .insert(files)
        .values({ ...blob, size: blob.bytes.length, sha256, createdAt: now })
        .returning(INFO_COLUMNS);
      if (!row) throw new Error('The file could not be stored');
      return row;
    },
    async info(id) {
      const [row] = await db.select(INFO_COLUMNS).from(files).where(eq(files.id, id)).limit(1);
      return row;
    },
    async get(id) {
      const [row] = await db
        .select({ ...INFO_COLUMNS, bytes: files.bytes })
        .from(files)
        .where(eq(files.id, id))
        .limit(1);
      return row;
    },
    async delete(id) {
      await db.delete(files).where(eq(files.id, id));
    },
  };
}
