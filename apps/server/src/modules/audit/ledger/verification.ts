/**
 * Shares one run of an expensive check between concurrent callers without ever answering a caller
 * with a run that started before it asked: a caller arriving while a run is under way waits for the
 * next one, which every caller arriving meanwhile shares. So at most one run is under way and one
 * waits, however many callers there are (the explorer is public: a burst of page views costs two
 * passes over the ledger, not one per view), and a change made before a caller asked is always seen.
 */
export function coalesce<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const current = run().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    const next = running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    queued = next;
    return next;
  };
}
