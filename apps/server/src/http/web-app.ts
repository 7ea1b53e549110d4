import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { httpErrorBody } from './errors';

/** Paths owned by APIs: an unknown one is a JSON 404, never the web app's index.html. */
const API_PREFIXES = ['/graphql', '/iam', '/api', '/healthz'];

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A browser navigating to a client-side route: GET or HEAD that accepts HTML. */
export function wantsWebApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app and falls back to index.html so client-side routes (/product/fhp)
 * and the web's NotFound page work on reload. Without a build, unknown paths are JSON 404s.
 */
export const webAppPlugin = (options: { distDir: string | undefined }): FastifyPluginAsync =>
  async (app) => {
    const { distDir } = options;
    if (distDir) {
      await app.register(fastifyStatic, {
        root: distDir,
        // Our setHeaders decides caching; send's default would overwrite it with max-age=0.
        cacheControl: false,
        // Hashed bundles never change; index.html must always be revalidated to pick them up.
        setHeaders: (res, path) => {
          res.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      if (distDir && wantsWebApp(request)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      const route = `${request.method} ${request.url.split('?', 1)[0]}`;
      return reply.code(404).send(httpErrorBody(404, `Route ${route} not found`, 'This page or address does not exist.'));
    });
  };
