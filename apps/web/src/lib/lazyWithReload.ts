/**
 * A route chunk can vanish after a deployment (the old hashed file is gone). The spec's
 * answer: reload the page once, which fetches the new index and chunk names; if the
 * import fails again, raise the error so the error boundary shows it.
 */
export const RELOAD_FLAG_PREFIX = 'fhp.chunkReload.';

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
}

/** None on the server (its prerender loads pages too): a failure there is simply raised. */
const browserEnvironment = (): ReloadEnvironment | null =>
  typeof window === 'undefined' ? null : { storage: window.sessionStorage, reload: () => window.location.reload() };

export function lazyWithReload<T>(
  key: string,
  load: () => Promise<T>,
  environment: () => ReloadEnvironment | null = browserEnvironment,
): () => Promise<T> {
  const flag = RELOAD_FLAG_PREFIX + key;
  return async () => {
    let loaded: T;
    try {
      loaded = await load();
    } catch (error) {
      const env = environment();
      if (!env) throw error;
      const { storage, reload } = env;
      if (storage.getItem(flag) === null) {
        storage.setItem(flag, String(Date.now()));
        reload();
        // Never settle: the page is going away, and rendering an error first would flash.
        return new Promise<T>(() => {});
      }
      // Cleared so that a later visit (after the next deployment, say) gets its own single reload.
      storage.removeItem(flag);
      throw error;
    }
    environment()?.storage.removeItem(flag);
    return loaded;
  };
}
