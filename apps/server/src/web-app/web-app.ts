import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '../http/compression';
import { httpErrorBody } from '../http/errors';
import type { IndexHtml, RenderedPage } from './index-html';
import { loadInitialData } from './initial-data';
import { metaTags, pageMetaFor } from './page-meta';

/** Paths owned by APIs: an unknown one is a JSON 404, never the web app's index.html. */
const API_PREFIXES = ['/graphql', '/iam', '/api', '/healthz'];

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A file's address (its last segment has an extension). */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

/**
 * A page of the web app is asked for: GET or HEAD of an address that is not an API's, by a
 * browser (it says text/html) or by a client that takes anything (`*\/*` or no Accept: the
 * link-preview fetchers of messaging apps, curl), when the address is not a file's: a missing
 * script or image stays a 404.
 */
export function wantsWebApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  const accept = request.headers.accept?.trim() ?? '';
  if (accept.includes('text/html')) return true;
  const path = request.url.split('?', 1)[0] ?? '/';
  return (accept === '' || accept.includes('*/*')) && !FILE_PATH.test(path);
}

/** Hashed bundles never change: a year, immutable. Everything else is revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether the client's copy (If-None-Match) is the current one. */
function isFresh(request: FastifyRequest, etag: string): boolean {
  const given = request.headers['if-none-match'];
  if (!given) return false;
  return given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a rendered page: `no-cache` with an ETag, so a browser always asks and gets a 304 while nothing changed. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
  if (isFresh(request, page.etag)) return reply.code(304).send();
  const encoding = negotiateEncoding(request);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type('text/html; charset=utf-8').send(page.bodies[encoding ?? 'identity']);
}

/** index.html for a client-side route, with the page's chunks, initial data and meta. Never cached stale. */
async function sendIndex(request: FastifyRequest, reply: FastifyReply, html: IndexHtml, origin: string | undefined): Promise<FastifyReply> {
  const path = request.url.split('?', 1)[0] ?? '/';
  const data = await loadInitialData(request.server, path).catch((error: unknown) => {
    request.log.warn({ err: error }, 'initial data not inlined');
    return undefined;
  });
  const page = await html.render(path, data, origin === undefined ? '' : metaTags(pageMetaFor(path, data), origin, path));
  return sendPage(request, reply, page);
}

/**
 * The service worker's app shell (apps/web/build/pwa.ts): the template as built, with no page's
 * data, chunks or prerender, which the worker precaches and answers a navigation with only when
 * the network is gone. The same bytes as the build's index.html, whose revision it is cached under.
 */
export const APP_SHELL_PATH = '/app-shell.html';

/**
 * Serves the built web app and falls back to index.html so client-side routes (/product/fhp)
 * and the web's NotFound page work on reload. Without a build, unknown paths are JSON 404s.
 * Assets are served as the build precompressed them (.br, .gz beside each file) for the client's
 * Accept-Encoding.
 */
export const webAppPlugin = (options: {
  distDir: string | undefined;
  indexHtml: IndexHtml | undefined;
  /**
   * Where customers reach us (PUBLIC_URL): each page gets its title, description and link-preview
   * tags with absolute addresses from it, never from the Host header. Without it, the template's.
   */
  origin?: string;
}): FastifyPluginAsync =>
  async (app) => {
    const { distDir, indexHtml, origin } = options;
    if (distDir && indexHtml) {
      await app.register(fastifyStatic, {
        root: distDir,
        preCompressed: true,
        // One route per built file (the build is done before start): `/` and client-side routes
        // fall through to sendIndex, and index.html is never served as a plain file.
        wildcard: false,
        index: false,
        allowedPath: (pathname) => pathname !== '/index.html',
        // Our setHeaders decides caching; send's default would overwrite it with max-age=0.
        cacheControl: false,
        setHeaders: (res, path) => {
          res.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? IMMUTABLE : 'no-cache');
          // The same URL answers brotli, gzip or plain bytes: caches must key on Accept-Encoding.
          res.setHeader('vary', 'accept-encoding');
        },
      });
    }
    if (indexHtml) app.get(APP_SHELL_PATH, async (request, reply) => sendPage(request, reply, await indexHtml.render(APP_SHELL_PATH, undefined)));
    app.setNotFoundHandler((request, reply) => {
      if (indexHtml && wantsWebApp(request)) return sendIndex(request, reply, indexHtml, origin);
      const route = `${request.method} ${request.url.split('?', 1)[0]}`;
      return reply.code(404).send(httpErrorBody(404, `Route ${route} not found`, 'This page or address does not exist.'));
    });
  };
