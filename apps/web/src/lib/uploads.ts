import { ApiError, FALLBACK_DISPLAY_MESSAGE } from './graphql/errors';

/** What `POST /api/v1/files` takes: the two KYC proofs, or the profile's photo (images only). */
export type UploadPurpose = 'ID_PROOF' | 'ADDRESS_PROOF' | 'PROFILE_IMAGE';
export type ProofPurpose = Exclude<UploadPurpose, 'PROFILE_IMAGE'>;
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  purpose: UploadPurpose;
}

export const FILES_ENDPOINT = '/api/v1/files';

function uploadError(xhr: XMLHttpRequest): ApiError {
  let display = FALLBACK_DISPLAY_MESSAGE;
  try {
    const body = JSON.parse(xhr.responseText) as { display_message?: unknown };
    if (typeof body.display_message === 'string' && body.display_message.length > 0) display = body.display_message;
  } catch {
    // Not JSON (a proxy's error page): the generic sentence.
  }
  return new ApiError(`Upload failed (HTTP ${xhr.status})`, display, `HTTP_${xhr.status}`);
}

/**
 * One file (a proof, or the profile photo) to `POST /api/v1/files` (multipart: `purpose`, then exactly one `file`). XHR rather
 * than fetch because fetch cannot report upload progress, and a 20 MB file on a slow island
 * connection needs a progress bar.
 */
export function uploadProof(
  file: File,
  purpose: UploadPurpose,
  token: string,
  onProgress: (fraction: number) => void,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', FILES_ENDPOINT);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(uploadError(xhr));
      try {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as UploadedFile);
      } catch {
        reject(new ApiError('Unreadable upload answer', FALLBACK_DISPLAY_MESSAGE, 'BAD_RESPONSE'));
      }
    };
    xhr.onerror = () => reject(new ApiError('Network error during upload', FALLBACK_DISPLAY_MESSAGE, 'NETWORK_ERROR'));
    const body = new FormData();
    // The server reads fields in order and needs the purpose before the file's bytes.
    body.append('purpose', purpose);
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

