/** What the cache needs of a schema: zod and zod/mini schemas both fit. */
export interface CacheSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * A typed value kept in session storage. What is read back is validated, because
 * the store outlives deployments: a value written by an older build must not
 * crash a newer one, it is simply treated as missing.
 */
export interface SessionCache<T> {
  read(): T | null;
  write(value: T): void;
  clear(): void;
}

const sessionStorageOf = () => (typeof window === 'undefined' ? null : window.sessionStorage);

/** Writes a value as the cache below stores it; a full or disabled storage is not an error. */
export function writeSessionValue(key: string, value: unknown, storage: () => Storage | null = sessionStorageOf): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the value is simply fetched again next time.
  }
}

export function createSessionCache<T>(
  key: string,
  schema: CacheSchema<T>,
  storage: () => Storage | null = sessionStorageOf,
): SessionCache<T> {
  return {
    read() {
      const raw = storage()?.getItem(key);
      if (raw == null) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        // Not JSON: fall through and drop it.
      }
      storage()?.removeItem(key);
      return null;
    },
    write(value) {
      writeSessionValue(key, value, storage);
    },
    clear() {
      storage()?.removeItem(key);
    },
  };
}

/**
 * Returns the cached value or loads it once and caches it. Concurrent callers share
 * one in-flight load so that start-up does not fetch the same thing twice.
 */
export function cachedLoader<T>(cache: SessionCache<T>, load: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    const cached = cache.read();
    if (cached !== null) return Promise.resolve(cached);
    inFlight ??= load()
      .then((value) => {
        cache.write(value);
        return value;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}
