import { accountOf } from './auth/jwt';
import { readAccessToken } from './auth/session';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from './graphql/errors';

/** A document request may keep its bytes on the device for the signed-in person (decision 116). */
export interface DocumentOptions {
  /** Keep the bytes for the token's account, and give them back when the network fails. */
  keepOffline?: boolean;
}

/**
 * Documents (receipts, contracts) are served only with the bearer token, so a plain link cannot
 * fetch them: the bytes are fetched with it and handed to the browser as a blob, either opened in
 * a new tab (its PDF viewer prints) or saved under `filename`.
 */
export async function fetchPdf(url: string, options: DocumentOptions = {}): Promise<Blob> {
  const token = readAccessToken();
  const account = options.keepOffline && token ? accountOf(token) : null;
  const copies = account ? await import('./offline/personalCopies') : null;
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, cache: 'no-store' });
  } catch (cause) {
    const copy = account && copies ? await copies.readDocument(account, url) : null;
    if (copy) return copy.value;
    throw new ApiError(`Network error: ${String(cause)}`, FALLBACK_DISPLAY_MESSAGE, 'NETWORK_ERROR');
  }
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
  const blob = await response.blob();
  if (account && copies) await copies.keepDocument(account, url, blob);
  return blob;
}

/**
 * Takes the offline copy of a document the person has none of yet (a contract, once its policy is
 * opened), while the network is there; quietly nothing when it is not.
 */
export async function keepDocumentOffline(url: string): Promise<void> {
  const token = readAccessToken();
  const account = token ? accountOf(token) : null;
  if (!account || (await (await import('./offline/personalCopies')).hasDocument(account, url))) return;
  await fetchPdf(url, { keepOffline: true }).catch(() => undefined);
}

export async function openPdf(url: string, filename: string, mode: 'open' | 'download', options: DocumentOptions = {}): Promise<void> {
  // A tab opened before the await keeps the click's permission to open it (popup blockers).
  const tab = mode === 'open' ? window.open('', '_blank') : null;
  try {
    const blobUrl = URL.createObjectURL(await fetchPdf(url, options));
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
