import { describe, expect, it } from 'vitest';
import { CachedLoad } from './cached-load';

describe('CachedLoad', () => {
  it('loads once per TTL, shares a running load, and loads again after invalidate', async () => {
    let now = 0;
    let loads = 0;
    let release: (() => void) | undefined;
    const cache = new CachedLoad(async () => {
      loads += 1;
      const value = loads;
      await new Promise<void>((done) => (release = done));
      return value;
    }, 1000, () => now);

    const first = Promise.all([cache.get(), cache.get()]);
    release!();
    expect(await first).toEqual([1, 1]);
    expect(loads).toBe(1);

    now = 999;
    expect(await cache.get()).toBe(1);
    now = 1000;
    const second = cache.get();
    release!();
    expect(await second).toBe(2);

    cache.invalidate();
    const third = cache.get();
    release!();
    expect(await third).toBe(3);
  });

  it('does not keep a load that was running when invalidate was called', async () => {
    let loads = 0;
    const releases: (() => void)[] = [];
    const cache = new CachedLoad(async () => {
      loads += 1;
      const value = loads;
      await new Promise<void>((done) => releases.push(done));
      return value;
    }, 60_000, () => 0);
    const stale = cache.get();
    cache.invalidate();
    const fresh = cache.get();
    releases.forEach((release) => release());
    expect(await stale).toBe(1);
    expect(await fresh).toBe(2);
    expect(await cache.get()).toBe(2);
  });

  it('keeps nothing from a failed load', async () => {
    let fail = true;
    const cache = new CachedLoad(async () => {
      if (fail) throw new Error('database down');
      return 'ok';
    }, 60_000, () => 0);
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });
});
