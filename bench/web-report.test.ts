import { describe, expect, it } from 'vitest';
import { formatObservedTable, formatTable, median, medianRun, missedTargets, readRun, TARGETS, type LighthouseResult, type RunMetrics } from './web-report';

const ORIGIN = 'http://127.0.0.1:4000';

function lhr(overrides: Partial<Record<string, number>> = {}, requests: { url: string; resourceType?: string }[] = []): LighthouseResult {
  const value = (id: string, fallback: number) => ({ numericValue: overrides[id] ?? fallback });
  return {
    categories: { performance: { score: overrides.score ?? 0.97 } },
    audits: {
      'largest-contentful-paint': value('largest-contentful-paint', 1500),
      'first-contentful-paint': value('first-contentful-paint', 1200),
      'total-blocking-time': value('total-blocking-time', 40),
      'cumulative-layout-shift': value('cumulative-layout-shift', 0.001),
      'network-requests': { details: { items: requests } },
      metrics: { details: { items: [{ observedFirstContentfulPaint: 150, observedLargestContentfulPaint: 180 }] } },
      'largest-contentful-paint-element': { details: { items: [{ items: [{ node: { selector: 'main > h1', nodeLabel: 'Flexible Hurricane Protection' } }] }] } },
    },
  };
}

const sizes: Record<string, number> = { '/assets/index-1.js': 40_000, '/assets/react-2.js': 60_000, '/assets/index-3.css': 20_000 };
const sizeOf = (path: string) => sizes[path];

describe('reading a Lighthouse run', () => {
  it('takes the score and the metrics, and adds the gzip sizes of the built scripts and styles the page asked for', () => {
    const run = readRun(
      lhr({}, [
        { url: `${ORIGIN}/product/fhp`, resourceType: 'Document' },
        { url: `${ORIGIN}/assets/index-1.js`, resourceType: 'Script' },
        { url: `${ORIGIN}/assets/react-2.js`, resourceType: 'Script' },
        { url: `${ORIGIN}/assets/react-2.js`, resourceType: 'Script' }, // asked twice, counted once
        { url: `${ORIGIN}/assets/index-3.css`, resourceType: 'Stylesheet' },
        { url: `${ORIGIN}/graphql`, resourceType: 'Fetch' },
        { url: 'https://elsewhere.example/assets/index-1.js', resourceType: 'Script' },
        { url: `${ORIGIN}/assets/gone.js`, resourceType: 'Script' }, // not a built file: not counted
      ]),
      ORIGIN,
      sizeOf,
    );
    expect(run).toEqual({
      score: 97,
      lcpMs: 1500,
      fcpMs: 1200,
      tbtMs: 40,
      cls: 0.001,
      jsGzip: 100_000,
      cssGzip: 20_000,
      observedFcpMs: 150,
      observedLcpMs: 180,
      lcpElement: 'main > h1',
    });
  });

  it('reads a run without observed paints or an LCP element as unknown, not as zero', () => {
    const bare = lhr();
    delete bare.audits.metrics;
    delete bare.audits['largest-contentful-paint-element'];
    expect(readRun(bare, ORIGIN, sizeOf)).toMatchObject({ observedFcpMs: NaN, observedLcpMs: NaN, lcpElement: '?' });
  });

  it('refuses a run without a score or with a runtime error', () => {
    expect(() => readRun({ ...lhr(), categories: { performance: { score: null } } }, ORIGIN, sizeOf)).toThrow(/no performance score/);
    expect(() => readRun({ ...lhr(), runtimeError: { code: 'NO_FCP', message: 'no paint' } }, ORIGIN, sizeOf)).toThrow(/NO_FCP/);
  });
});

describe('medians', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('takes each metric separately', () => {
    const run = (score: number, lcpMs: number, lcpElement = 'h1'): RunMetrics => ({
      score,
      lcpMs,
      fcpMs: lcpMs,
      tbtMs: 0,
      cls: 0,
      jsGzip: 1,
      cssGzip: 1,
      observedFcpMs: lcpMs / 10,
      observedLcpMs: NaN,
      lcpElement,
    });
    expect(medianRun([run(90, 3000, 'p'), run(99, 1000), run(95, 2000)])).toMatchObject({
      score: 95,
      lcpMs: 2000,
      observedFcpMs: 200,
      observedLcpMs: NaN,
      // The element most runs named.
      lcpElement: 'h1',
    });
  });
});

describe('targets and the table', () => {
  const good: RunMetrics = {
    score: 98,
    lcpMs: 1500,
    fcpMs: 1200,
    tbtMs: 20,
    cls: 0.01,
    jsGzip: 120 * 1024,
    cssGzip: 25 * 1024,
    observedFcpMs: 140.4,
    observedLcpMs: 160,
    lcpElement: 'div.hero > p.lead',
  };
  const floor = { route: '/', metrics: { ...good, lcpMs: 1250, jsGzip: 60 * 1024, cssGzip: 0 } };

  it('says which targets a page misses, and by how much', () => {
    expect(missedTargets({ route: '/product/fhp', metrics: good, landing: true }, floor.metrics.lcpMs)).toEqual([]);
    const slow = { ...good, score: 90, lcpMs: 2500, cls: 0.05, jsGzip: 150 * 1024, cssGzip: 31 * 1024 };
    expect(missedTargets({ route: '/product/fhp', metrics: slow, landing: true }, floor.metrics.lcpMs)).toEqual([
      `score 90 < ${TARGETS.minScore}`,
      'LCP 2.00x the floor > 1.3x',
      'CLS 0.050 > 0.02',
      'JS 150.0 KB > 130.0 KB',
      'CSS 31.0 KB > 30.0 KB',
    ]);
    // The byte budgets are the landing page's only.
    expect(missedTargets({ route: '/sign-in', metrics: { ...good, jsGzip: 200 * 1024 } }, floor.metrics.lcpMs)).toEqual([]);
  });

  it('prints one row per page and the floor, with the LCP ratio', () => {
    const table = formatTable([{ route: '/product/fhp', metrics: good, landing: true }], floor);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe('| /product/fhp | 98 | 1.50 s | 1.20 s | 20 ms | 0.010 | 120.0 KB | 25.0 KB | 1.20x | met |');
    expect(lines[3]).toBe('| / (floor) | 98 | 1.25 s | 1.20 s | 20 ms | 0.010 | 60.0 KB | 0.0 KB | 1.00x |  |');
  });

  it('prints the observed paints and the LCP element, a pipe in a selector escaped', () => {
    const odd = { route: '/sign-in', metrics: { ...good, observedLcpMs: NaN, lcpElement: 'a[href|="x"]' } };
    const lines = formatObservedTable([{ route: '/product/fhp', metrics: good }, odd], floor).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe('| /product/fhp | 140 ms | 160 ms | `div.hero > p.lead` |');
    expect(lines[3]).toBe('| /sign-in | 140 ms | ? | `a[href\\|="x"]` |');
    expect(lines[4]).toBe('| / (floor) | 140 ms | 160 ms | `div.hero > p.lead` |');
  });
});
