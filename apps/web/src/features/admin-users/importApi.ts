import type { UserImportPreviewRow } from '@fhp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readAccessToken } from '../../lib/auth/session';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from '../../lib/graphql/errors';

/** The import route (decision 053): the file as the body, `commit=false` previews, `commit=true` stores. */
const IMPORT_PATH = '/api/v1/admin/user-import';

export interface ImportAnswer {
  imported: boolean;
  message: string;
  rows: UserImportPreviewRow[];
}

async function postImport(file: File, commit: boolean): Promise<ImportAnswer> {
  const token = readAccessToken();
  let response: Response;
  try {
    response = await fetch(`${IMPORT_PATH}?commit=${commit}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: file,
    });
  } catch (cause) {
    throw new ApiError(`Network error: ${String(cause)}`, FALLBACK_DISPLAY_MESSAGE, 'NETWORK_ERROR');
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ImportAnswer> & { display_message?: string };
  // 422: the file was read, and its bad rows come back to be shown.
  if (response.ok || (response.status === 422 && Array.isArray(body.rows))) {
    return { imported: body.imported === true, message: body.message ?? '', rows: body.rows ?? [] };
  }
  throw new ApiError(`HTTP ${response.status}`, body.display_message ?? FALLBACK_DISPLAY_MESSAGE, `HTTP_${response.status}`);
}

export function useUserImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, commit }: { file: File; commit: boolean }) => postImport(file, commit),
    onSuccess: (answer) => {
      if (answer.imported) void client.invalidateQueries({ queryKey: ['admin-users'] });
    },
  });
}
