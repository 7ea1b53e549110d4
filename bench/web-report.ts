/**
 * The pure half of `npm run bench:web` (bench/web.ts): reading a Lighthouse result, the median of
 * repeated runs, the targets and the printed table. Tested in bench/web-report.test.ts.
 */

/** What bench:web reads of a Lighthouse result (LH.Result). */
export interface LighthouseResult {
  finalDisplayedUrl?: string;
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } } | undefined>;
  runtimeError?: { code: string; message: string };
}

/** The `metrics` audit's first item: what the unthrottled load really did (ms from navigation). */
interface ObservedMetrics {
  observedFirstContentfulPaint?: number;
  observedLargestContentfulPaint?: number;
}

/** The `largest-contentful-paint-element` audit: a list whose first table names the element. */
interface LcpElementDetails {
  items?: { node?: { selector?: string; nodeLabel?: string } }[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

export interface RunMetrics {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** gzip bytes of the built scripts the page requested. */
  jsGzip: number;
  cssGzip: number;
  /**
   * The paints of the unthrottled load the simulation starts from: a script requested before the
   * observed LCP counts in the simulated LCP, one requested after it does not.
   */
  observedFcpMs: number;
  observedLcpMs: number;
  /** The LCP element as Lighthouse names it (CSS selector), or '?' when it names none. */
  lcpElement: string;
}

const metric = (lhr: LighthouseResult, id: string): number => {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number' || Number.isNaN(value)) throw new Error(`Lighthouse gave no value for ${id}`);
  return value;
};

/**
 * The metrics of one run. `gzipSizeOf(path)` answers the gzip size of a built file by its URL path
 * (`/assets/index-abc.js`), or undefined for a path that is not a built file (API calls, data URLs).
 */
export function readRun(lhr: LighthouseResult, origin: string, gzipSizeOf: (path: string) => number | undefined): RunMetrics {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as NetworkItem[];
  let jsGzip = 0;
  let cssGzip = 0;
  const counted = new Set<string>();
  for (const item of items) {
    if (!item.url.startsWith(origin)) continue;
    const path = new URL(item.url).pathname;
    if (counted.has(path)) continue;
    const kind = item.resourceType === 'Script' || path.endsWith('.js') ? 'js' : item.resourceType === 'Stylesheet' || path.endsWith('.css') ? 'css' : undefined;
    if (!kind) continue;
    const size = gzipSizeOf(path);
    if (size === undefined) continue;
    counted.add(path);
    if (kind === 'js') jsGzip += size;
    else cssGzip += size;
  }
  const observed = (lhr.audits.metrics?.details?.items?.[0] ?? {}) as ObservedMetrics;
  return {
    score: Math.round(score * 100),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    fcpMs: metric(lhr, 'first-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    jsGzip,
    cssGzip,
    observedFcpMs: observed.observedFirstContentfulPaint ?? Number.NaN,
    observedLcpMs: observed.observedLargestContentfulPaint ?? Number.NaN,
    lcpElement: lcpElementOf(lhr),
  };
}

function lcpElementOf(lhr: LighthouseResult): string {
  const tables = (lhr.audits['largest-contentful-paint-element']?.details?.items ?? []) as LcpElementDetails[];
  const node = tables[0]?.items?.[0]?.node;
  return node?.selector ?? node?.nodeLabel ?? '?';
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The value most runs gave (the first of them on a tie). */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

type NumericMetric = Exclude<keyof RunMetrics, 'lcpElement'>;

/** Each metric's median over the runs, taken separately (the machine is shared and noisy). */
export function medianRun(runs: readonly RunMetrics[]): RunMetrics {
  const of = (key: NumericMetric) => {
    // An older Lighthouse may leave the observed paints out: NaN then, not a median of nothing.
    const values = runs.map((run) => run[key]).filter((value) => !Number.isNaN(value));
    return values.length === 0 ? Number.NaN : median(values);
  };
  return {
    score: of('score'),
    lcpMs: of('lcpMs'),
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    jsGzip: of('jsGzip'),
    cssGzip: of('cssGzip'),
    observedFcpMs: of('observedFcpMs'),
    observedLcpMs: of('observedLcpMs'),
    lcpElement: mostCommon(runs.map((run) => run.lcpElement)),
  };
}

export const TARGETS = {
  minScore: 95,
  maxLcpRatio: 1.3,
  maxCls: 0.02,
  /** On the landing page only. */
  maxLandingJsGzip: 130 * 1024,
  maxLandingCssGzip: 30 * 1024,
} as const;

export interface RouteResult {
  route: string;
  metrics: RunMetrics;
  /** True for the page whose JS and CSS budgets apply. */
  landing?: boolean;
}

/** The targets a route misses, in words; empty when it meets them all. */
export function missedTargets(result: RouteResult, floorLcpMs: number): string[] {
  const { metrics: m } = result;
  const missed: string[] = [];
  if (m.score < TARGETS.minScore) missed.push(`score ${m.score} < ${TARGETS.minScore}`);
  const ratio = m.lcpMs / floorLcpMs;
  if (ratio > TARGETS.maxLcpRatio) missed.push(`LCP ${ratio.toFixed(2)}x the floor > ${TARGETS.maxLcpRatio}x`);
  if (m.cls > TARGETS.maxCls) missed.push(`CLS ${m.cls.toFixed(3)} > ${TARGETS.maxCls}`);
  if (result.landing && m.jsGzip > TARGETS.maxLandingJsGzip) missed.push(`JS ${kb(m.jsGzip)} > ${kb(TARGETS.maxLandingJsGzip)}`);
  if (result.landing && m.cssGzip > TARGETS.maxLandingCssGzip) missed.push(`CSS ${kb(m.cssGzip)} > ${kb(TARGETS.maxLandingCssGzip)}`);
  return missed;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The table bench:web prints (Markdown, so it goes into the README as it is). */
export function formatTable(results: readonly RouteResult[], floor: RouteResult): string {
  const header = '| route | score | LCP | FCP | TBT | CLS | JS (gzip) | CSS (gzip) | LCP / floor | targets |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|';
  const row = (r: RouteResult, isFloor = false) => {
    const m = r.metrics;
    const missed = isFloor ? [] : missedTargets(r, floor.metrics.lcpMs);
    return [
      '',
      isFloor ? `${r.route} (floor)` : r.route,
      String(m.score),
      seconds(m.lcpMs),
      seconds(m.fcpMs),
      `${Math.round(m.tbtMs)} ms`,
      m.cls.toFixed(3),
      kb(m.jsGzip),
      kb(m.cssGzip),
      `${(m.lcpMs / floor.metrics.lcpMs).toFixed(2)}x`,
      isFloor ? '' : missed.length === 0 ? 'met' : `missed: ${missed.join('; ')}`,
      '',
    ].join(' | ').trim();
  };
  return [header, rule, ...results.map((r) => row(r)), row(floor, true)].join('\n');
}

const ms = (value: number) => (Number.isNaN(value) ? '?' : `${Math.round(value)} ms`);

/**
 * What the unthrottled load did, per page: its first and largest paints and the LCP element. The
 * simulated LCP counts every request that ended before the observed LCP, so a script fetched
 * before it shows here as an observed LCP after the scripts.
 */
export function formatObservedTable(results: readonly RouteResult[], floor: RouteResult): string {
  const header = '| route | observed FCP | observed LCP | LCP element |';
  const rule = '|---|---:|---:|---|';
  const row = (r: RouteResult, isFloor = false) =>
    `| ${isFloor ? `${r.route} (floor)` : r.route} | ${ms(r.metrics.observedFcpMs)} | ${ms(r.metrics.observedLcpMs)} | \`${r.metrics.lcpElement.replace(/\|/g, '\\|')}\` |`;
  return [header, rule, ...results.map((r) => row(r)), row(floor, true)].join('\n');
}
