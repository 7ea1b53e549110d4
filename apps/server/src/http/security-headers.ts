import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeadersOptions {
  production: boolean;
  /** Whether X-Forwarded-Proto is believed (TRUST_PROXY): only then can we know the visitor used https. */
  behindTrustedProxy: boolean;
  /** `'sha256-...'` sources of the inline <style> blocks of index.html (critical CSS), if any. */
  inlineStyleHashes?: readonly string[];
}

/**
 * What the web app needs and nothing more. Scripts only from our own origin: the built app has no
 * inline script, and the data inlined into index.html is a JSON script element, which browsers
 * never execute. Styles from our origin (React sets its inline styles through the CSSOM, which CSP
 * allows) plus the hashed critical CSS. Images may be data: URLs (Bootstrap's form and navbar
 * icons) or blob: URLs (a profile photo or proof fetched with the bearer token, which an <img> cannot
 * send; only our own scripts can make one). No framing by anyone.
 */
export function contentSecurityPolicy(inlineStyleHashes: readonly string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", ...inlineStyleHashes],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * GraphiQL (development only) loads its bundle and styles from a CDN and runs inline code: it gets
 * its own, looser policy on its routes only.
 */
const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' https://unpkg.com",
  "style-src 'self' 'unsafe-inline' https://unpkg.com",
  "img-src 'self' data: https:",
  "font-src 'self' data: https://unpkg.com",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** No powerful feature is used by the portal; file inputs do not need the camera permission. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()';

/** A year, with subdomains: sent only over https (RFC 6797 says browsers ignore it over http anyway). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (pages, APIs, files, errors): helmet's set with our CSP,
 * `Referrer-Policy: no-referrer` (links may carry a sign-in token in their query string),
 * `X-Frame-Options: DENY` and a Permissions-Policy. HSTS only behind a trusted TLS proxy, for
 * requests that came over https: sent over plain http, it could lock a visitor out of a server
 * that has no TLS at all.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.inlineStyleHashes) },
    hsts: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (options.behindTrustedProxy && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!options.production && (request.url === '/graphiql' || request.url.startsWith('/graphiql/'))) {
      reply.header('content-security-policy', GRAPHIQL_CSP);
    }
  });
}
