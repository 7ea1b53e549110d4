import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckpointList } from '@fhp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { appendLedgerEntry, createCheckpointSigner, sealPendingBlocks, signUnsignedBlocks } from '../src/modules/audit/ledger';
import { checkpointList, listCheckpoints } from '../src/modules/audit/ledger/checkpoints';
import { TEST_CHECKPOINT_PRIVATE_KEY } from './harness';
import { createPreparedTestDatabase, defaultDatabaseKind, testDatabaseKinds } from './databases';
import { appendPayments, LEDGER_TEST_AT, paymentEntry, restoreLedger, rewriteLedgerTail, snapshotLedger, tamper, type Tampering } from './ledger-helpers';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run ledger:verify` itself, or the command it runs (node --import tsx ...), in a child process. */
function run(env: Record<string, string>, through: 'npm' | 'node' = 'node', extra: string[] = []): Promise<Run> {
  const [file, args] =
    through === 'npm'
      ? ['npm', ['run', '--silent', 'ledger:verify', ...(extra.length > 0 ? ['--', ...extra] : [])]]
      : [process.execPath, ['--import', 'tsx', 'apps/server/src/ledger-verify.ts', ...extra]];
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      // Only what the tool reads: no TEST_DATABASE_URL or developer settings leak in.
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

for (const kind of testDatabaseKinds()) {
  describe(`npm run ledger:verify [${kind}]`, () => {
    let database: Database;
    let env: Record<string, string>;
    let dispose: () => Promise<void>;
    /** PGlite: the tool must open the folder itself, so the test opens it only between runs. */
    let dataDir: string | undefined;

    beforeAll(async () => {
      if (kind === 'pglite') {
        dataDir = mkdtempSync(join(tmpdir(), 'fhp-ledger-verify-'));
        const opened = await openDatabase({ kind: 'pglite', dataDir });
        await opened.prepare().finally(() => opened.close());
        env = { DATA_DIR: dataDir, DATABASE_URL: '' };
        dispose = async () => rmSync(dataDir!, { recursive: true, force: true });
      } else {
        const test = await createPreparedTestDatabase('postgres', 'migrated');
        database = test.database;
        env = { DATABASE_URL: test.url! };
        dispose = test.dispose;
      }
      // 7 entries: two blocks of 3 sealed, one entry still pending.
      const opened = kind === 'pglite' ? await openDatabase({ kind: 'pglite', dataDir: dataDir! }) : database;
      await appendPayments(opened.db, 1, 6);
      await sealPendingBlocks(opened.db, LEDGER_TEST_AT, 3);
      await appendLedgerEntry(opened.db, paymentEntry(7), LEDGER_TEST_AT);
      if (kind === 'pglite') await opened.close();
    });
    afterAll(() => dispose());

    it('exits 0 on a good ledger and says how many entries and blocks it checked', async () => {
      const result = await run(env, kind === 'pglite' ? 'npm' : 'node');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout.trim().split('\n')).toEqual([
        'Ledger verified: 7 entries and 2 blocks checked, from the genesis entry to entry 7.',
        '1 entry is not in a block yet (sealed every few seconds by the server).',
        'Reconciled: 0 policies, 0 payments and 0 payouts match their ledger entries.',
      ]);
    });

    const cases: [Tampering, number, string][] = [
      ['alter', 5, 'Ledger BROKEN at entry 5: its payload does not match its payload hash.\n4 entries and 1 block before it checked out.'],
      ['delete', 2, 'Ledger BROKEN at entry 3: entry 2 should come next, but entry 3 does: one is missing or out of order.\n1 entry and 0 blocks before it checked out.'],
      ['reorder', 6, 'Ledger BROKEN at entry 6: its previous hash does not match the entry before it.\n5 entries and 1 block before it checked out.'],
      ['blockRoot', 0, "Ledger BROKEN at entry 1 (block 1): block 1's Merkle root does not match its entries.\n3 entries and 0 blocks before it checked out."],
    ];
    /**
     * A tampered copy of the good ledger to run the tool on, and how to get rid of it. PGlite: a
     * copy of the folder (opening one costs seconds, a copy is cheap); PostgreSQL: in place, put
     * back afterwards.
     */
    async function tampered(change: (db: Db) => Promise<void>): Promise<{ env: Record<string, string>; undo(): Promise<void> }> {
      if (kind === 'pglite') {
        const copy = mkdtempSync(join(tmpdir(), 'fhp-ledger-tampered-'));
        cpSync(dataDir!, copy, { recursive: true });
        const opened = await openDatabase({ kind: 'pglite', dataDir: copy });
        await change(opened.db).finally(() => opened.close());
        return { env: { ...env, DATA_DIR: copy }, undo: async () => rmSync(copy, { recursive: true, force: true }) };
      }
      const snapshot = await snapshotLedger(database.db);
      await change(database.db);
      return { env, undo: () => restoreLedger(database.db, snapshot) };
    }

    // What the tool finds in a ledger is the same on either engine (decision 105): the tamperings
    // and the mirror run once, on the default database; opening each engine's database is checked
    // on both by the good ledger above, and PGlite's folder by the cases below.
    if (kind === defaultDatabaseKind()) {
      for (const [how, at, message] of cases) {
        it(`exits 1 naming the first bad entry after a tampering: ${how}`, async () => {
          const target = await tampered((db) => tamper(db, how, at));
          try {
            const result = await run(target.env);
            expect(result.code).toBe(1);
            expect(result.stdout).toBe('');
            expect(result.stderr).toContain(message);
          } finally {
            await target.undo();
          }
        });
      }

      /**
       * Issue 19 item 17: a history rewritten from entry 5 on and re-hashed to the end (then sealed
       * again) verifies by itself, on main too; a mirrored copy of the signed checkpoints catches it.
       */
      describe('--against a mirrored copy of the checkpoints', () => {
        let mirror: string;
        beforeAll(async () => {
          const opened = kind === 'pglite' ? await openDatabase({ kind: 'pglite', dataDir: dataDir! }) : database;
          try {
            const signer = createCheckpointSigner(TEST_CHECKPOINT_PRIVATE_KEY);
            await signUnsignedBlocks(opened.db, signer, LEDGER_TEST_AT);
            const list = checkpointList(signer, await listCheckpoints(opened.db, 0, 100));
            expect(list.checkpoints.map((c) => c.block)).toEqual([1, 2]);
            mirror = join(mkdtempSync(join(tmpdir(), 'fhp-ledger-mirror-')), 'checkpoints.json');
            writeFileSync(mirror, JSON.stringify(list));
          } finally {
            if (kind === 'pglite') await opened.close();
          }
        });

        it('exits 0 when the database still matches every mirrored checkpoint', async () => {
          const result = await run(env, 'node', ['--against', mirror]);
          expect(result.stderr).toBe('');
          expect(result.code).toBe(0);
          expect(result.stdout).toContain(`Matches the 2 mirrored checkpoints in ${mirror} (through block 2, entry 6).`);
        });

        it('exits 1 naming the first block whose signed hash the rewritten history no longer has', async () => {
          const target = await tampered(async (db) => {
            await rewriteLedgerTail(db, 5, { raiseCents: 1 });
            await sealPendingBlocks(db, LEDGER_TEST_AT, 3);
          });
          try {
            // The chain alone verifies: the rewrite re-hashed everything after it.
            const alone = await run(target.env);
            expect(alone.code).toBe(0);
            const result = await run(target.env, 'node', [`--against=${mirror}`]);
            expect(result.code).toBe(1);
            expect(result.stderr.trim()).toBe(
              `Ledger does NOT match the mirrored checkpoints in ${mirror}: block 2's hash is not the one its mirrored checkpoint signed: history was rewritten from there on.`,
            );
          } finally {
            await target.undo();
          }
          // Two runs of the tool and a copy of the PGlite folder.
        }, 120_000);

        it('refuses a mirror whose checkpoints the key it names did not sign (exit 2)', async () => {
          const list = JSON.parse(readFileSync(mirror, 'utf8')) as CheckpointList;
          list.checkpoints[1]!.blockHash = 'ab'.repeat(32);
          const forged = `${mirror}.forged.json`;
          writeFileSync(forged, JSON.stringify(list));
          const result = await run(env, 'node', ['--against', forged]);
          expect(result.code).toBe(2);
          expect(result.stderr).toContain(`${forged}: the checkpoint of block 2 is not signed by the key the file names`);
        });
      });
    }

    if (kind === 'pglite') {
      it('says clearly that a running server holds the PGlite folder, and exits 2', async () => {
        const held = await openDatabase({ kind: 'pglite', dataDir: dataDir! });
        try {
          const result = await run(env);
          expect(result.code).toBe(2);
          expect(result.stderr.trim()).toBe(
            `ledger:verify could not check the ledger. DATA_DIR ${dataDir} is in use by a running server (pid ${process.pid}), and PGlite lets one process at a time open it. ` +
              'Stop the server, then run ledger:verify again (or point DATABASE_URL at PostgreSQL).',
          );
        } finally {
          await held.close();
        }
      });

      it('says there is no database in a folder where nothing ran, and creates nothing', async () => {
        const empty = mkdtempSync(join(tmpdir(), 'fhp-ledger-empty-'));
        try {
          const result = await run({ DATA_DIR: empty, DATABASE_URL: '' });
          expect(result.code).toBe(2);
          expect(result.stderr).toContain(`There is no database in DATA_DIR ${empty}`);
          expect(readdirSync(empty)).toEqual([]);
        } finally {
          rmSync(empty, { recursive: true, force: true });
        }
      });
    }
  });
}
