import compress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** Answers smaller than this go as they are: a few hundred bytes gain less than the CPU costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Brotli at 4 compresses about as well as gzip at 6, several times faster than its default 11. */
const BROTLI_QUALITY = 4;

export type ContentEncoding = 'br' | 'gzip';

const negotiator = new Negotiator<ContentEncoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/** The encoding to answer `request` with: brotli when accepted, else gzip, else none. */
export function negotiateEncoding(request: FastifyRequest): ContentEncoding | undefined {
  const chosen = negotiator.negotiate(request.headers['accept-encoding'] ?? '');
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** The same compression the plugin applies, for answers kept ready-made (the public query cache). */
export function compressPayload(payload: string, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(payload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(payload);
}

/**
 * Compresses API answers (GraphQL, REST) above the threshold, brotli or gzip by Accept-Encoding,
 * with `Vary: Accept-Encoding`. Registered before any route: it hooks each route as it is added.
 * Static assets arrive precompressed by the build and pass through untouched (they already carry
 * Content-Encoding); index.html is compressed once per version (index-html.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
