import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocumentNode } from 'graphql';
import { COMPRESSION_THRESHOLD_BYTES, compressPayload, negotiateEncoding, type ContentEncoding } from '../http/compression';
import { graphqlJs } from './graphql-js';

/**
 * Root fields whose answer depends only on their arguments, the catalogue (offers, seasons,
 * content) and the clock: the same for every anonymous visitor. Anything that reads the caller
 * (whoAmI, profiles, policies) or writes must never be listed here.
 */
export const PUBLIC_QUERY_FIELDS: ReadonlySet<string> = new Set([
  'quote',
  'CheckOfferIsApplicable',
  'currentSeason',
  'getFAQ',
  'pageContent',
  'landingContent',
  'products',
  'roles',
]);

const MAX_ENTRIES = 1000;
/**
 * Keys hold the query text and variables: without a bound, an anonymous caller could pad a public
 * query with a long comment or an unused variable and park megabytes per request in the cache.
 * The web's largest public document is about 600 characters.
 */
const MAX_QUERY_CHARS = 8 * 1024;
const MAX_VARIABLES_CHARS = 2 * 1024;
/** Answers larger than this are not worth the memory; none of today's public answers comes close. */
const MAX_PAYLOAD_BYTES = 64 * 1024;
const MAX_DOCUMENTS = 500;

interface Entry {
  payload: string;
  expiresAt: number;
  /** The payload compressed, made on the first hit that asks for each encoding. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

/** Whether a document is one anonymous query over public fields only, decided once per text. */
function isPublicQuery(document: DocumentNode, operationName: string | undefined): boolean {
  const operations = document.definitions.filter((d) => d.kind === graphqlJs.Kind.OPERATION_DEFINITION);
  const operation = operationName === undefined && operations.length === 1 ? operations[0] : operations.find((o) => o.name?.value === operationName);
  if (!operation || operation.operation !== 'query') return false;
  // Fragments at the root could hide any field: only plain fields are judged.
  return operation.selectionSet.selections.every(
    (selection) => selection.kind === graphqlJs.Kind.FIELD && PUBLIC_QUERY_FIELDS.has(selection.name.value),
  );
}

/**
 * A short-lived cache of serialized answers to anonymous public queries (the quote, content,
 * FAQ): every visitor loads page content, and the options step asks for a quote on each change of
 * coverage, so most answers repeat within seconds. Entries live `ttlMs` (GRAPHQL_CACHE_TTL_MS,
 * 5 s by default), which bounds how stale an offer or content edit can be on one instance;
 * edit paths call `clear()` so the instance that made the edit is exact at once. Requests with an
 * Authorization header, mutations, and answers carrying errors are never cached.
 */
export class PublicQueryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly documents = new Map<string, boolean>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The cache key of a request, or undefined when its answer must not be shared. */
  keyOf(request: FastifyRequest): string | undefined {
    if (!this.enabled || request.method !== 'POST' || request.headers.authorization !== undefined) return undefined;
    const body = request.body as { query?: unknown; operationName?: unknown; variables?: unknown } | null | undefined;
    if (typeof body?.query !== 'string' || body.query.length > MAX_QUERY_CHARS) return undefined;
    const operationName = typeof body.operationName === 'string' && body.operationName.length <= 256 ? body.operationName : undefined;
    const variables = JSON.stringify(body.variables ?? null);
    if (variables.length > MAX_VARIABLES_CHARS) return undefined;
    if (!this.isPublic(body.query, operationName)) return undefined;
    return `${operationName ?? ''}\u0000${body.query}\u0000${variables}`;
  }

  get(key: string): string | undefined {
    return this.live(key)?.payload;
  }

  /**
   * The answer as it goes on the wire: compressed once per entry and encoding (the compression
   * plugin would otherwise compress the same bytes again on every hit), or the plain text when it
   * is below the compression threshold or the client accepts no encoding.
   */
  getEncoded(key: string, encoding: ContentEncoding | undefined): { body: string | Buffer; encoding?: ContentEncoding } | undefined {
    const entry = this.live(key);
    if (!entry) return undefined;
    if (encoding === undefined || Buffer.byteLength(entry.payload) < COMPRESSION_THRESHOLD_BYTES) return { body: entry.payload };
    entry.encoded[encoding] ??= compressPayload(entry.payload, encoding);
    return { body: entry.encoded[encoding], encoding };
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, payload: string): void {
    if (payload.length > MAX_PAYLOAD_BYTES) return;
    this.entries.delete(key);
    this.entries.set(key, { payload, expiresAt: this.now() + this.ttlMs, encoded: {} });
    // A Map iterates in insertion order: the first key is the oldest entry.
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }

  private isPublic(query: string, operationName: string | undefined): boolean {
    const documentKey = `${operationName ?? ''}\u0000${query}`;
    const known = this.documents.get(documentKey);
    if (known !== undefined) return known;
    let verdict: boolean;
    try {
      verdict = isPublicQuery(graphqlJs.parse(query), operationName);
    } catch {
      // Not a document: GraphQL itself will answer with the syntax error, uncached.
      verdict = false;
    }
    if (this.documents.size >= MAX_DOCUMENTS) this.documents.delete(this.documents.keys().next().value as string);
    this.documents.set(documentKey, verdict);
    return verdict;
  }
}

/**
 * Serves repeated anonymous public queries from the cache and fills it with successful answers.
 * Registered in the GraphQL plugin's scope, so the hooks run only for `/graphql`. The compression
 * plugin hooks the route itself, and route hooks run after these: `onSend` here still sees the
 * plain text it stores.
 */
export function addPublicQueryCache(app: FastifyInstance, cache: PublicQueryCache): void {
  if (!cache.enabled) return;
  const pending = new WeakMap<FastifyRequest, string>();
  const cacheable = new WeakSet<FastifyRequest>();

  app.addHook('preHandler', async (request, reply) => {
    const key = cache.keyOf(request);
    if (key === undefined) return;
    const hit = cache.getEncoded(key, negotiateEncoding(request));
    if (hit !== undefined) {
      reply.header('content-type', 'application/json; charset=utf-8').header('x-graphql-cache', 'hit').header('vary', 'accept-encoding');
      if (hit.encoding) reply.header('content-encoding', hit.encoding);
      return reply.send(hit.body);
    }
    pending.set(request, key);
  });

  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (pending.has(request) && reply.statusCode === 200 && typeof payload === 'object' && payload !== null && !('errors' in payload)) {
      cacheable.add(request);
    }
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload: unknown) => {
    const key = pending.get(request);
    if (key !== undefined && cacheable.has(request) && typeof payload === 'string') {
      cache.set(key, payload);
      reply.header('x-graphql-cache', 'miss');
    }
    return payload;
  });
}
