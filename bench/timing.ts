import { performance } from 'node:perf_hooks';

/**
 * The fastest of `runs` runs, in milliseconds: on a shared machine the best run is the one least
 * disturbed by others, so it is what a bench compares with its baseline. `warmUp` runs it once first,
 * unmeasured (a plan or a cache that the first call fills).
 */
export async function fastest(runs: number, run: () => Promise<unknown>, { warmUp = false } = {}): Promise<number> {
  if (warmUp) await run();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
