import { useEffect, useState } from 'react';
import { fetchPdf } from './downloadPdf';

/** Whether a photo or document address is one of our stored files (answered only with the bearer token). */
export function isStoredFile(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith('/api/v1/files/');
}

/**
 * A stored file (`/api/v1/files/:id`: a proof, a profile photo) as a blob: URL an <img> can show.
 * The files answer only with the bearer token, which an <img> cannot send, so the bytes are
 * fetched with it; the URL is revoked when the component lets go of it. Any other address is
 * returned as it is. Null while loading or when the file cannot be read.
 */
export function useFileUrl(url: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<{ for: string; objectUrl: string } | null>(null);
  useEffect(() => {
    if (!isStoredFile(url)) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchPdf(url)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ for: url, objectUrl });
      })
      .catch(() => undefined); // the initials (or the document's name) stand in
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!url) return null;
  if (!isStoredFile(url)) return url;
  return loaded?.for === url ? loaded.objectUrl : null;
}
