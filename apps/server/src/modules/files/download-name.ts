/**
 * The name a stored file is given and downloaded under (decision 125). Its extension is the one of
 * the type its bytes were checked as: a PNG named `evil.html` is `evil.png`, so nothing that opens
 * the download by its name treats it as a page. Paths, control characters and leading dots go.
 */

/** The extensions each kept type may have; the first is the one given. */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/pdf': ['.pdf'],
};

const MAX_NAME_LENGTH = 200;

/** What looks like an extension: a dot and up to ten letters or digits at the end. */
const LAST_EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

export function fileName(name: string | undefined, mimeType: string): string {
  const allowed = EXTENSIONS[mimeType] ?? [];
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  let clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .replace(/^[.\s]+/, '');
  const ending = LAST_EXTENSION.exec(clean)?.[0];
  if (allowed.length > 0 && !(ending && allowed.includes(ending.toLowerCase()))) {
    // Another type's extension goes; the right one is added unless what is left already ends with it.
    const stem = ending ? clean.slice(0, -ending.length) : clean;
    const kept = LAST_EXTENSION.exec(stem)?.[0];
    clean = kept && allowed.includes(kept.toLowerCase()) ? stem : `${stem}${allowed[0]}`;
  }
  const ext = LAST_EXTENSION.exec(clean)?.[0] ?? '';
  if (clean === ext) clean = `download${ext}`;
  // Long names are cut before their extension, which stays.
  return clean.length > MAX_NAME_LENGTH ? `${clean.slice(0, MAX_NAME_LENGTH - ext.length)}${ext}` : clean;
}
