import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { cachedLoader, createSessionCache } from './sessionCache';

const schema = z.object({ year: z.number() });

describe('createSessionCache', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('writes and reads back a valid value', () => {
    const cache = createSessionCache('k', schema);
    cache.write({ year: 2027 });
    expect(cache.read()).toEqual({ year: 2027 });
  });

  it('drops a value of an older shape instead of returning it', () => {
    window.sessionStorage.setItem('k', JSON.stringify({ season: 2027 }));
    expect(createSessionCache('k', schema).read()).toBeNull();
    expect(window.sessionStorage.getItem('k')).toBeNull();
  });

  it('drops a value that is not JSON', () => {
    window.sessionStorage.setItem('k', '{oops');
    expect(createSessionCache('k', schema).read()).toBeNull();
  });
});

describe('cachedLoader', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('loads once, then answers from session storage', async () => {
    const load = vi.fn().mockResolvedValue({ year: 2027 });
    const get = cachedLoader(createSessionCache('cfg', schema), load);
    expect(await get()).toEqual({ year: 2027 });
    expect(await get()).toEqual({ year: 2027 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(JSON.parse(window.sessionStorage.getItem('cfg') ?? 'null')).toEqual({ year: 2027 });
  });

  it('shares one in-flight load between concurrent callers', async () => {
    const load = vi.fn().mockResolvedValue({ year: 2027 });
    const get = cachedLoader(createSessionCache('cfg', schema), load);
    await Promise.all([get(), get(), get()]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('caches nothing when loading fails, so the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ year: 2028 });
    const get = cachedLoader(createSessionCache('cfg', schema), load);
    await expect(get()).rejects.toThrow('down');
    expect(window.sessionStorage.getItem('cfg')).toBeNull();
    expect(await get()).toEqual({ year: 2028 });
  });
});
