import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BDECK_MAX_BYTES, isDomainError } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import { STORM_FEED_MAX_BACKOFF_SECONDS, type StormFeedSource } from '../../../config';
import { stormFeedStates } from '../../../db/schema';
import type { LifecycleDeps } from '../../lifecycle';
import { ingestBdeck, type FeedIngestResult } from './ingest';

/**
 * Polling the advisory feeds (issue 22 item 1, decision 147). Each source is one b-deck file, asked
 * for every STORM_FEED_POLL_SECONDS with the validators of its last answer (If-None-Match,
 * If-Modified-Since; for a file: URL, its modification time and size), so an unchanged file costs a
 * 304 and nothing else. A request has a timeout; an error (no answer, a status other than 200 or
 * 304, a file refused) doubles the wait before the next poll, up to an hour, and is kept on the
 * source's state for admins. Every instance may poll: what a poll stores is idempotent (ingest).
 */

export type FeedPollStatus = 'CHANGED' | 'UNCHANGED' | 'NOT_MODIFIED' | 'FAILED';

export interface FeedPollOutcome {
  source: string;
  status: FeedPollStatus;
  /** What the file changed, when it was read. */
  result?: FeedIngestResult;
  /** Why the poll failed, in words for the log and admins. */
  error?: string;
  /** Failures in a row now (0 after an answer). */
  failures: number;
}

export type PollDeps = Pick<LifecycleDeps, 'db' | 'ledger' | 'clock' | 'log'> & Partial<Pick<LifecycleDeps, 'deliveries'>>;

type Fetched = { kind: 'not-modified' } | { kind: 'body'; text: string; etag: string | null; lastModified: string | null };

class FeedFetchError extends Error {
  override name = 'FeedFetchError';
}

async function readBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > BDECK_MAX_BYTES) throw new FeedFetchError(`the file is larger than ${BDECK_MAX_BYTES / 1_000_000} MB`);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BDECK_MAX_BYTES) {
      await reader.cancel();
      throw new FeedFetchError(`the file is larger than ${BDECK_MAX_BYTES / 1_000_000} MB`);
    }
    parts.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(parts));
}

async function fetchFeed(url: string, validators: { etag: string | null; lastModified: string | null }, timeoutMs: number): Promise<Fetched> {
  const parsed = new URL(url);
  if (parsed.protocol === 'file:') {
    const path = fileURLToPath(parsed);
    const info = await stat(path).catch(() => {
      throw new FeedFetchError(`cannot read ${path}`);
    });
    // A file has no ETag: its modification time and size stand for one.
    const etag = `"${info.mtimeMs}-${info.size}"`;
    if (validators.etag === etag) return { kind: 'not-modified' };
    if (info.size > BDECK_MAX_BYTES) throw new FeedFetchError(`the file is larger than ${BDECK_MAX_BYTES / 1_000_000} MB`);
    return { kind: 'body', text: await readFile(path, 'utf8'), etag, lastModified: null };
  }
  const headers: Record<string, string> = { accept: 'text/plain, */*' };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : 'the server could not be reached';
    throw new FeedFetchError(reason);
  }
  if (response.status === 304) {
    await response.body?.cancel();
    return { kind: 'not-modified' };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new FeedFetchError(`the server answered ${response.status}`);
  }
  const text = await readBounded(response);
  return { kind: 'body', text, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
}

/** One poll of one source: fetch (conditionally), ingest, and record what happened. Never throws for the feed's own faults. */
export async function pollFeed(deps: PollDeps, source: StormFeedSource, options: { timeoutMs: number; sourcesRequired?: number }): Promise<FeedPollOutcome> {
  const [state] = await deps.db.select().from(stormFeedStates).where(eq(stormFeedStates.source, source.name));
  // Validators of another URL (the configuration changed) would answer for the wrong file.
  const validators = state && state.url === source.url ? { etag: state.etag, lastModified: state.lastModified } : { etag: null, lastModified: null };
  const failures = state?.failures ?? 0;
  let fetched: Fetched;
  let result: FeedIngestResult | undefined;
  try {
    fetched = await fetchFeed(source.url, validators, options.timeoutMs);
    if (fetched.kind === 'body') {
      const fileName = new URL(source.url).pathname.split('/').pop() ?? '';
      result = await ingestBdeck(deps, source.name, fileName, fetched.text, { sourcesRequired: options.sourcesRequired ?? 1 });
    }
  } catch (error) {
    if (!(error instanceof FeedFetchError) && !isDomainError(error)) throw error;
    const now = deps.clock();
    // Validators are not kept for a refused file: the next poll reads it again, and stores it once it is mended.
    await recordState(deps, source, { etag: validators.etag, lastModified: validators.lastModified, failures: failures + 1, lastError: error.message.slice(0, 500), lastErrorAt: now });
    deps.log.error({ source: source.name, failures: failures + 1, reason: error.message }, 'storm feed poll failed');
    return { source: source.name, status: 'FAILED', error: error.message, failures: failures + 1 };
  }
  const now = deps.clock();
  const changed = result !== undefined && result.change !== 'UNCHANGED';
  await recordState(deps, source, {
    ...(fetched.kind === 'body' ? { etag: fetched.etag, lastModified: fetched.lastModified } : validators),
    answeredAt: now,
    ...(changed ? { changedAt: now } : {}),
    failures: 0,
    lastError: null,
  });
  if (changed) deps.log.info({ source: source.name, storm: result!.stormId, change: result!.change, points: result!.points, payouts: result!.payouts.length, alerts: result!.alerts.length }, 'storm feed stored');
  return { source: source.name, status: fetched.kind === 'not-modified' ? 'NOT_MODIFIED' : changed ? 'CHANGED' : 'UNCHANGED', ...(result ? { result } : {}), failures: 0 };
}

async function recordState(deps: PollDeps, source: StormFeedSource, values: Partial<typeof stormFeedStates.$inferInsert>): Promise<void> {
  await deps.db
    .insert(stormFeedStates)
    .values({ source: source.name, url: source.url, ...values })
    .onConflictDoUpdate({ target: stormFeedStates.source, set: { url: source.url, ...values } });
}

/** Seconds until a source's next poll: the interval, doubled for each failure in a row, at most an hour (never shorter than the interval). */
export function nextPollSeconds(pollSeconds: number, failures: number): number {
  if (failures <= 0) return pollSeconds;
  return Math.max(pollSeconds, Math.min(pollSeconds * 2 ** Math.min(failures, 20), STORM_FEED_MAX_BACKOFF_SECONDS));
}

export interface FeedPoller {
  /** Polls every source now, then each on its own timer. */
  start(): void;
  /** Stops the timers and waits for polls under way. */
  stop(): Promise<void>;
  /** Every source once, now (tests, the CLI). */
  pollAll(): Promise<FeedPollOutcome[]>;
}

export function createFeedPoller(deps: PollDeps, settings: { sources: readonly StormFeedSource[]; pollSeconds: number; timeoutMs: number; sourcesRequired?: number }): FeedPoller {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  async function pollSafely(source: StormFeedSource): Promise<FeedPollOutcome> {
    try {
      return await pollFeed(deps, source, settings);
    } catch (error) {
      // The database failed us, not the feed: logged, and tried again after the backoff.
      deps.log.error({ err: error, source: source.name }, 'storm feed poll failed');
      return { source: source.name, status: 'FAILED', error: 'the poll could not be stored', failures: 1 };
    }
  }

  function schedule(source: StormFeedSource, seconds: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(source.name);
      const run = pollSafely(source).then((outcome) => schedule(source, nextPollSeconds(settings.pollSeconds, outcome.failures)));
      running.add(run);
      void run.finally(() => running.delete(run));
    }, seconds * 1000);
    timer.unref();
    timers.set(source.name, timer);
  }

  return {
    start() {
      for (const source of settings.sources) schedule(source, 0);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
    async pollAll() {
      const outcomes: FeedPollOutcome[] = [];
      for (const source of settings.sources) outcomes.push(await pollSafely(source));
      return outcomes;
    },
  };
}
