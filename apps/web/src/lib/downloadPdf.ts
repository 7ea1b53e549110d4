import { readAccessToken } from './auth/session';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from './graphql/errors';

/**
 * Documents (receipts, contracts) are served only with the bearer token, so a plain link cannot
 * fetch them: the bytes are fetched with it and handed to the browser as a blob, either opened in
 * a new tab (its PDF viewer prints) or saved under `filename`.
 */
export async function fetchPdf(url: string): Promise<Blob> {
  const token = readAccessToken();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, cache: 'no-store' });
  if (!response.ok) {
    let display = FALLBACK_DISPLAY_MESSAGE;
    try {
      const body = (await response.json()) as { display_message?: string };
      if (body.display_message) display = body.display_message;
    } catch {
      // not JSON: keep the generic sentence
    }
    throw new ApiError(`HTTP ${response.status} for ${url}`, display, String(response.status));
  }
  return response.blob();
}

export async function openPdf(url: string, filename: string, mode: 'open' | 'download'): Promise<void> {
  // A tab opened before the await keeps the click's permission to open it (popup blockers).
  const tab = mode === 'open' ? window.open('', '_blank') : null;
  try {
    const blobUrl = URL.createObjectURL(await fetchPdf(url));
    if (tab) {
      tab.location.href = blobUrl;
    } else {
      const link = document.createElement('a');
      link.href = blobUrl;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
    }
    // The viewer has its copy; free ours once it has had time to load.
    setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
