/**
 * `npm run ledger:verify`: checks the whole proof ledger of the configured database (DATABASE_URL,
 * or PGlite in DATA_DIR) from the genesis entry to the head, every entry and every sealed block;
 * then reconciles it with the money (decision 135): every policy, payment and payout row rebuilt
 * into the record its entry must hold and compared, each difference or missing entry named by
 * table, id and column. `--against FILE` also compares the sealed blocks with a mirrored copy of
 * the public checkpoint list (GET /api/v1/ledger/checkpoints, decision 136): a history rewritten
 * and re-hashed from some entry on verifies by itself, but no longer has the signed block hashes.
 * Exit 0: it verifies; 1: it is broken (the first bad entry and why, or the rows that differ, or
 * the first mirrored checkpoint it no longer matches); 2: it could not be checked (bad
 * configuration, no database, the PGlite folder held by a running server, an unreadable mirror).
 * Read-only: it neither migrates nor seals.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKPOINT_ALGORITHM, mirrorMismatch, type CheckpointList, type StoredBlockForCheckpoint } from '@fhp/domain';
import { asc, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { databaseOptionsFromConfig, openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { ledgerBlocks, ledgerHead } from './db/schema';
import { checkpointSignatureValid, LedgerIndex, reconcileLedger, type StoredLedgerVerdict, verifyStoredLedger } from './modules/audit';

class CannotCheck extends Error {}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What the operator reads: one line of verdict, one of detail. */
function describeVerdict(verdict: StoredLedgerVerdict, sealedSequence: number): string[] {
  const checked = `${count(verdict.checked, 'entry', 'entries')} and ${count(verdict.blocksChecked, 'block', 'blocks')}`;
  if (verdict.ok) {
    const pending = verdict.headSequence - sealedSequence;
    return [
      verdict.headSequence === 0
        ? 'Ledger verified: it is empty (no entries yet).'
        : `Ledger verified: ${checked} checked, from the genesis entry to entry ${verdict.headSequence}.`,
      ...(pending > 0 ? [`${count(pending, 'entry is', 'entries are')} not in a block yet (sealed every few seconds by the server).`] : []),
    ];
  }
  const { sequence, block, reason } = verdict.brokenAt;
  return [
    `Ledger BROKEN at entry ${sequence}${block === undefined ? '' : ` (block ${block})`}: ${reason}.`,
    `${checked} before it checked out. Everything from entry ${sequence} on can no longer be trusted.`,
  ];
}

async function open(): Promise<Database> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CannotCheck(error.message);
    throw error;
  }
  const options = databaseOptionsFromConfig(config);
  if (options.kind === 'pglite' && !existsSync(join(options.dataDir!, 'pglite'))) {
    throw new CannotCheck(`There is no database in DATA_DIR ${options.dataDir}: start the server once there, or set DATA_DIR or DATABASE_URL.`);
  }
  try {
    return await openDatabase(options);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const pid = /pid (\d+)/.exec(error.message)?.[1];
      throw new CannotCheck(
        `DATA_DIR ${config.dataDir} is in use by a running server${pid ? ` (pid ${pid})` : ''}, and PGlite lets one process at a time open it. ` +
          'Stop the server, then run ledger:verify again (or point DATABASE_URL at PostgreSQL).',
      );
    }
    throw error;
  }
}

/** `--against FILE` or `--against=FILE`; anything else is refused. */
function parseArguments(args: readonly string[]): { against?: string } {
  const options: { against?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--against' && args[i + 1]) options.against = args[++i];
    else if (arg.startsWith('--against=') && arg.length > '--against='.length) options.against = arg.slice('--against='.length);
    else throw new CannotCheck(`Unknown argument ${arg}. Usage: npm run ledger:verify [-- --against MIRRORED_CHECKPOINTS.json]`);
  }
  return options;
}

/** The mirrored list, each checkpoint's signature checked with the key the mirror holds. */
function readMirror(file: string): CheckpointList {
  let list: CheckpointList;
  try {
    list = JSON.parse(readFileSync(file, 'utf8')) as CheckpointList;
  } catch (error) {
    throw new CannotCheck(`The mirrored checkpoints in ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (list?.algorithm !== CHECKPOINT_ALGORITHM || typeof list.publicKeyPem !== 'string' || !Array.isArray(list.checkpoints)) {
    throw new CannotCheck(`${file} is not a checkpoint list (the JSON of GET /api/v1/ledger/checkpoints).`);
  }
  const forged = list.checkpoints.find((checkpoint) => !checkpointSignatureValid(list.publicKeyPem, checkpoint));
  if (forged) throw new CannotCheck(`${file}: the checkpoint of block ${forged.block} is not signed by the key the file names, so the mirror itself cannot be trusted.`);
  return list;
}

async function main(): Promise<number> {
  const options = parseArguments(process.argv.slice(2));
  const mirror = options.against === undefined ? undefined : readMirror(options.against);
  const database = await open();
  try {
    const tables = (await database.db.execute(sql`select to_regclass('ledger_blocks') is not null as ready`)) as unknown as { rows: { ready: boolean }[] };
    if (tables.rows[0]?.ready !== true) throw new CannotCheck('This database has no proof ledger yet (or an older one): start the server once to migrate it.');
    const index = new LedgerIndex();
    const verdict = await verifyStoredLedger(database.db, { observe: index.observe });
    const [head] = await database.db.select({ sealedSequence: ledgerHead.sealedSequence }).from(ledgerHead);
    const lines = describeVerdict(verdict, head?.sealedSequence ?? 0);
    if (!verdict.ok) {
      console.error(lines.join('\n'));
      return 1;
    }

    const reconciled = await reconcileLedger(database.db, index);
    if (reconciled.problemCount > 0) {
      const shown = reconciled.problems.length;
      console.error(
        [
          `Ledger BROKEN: ${count(reconciled.problemCount, 'row differs', 'rows differ')} from what the ledger recorded (the chain itself holds).`,
          ...reconciled.problems.map((problem) => `  ${problem.message}`),
          ...(reconciled.problemCount > shown ? [`  ... and ${reconciled.problemCount - shown} more.`] : []),
        ].join('\n'),
      );
      return 1;
    }
    const { policies, payments, payouts } = reconciled.rows;
    lines.push(`Reconciled: ${count(policies, 'policy', 'policies')}, ${count(payments, 'payment', 'payments')} and ${count(payouts, 'payout', 'payouts')} match their ledger entries.`);

    if (mirror) {
      const blocks = new Map<number, StoredBlockForCheckpoint>();
      for (const block of await database.db
        .select({ number: ledgerBlocks.number, lastSequence: ledgerBlocks.lastSequence, hash: ledgerBlocks.hash })
        .from(ledgerBlocks)
        .orderBy(asc(ledgerBlocks.number))) {
        blocks.set(block.number, block);
      }
      const mismatch = mirrorMismatch(mirror.checkpoints, (number) => blocks.get(number));
      if (mismatch) {
        console.error(`Ledger does NOT match the mirrored checkpoints in ${options.against}: ${mismatch.reason}.`);
        return 1;
      }
      const last = mirror.checkpoints.at(-1);
      lines.push(
        last
          ? `Matches the ${count(mirror.checkpoints.length, 'mirrored checkpoint', 'mirrored checkpoints')} in ${options.against} (through block ${last.block}, entry ${last.lastSequence}).`
          : `The mirror ${options.against} holds no checkpoints yet: nothing to compare.`,
      );
    }
    console.log(lines.join('\n'));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof CannotCheck ? `ledger:verify could not check the ledger. ${error.message}` : error);
    process.exit(2);
  },
);
