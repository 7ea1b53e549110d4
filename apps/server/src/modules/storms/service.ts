import { COUNTRY_CODES, DomainError, HURDAT2_MAX_BYTES, parseHurdat2, STORM_ERROR_CODES, type CountryCode } from '@fhp/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, stormAlerts, storms } from '../../db/schema';
import type { LifecycleDeps } from '../lifecycle';
import { evaluateStoredStorm, loadSeasons, type CreatedPayout, type StormAlert } from './evaluation';
import { drainStormNotices } from './notice-drain';
import { loadStorms, storeStorms, type StormChange } from './repository';

/**
 * Importing a HURDAT2 file (issue 10 item 1): parse it whole (a bad line refuses the file, with its
 * line number), then in ONE transaction store each storm (same again: nothing; longer: extended),
 * evaluate the new and extended ones (payouts, alerts, ledger), and commit; the payout and alert
 * rows then have their emails and texts written to the delivery queue by the storm-notice drain
 * (decision 091). A transaction-level advisory lock serialises imports across instances, so two
 * imports of one storm at once give the same payouts as one (decision 060).
 */

/** Any fixed number; the same for every instance. The advisory feeds take it too (decision 148). */
export const STORM_IMPORT_LOCK = 727_010;

export const STORM_MESSAGES = {
  empty: 'The storm file is empty: choose a HURDAT2 best-track file', // ours
  tooLarge: `The storm file is larger than ${HURDAT2_MAX_BYTES / 1_000_000} MB: split it and import the parts`, // ours
  notText: 'The storm file is not a text file: choose a HURDAT2 best-track file (.txt)', // ours
} as const;

export interface ImportedStorm {
  id: string;
  name: string;
  change: StormChange;
  points: number;
}

export interface ImportResult {
  storms: ImportedStorm[];
  payouts: CreatedPayout[];
  alerts: StormAlert[];
}

export interface ImportOptions {
  /** Islands to evaluate (default both). */
  countries?: readonly CountryCode[];
  /**
   * Queue the emails and texts right after the commit (default true). False leaves them to the
   * storm-notices job (the bench measures the import alone).
   */
  notify?: boolean;
}

type ImportDeps = Pick<LifecycleDeps, 'db' | 'ledger' | 'clock' | 'log'>;

function refuseFile(message: string): never {
  throw new DomainError(STORM_ERROR_CODES.STORM_FILE_REFUSED, message);
}

/** Bytes to text, refusing what cannot be a HURDAT2 file before parsing it. */
export function stormFileText(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) refuseFile(STORM_MESSAGES.empty);
  if (bytes.byteLength > HURDAT2_MAX_BYTES) refuseFile(STORM_MESSAGES.tooLarge);
  // A NUL byte never occurs in text: a PDF, image or archive is refused in words, not by the parser's line 1.
  if (bytes.includes(0)) refuseFile(STORM_MESSAGES.notText);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** Without the delivery queue, only with `notify: false`. */
export async function importStormText(deps: ImportDeps & Pick<LifecycleDeps, 'deliveries'>, text: string, options?: ImportOptions): Promise<ImportResult>;
export async function importStormText(deps: ImportDeps, text: string, options: ImportOptions & { notify: false }): Promise<ImportResult>;
export async function importStormText(deps: ImportDeps & Partial<Pick<LifecycleDeps, 'deliveries'>>, text: string, options: ImportOptions = {}): Promise<ImportResult> {
  if (text.trim() === '') refuseFile(STORM_MESSAGES.empty);
  const parsed = parseHurdat2(text);
  const at = deps.clock();
  const countries = options.countries ?? COUNTRY_CODES;
  const result = await deps.db.transaction(async (tx) => {
    await lockImports(tx);
    return importInTransaction(tx, deps.ledger, parsed, countries, at);
  });
  if (options.notify !== false && deps.deliveries) await queueNotices({ ...deps, deliveries: deps.deliveries });
  return result;
}

/** Serialises the engine's runs across instances, inside the caller's transaction (a file's import or a feed's). */
export async function lockImports(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${STORM_IMPORT_LOCK})`);
  // The evaluation of a storm over an island's whole book sorts and joins as many rows as there are
  // policies: room in memory for that keeps those steps off temporary files (this transaction only).
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  // The payouts' statement reads its rows from array parameters, which the planner cannot count:
  // it guesses millions of rows and compiles the statement, which took 0.5 s of Ivan's 100,000
  // policies (decision 174) and saves nothing on a statement run once.
  await tx.execute(sql`SET LOCAL jit = off`);
}

/**
 * Evaluates stored storms again, each over its whole stored track, as their import did: the same
 * engine, lock and idempotency (a payout already made is not made again). The demo seed replays its
 * exercise storms this way on their dates (decision 141), with `told: true`: the payouts and alerts
 * are written as already told, in the same transaction, so no email or text is ever owed for them.
 */
export async function evaluateStoredStorms(
  deps: ImportDeps,
  ids: readonly string[],
  options: { countries?: readonly CountryCode[]; told?: boolean } = {},
): Promise<Omit<ImportResult, 'storms'>> {
  const at = deps.clock();
  const countries = options.countries ?? COUNTRY_CODES;
  return deps.db.transaction(async (tx) => {
    await lockImports(tx);
    const result: Omit<ImportResult, 'storms'> = { payouts: [], alerts: [] };
    const versions = new Map((await tx.select({ id: storms.id, version: storms.version }).from(storms).where(inArray(storms.id, [...ids]))).map((row) => [row.id, row.version]));
    const seasons = await loadSeasons(tx);
    for (const storm of await loadStorms(tx, ids)) {
      const evaluated = await evaluateStoredStorm(tx, deps.ledger, storm, versions.get(storm.id)!, countries, at, seasons);
      result.payouts.push(...evaluated.payouts);
      result.alerts.push(...evaluated.alerts);
    }
    if (options.told) {
      const payoutIds = result.payouts.map((payout) => payout.payoutId);
      if (payoutIds.length > 0) await tx.update(payouts).set({ noticeQueuedAt: at }).where(inArray(payouts.id, payoutIds));
      for (const alert of result.alerts) {
        await tx.update(stormAlerts).set({ noticeQueuedAt: at }).where(and(eq(stormAlerts.stormId, alert.stormId), eq(stormAlerts.ownerId, alert.ownerId)));
      }
    }
    return result;
  });
}

/**
 * The import has committed: its payouts and alerts are owed their notices whatever happens now. A
 * drain that fails is logged, not answered as a failed import; the storm-notices job queues what
 * it left.
 */
async function queueNotices(deps: Pick<LifecycleDeps, 'db' | 'deliveries' | 'clock' | 'log'>): Promise<void> {
  try {
    await drainStormNotices(deps, deps.clock());
  } catch (error) {
    deps.log.error({ err: error }, 'storm notices not queued after the import; the storm-notices job will queue them');
  }
}

async function importInTransaction(
  tx: Db,
  ledger: LifecycleDeps['ledger'],
  parsed: ReturnType<typeof parseHurdat2>,
  countries: readonly CountryCode[],
  at: Date,
): Promise<ImportResult> {
  const result: ImportResult = { storms: [], payouts: [], alerts: [] };
  const stored = await storeStorms(tx, parsed, at);
  const seasons = await loadSeasons(tx);
  for (const { change, stored: storm, version } of stored) {
    result.storms.push({ id: storm.id, name: storm.name, change, points: storm.points.length });
    if (change === 'UNCHANGED') continue;
    const evaluated = await evaluateStoredStorm(tx, ledger, storm, version, countries, at, seasons);
    result.payouts.push(...evaluated.payouts);
    result.alerts.push(...evaluated.alerts);
  }
  return result;
}
