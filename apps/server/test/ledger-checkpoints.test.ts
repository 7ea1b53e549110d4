import type { CheckpointList } from '@fhp/domain';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ledgerBlocks, ledgerCheckpoints } from '../src/db/schema';
import { checkpointSignatureValid, sealPendingBlocks } from '../src/modules/audit/ledger';
import { describeApp } from './harness';
import { appendPayments, LEDGER_TEST_AT } from './ledger-helpers';

/**
 * Issue 19 item 17: every sealed block's hash signed and published as an append-only list anyone
 * can mirror. Main has no checkpoints table, list or key: each test here fails there.
 */
describeApp(
  'signed ledger checkpoints (GET /api/v1/ledger/checkpoints)',
  (suite) => {
    const get = (url: string, headers: Record<string, string> = {}) => suite.app.inject({ method: 'GET', url, headers });

    beforeAll(async () => {
      // Two blocks sealed the way an older server did (no checkpoint), then a seal by the app: it
      // signs those two as well as its own.
      await appendPayments(suite.app.db, 1, 6);
      await sealPendingBlocks(suite.app.db, LEDGER_TEST_AT, 3);
      await appendPayments(suite.app.db, 7, 8);
      await suite.app.ledger.seal();
    });

    it('signs every sealed block (ES256) and publishes the list to anyone, cacheable, with an ETag', async () => {
      const response = await get('/api/v1/ledger/checkpoints');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.headers.etag).toMatch(/^"cp-[0-9a-f]{16}-0-3-[0-9a-f]{16}"$/);
      const list = response.json<CheckpointList>();
      expect(list).toMatchObject({ algorithm: 'ES256', keyId: suite.app.ledger.checkpointKey.keyId, publicKeyPem: suite.app.ledger.checkpointKey.publicKeyPem });
      const blocks = await suite.app.db.select().from(ledgerBlocks).orderBy(asc(ledgerBlocks.number));
      expect(list.checkpoints.map((c) => [c.block, c.lastSequence, c.blockHash])).toEqual(blocks.map((b) => [b.number, b.lastSequence, b.hash]));
      for (const checkpoint of list.checkpoints) expect(checkpointSignatureValid(list.publicKeyPem, checkpoint), `block ${checkpoint.block}`).toBe(true);
      // A signature over another block's hash does not pass.
      expect(checkpointSignatureValid(list.publicKeyPem, { ...list.checkpoints[0]!, blockHash: list.checkpoints[1]!.blockHash })).toBe(false);

      const again = await get('/api/v1/ledger/checkpoints', { 'if-none-match': response.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('only grows: a mirror asks for what it lacks with ?after, and the ETag moves with a new block', async () => {
      const before = await get('/api/v1/ledger/checkpoints');
      await appendPayments(suite.app.db, 9, 9);
      await suite.app.ledger.seal();
      const after = await get('/api/v1/ledger/checkpoints');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const old = before.json<CheckpointList>().checkpoints;
      const now = after.json<CheckpointList>().checkpoints;
      expect(now.slice(0, old.length)).toEqual(old);
      expect(now).toHaveLength(old.length + 1);
      const tail = await get(`/api/v1/ledger/checkpoints?after=${old.at(-1)!.block}`);
      expect(tail.json<CheckpointList>().checkpoints).toEqual(now.slice(old.length));
      // Signing again changes nothing: one checkpoint per block.
      await suite.app.ledger.seal();
      expect(await suite.app.db.$count(ledgerCheckpoints)).toBe(now.length);
    });

    it('refuses a malformed ?after with a sentence, never a 500', async () => {
      for (const after of ['-1', 'abc', '1.5', '99999999999']) {
        const response = await get(`/api/v1/ledger/checkpoints?after=${after}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ display_message: 'after must be a block number (a whole number, 0 or more)' });
      }
    });

    it('publishes the public key the list names, cacheable', async () => {
      const response = await get('/api/v1/ledger/checkpoint-key');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.json()).toEqual({ algorithm: 'ES256', keyId: suite.app.ledger.checkpointKey.keyId, publicKeyPem: suite.app.ledger.checkpointKey.publicKeyPem });
      expect(suite.app.ledger.checkpointKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    });

    it('remembers verified blocks; the daily re-check clears them from a block whose checkpoint no longer holds', async () => {
      const blocks = await suite.app.db.select().from(ledgerBlocks).orderBy(asc(ledgerBlocks.number));
      expect(blocks.every((block) => block.verifiedAt !== null)).toBe(true);
      expect(suite.app.jobs.jobs.map((job) => job.name)).toContain('ledger-recheck');
      const [second] = await suite.app.db.select().from(ledgerCheckpoints).where(eq(ledgerCheckpoints.blockNumber, 2));
      await suite.app.db.update(ledgerCheckpoints).set({ signature: second!.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }).where(eq(ledgerCheckpoints.blockNumber, 2));
      try {
        const outcome = await suite.app.jobs.run('ledger-recheck', 'checkpoint-suite');
        expect(outcome).toMatchObject({ ran: true, changed: 1 });
        const marks = await suite.app.db.select({ number: ledgerBlocks.number, verifiedAt: ledgerBlocks.verifiedAt }).from(ledgerBlocks).orderBy(asc(ledgerBlocks.number));
        expect(marks.map((m) => m.verifiedAt !== null)).toEqual(marks.map((m) => m.number < 2));
      } finally {
        await suite.app.db.update(ledgerCheckpoints).set({ signature: second!.signature }).where(eq(ledgerCheckpoints.blockNumber, 2));
      }
      expect(await suite.app.ledger.recheck()).toMatchObject({ ok: true, verified: blocks.length });
    });
  },
  { seed: false },
);
