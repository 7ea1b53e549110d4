/** How stale configuration (offers, pricing) may be on one instance after an edit made elsewhere. */
export const CONFIGURATION_CACHE_TTL_MS = 10_000;

/**
 * A value loaded from the database and kept per process for `ttlMs`: configuration read on every
 * quote, where one query would cost more than the quote itself. One load at a time however many
 * requests arrive while it runs; `invalidate()` (the edit paths) makes the next read load again,
 * and a load that was running when it was called is not kept.
 */
export class CachedLoad<T> {
  private value: T | undefined;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<T> | undefined;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs = CONFIGURATION_CACHE_TTL_MS,
    private readonly monotonicNow: () => number = () => performance.now(),
  ) {}

  get(): Promise<T> {
    if (this.value !== undefined && this.monotonicNow() - this.loadedAt < this.ttlMs) return Promise.resolve(this.value);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load()
      .then((value) => {
        if (generation === this.generation) {
          this.value = value;
          this.loadedAt = this.monotonicNow();
        }
        return value;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }

  invalidate(): void {
    this.generation += 1;
    this.loadedAt = Number.NEGATIVE_INFINITY;
    this.loading = undefined;
  }
}
