/**
 * The public address of a proof-ledger entry: `${origin}/explorer/${hash}`, where origin is
 * PUBLIC_URL when configured, else the origin the request came in on. Everything that shows or
 * prints a link to an entry (the contract's QR code, emails, answers) builds it here.
 */
export const EXPLORER_PATH = '/explorer';

export function explorerLink(origin: string, hash: string): string {
  return `${origin.replace(/\/+$/, '')}${EXPLORER_PATH}/${hash}`;
}

/** PUBLIC_URL, or the request's own origin (protocol and host as Fastify sees them). */
export function publicOrigin(publicUrl: string | undefined, request?: { protocol: string; host: string }): string {
  if (publicUrl) return publicUrl;
  if (request) return `${request.protocol}://${request.host}`;
  return 'http://localhost';
}
