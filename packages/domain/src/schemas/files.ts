import { z } from 'zod';
import { COMMON_MESSAGES } from './messages';

/** What the forms need to know about an uploaded file; a browser `File` has exactly these. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export const PROOF_MIME_TYPES = ['image/png', 'application/pdf', 'image/jpeg', 'image/jpg'] as const;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/jpg'] as const;
export const MAX_UPLOAD_BYTES = 20_000_000;

export function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<FileLike>;
  return typeof file.name === 'string' && typeof file.size === 'number' && typeof file.type === 'string';
}

/** Forms hand over a FileList (array-like) or an array; both are read as an array. */
function asArray(value: unknown): unknown {
  if (Array.isArray(value) || value === undefined || value === null) return value;
  if (typeof value === 'object' && 'length' in value && typeof value.length === 'number') {
    return Array.from(value as ArrayLike<unknown>);
  }
  return value;
}

/**
 * `z.custom` keeps the original object (a browser File stays a File for reading as base64);
 * a z.object would copy it into a plain object.
 */
function fileField(types: readonly string[], typeMessage: string) {
  return z
    .custom<FileLike>(isFileLike, { error: COMMON_MESSAGES.proofFileRequired })
    .refine((file) => types.includes(file.type), { error: typeMessage })
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, { error: COMMON_MESSAGES.proofFileSize });
}

/** Exactly one png, pdf, jpeg or jpg of at most 20,000,000 bytes ("One Id Proof is required"). */
export const proofFileSchema = z.preprocess(
  asArray,
  z
    .array(fileField(PROOF_MIME_TYPES, COMMON_MESSAGES.proofFileType), { error: COMMON_MESSAGES.proofFileRequired })
    .length(1, COMMON_MESSAGES.proofFileRequired),
);

/** The optional profile photo: none or one image. */
export function optionalImageSchema(tooMany: string, typeMessage: string) {
  return z.preprocess(asArray, z.array(fileField(IMAGE_MIME_TYPES, typeMessage)).max(1, tooMany).optional());
}
