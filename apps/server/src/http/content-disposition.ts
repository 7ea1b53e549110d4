/** How every download names itself (decision 125): files, receipts and contracts alike. */

/** RFC 5987 value: encodeURIComponent leaves ' ( ) * ! as they are, which the header grammar does not allow. */
function rfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Content-Disposition for any name: `filename` for old clients with every character outside a
 * plain ASCII set replaced by `_` (no quote, backslash, percent or semicolon can end or bend the
 * value), and `filename*` with the whole name in UTF-8, which browsers prefer.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const clean = name.replace(/\p{Cc}/gu, '');
  const ascii = clean.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${rfc5987(clean)}`;
}
