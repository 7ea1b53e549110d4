import { CHECKPOINT_ALGORITHM } from '@fhp/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refuse } from '../../../http/errors';
import { checkpointList, listCheckpoints } from './checkpoints';

export const CHECKPOINTS_PATH = '/api/v1/ledger/checkpoints';
export const CHECKPOINT_KEY_PATH = '/api/v1/ledger/checkpoint-key';

/** Checkpoints per answer; a mirror asks again with `after` set to the last block it got. */
export const CHECKPOINTS_PAGE = 10_000;

/** A minute: a new block is sealed every few seconds at most, and mirrors poll; shared caches may keep it that long. */
const CACHE_CONTROL = 'public, max-age=60';

const MESSAGES = {
  badAfter: 'after must be a block number (a whole number, 0 or more)',
  forbidden: 'You are not allowed to do this',
} as const;

function isFresh(request: FastifyRequest, etag: string): boolean {
  const given = request.headers['if-none-match'];
  return typeof given === 'string' && given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function cached(request: FastifyRequest, reply: FastifyReply, etag: string, body: unknown) {
  reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
  if (isFresh(request, etag)) return reply.code(304).send();
  return reply.send(body);
}

/**
 * The public checkpoint list and its key (decision 136). Anyone may read them (the explorer's
 * rule): they hold block hashes and signatures, nothing about a person. The list only grows, so a
 * mirror fetches it with `?after=<its last block>` and appends; the ETag names the answer's last
 * checkpoint, so a poll that finds nothing new costs a 304.
 */
export async function ledgerRoutes(app: FastifyInstance) {
  const { keyId, publicKeyPem } = app.ledger.checkpointKey;
  const mayRead = (request: FastifyRequest) => request.ability.can('read', 'LedgerEntry');

  app.get<{ Querystring: { after?: string } }>(CHECKPOINTS_PATH, async (request, reply) => {
    if (!mayRead(request)) return refuse(reply, 403, MESSAGES.forbidden);
    const raw = request.query.after ?? '0';
    if (!/^\d{1,9}$/.test(raw)) return refuse(reply, 400, MESSAGES.badAfter);
    const after = Number(raw);
    const rows = await listCheckpoints(app.db, after, CHECKPOINTS_PAGE);
    const last = rows.at(-1);
    const etag = `"cp-${keyId}-${after}-${last ? `${last.blockNumber}-${last.blockHash.slice(0, 16)}` : 'none'}"`;
    return cached(request, reply, etag, checkpointList({ keyId, publicKeyPem }, rows));
  });

  app.get(CHECKPOINT_KEY_PATH, async (request, reply) => {
    if (!mayRead(request)) return refuse(reply, 403, MESSAGES.forbidden);
    return cached(request, reply, `"key-${keyId}"`, { algorithm: CHECKPOINT_ALGORITHM, keyId, publicKeyPem });
  });
}
