import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWithReload, RELOAD_FLAG_PREFIX, type ReloadEnvironment } from './lazyWithReload';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('lazyWithReload', () => {
  let storage: ReturnType<typeof memoryStorage>;
  let reload: ReturnType<typeof vi.fn>;
  let env: () => ReloadEnvironment;

  beforeEach(() => {
    storage = memoryStorage();
    reload = vi.fn();
    env = () => ({ storage, reload });
  });

  it('returns the module and leaves no flag when the import succeeds', async () => {
    const load = lazyWithReload('Terms', () => Promise.resolve({ ok: true }), env);
    await expect(load()).resolves.toEqual({ ok: true });
    expect(reload).not.toHaveBeenCalled();
    expect(storage.map.size).toBe(0);
  });

  it('reloads the page once on the first failure and does not settle', async () => {
    const load = lazyWithReload('Terms', () => Promise.reject(new Error('chunk gone')), env);
    const settled = vi.fn();
    void load().then(settled, settled);
    await new Promise((r) => setTimeout(r, 10));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();
    expect(storage.getItem(`${RELOAD_FLAG_PREFIX}Terms`)).not.toBeNull();
  });

  it('raises the error on the failure after the reload, without reloading again', async () => {
    storage.setItem(`${RELOAD_FLAG_PREFIX}Terms`, '1');
    const load = lazyWithReload('Terms', () => Promise.reject(new Error('chunk gone')), env);
    await expect(load()).rejects.toThrow('chunk gone');
    expect(reload).not.toHaveBeenCalled();
    expect(storage.map.size).toBe(0);
  });

  it('clears the flag when the import succeeds after the reload', async () => {
    storage.setItem(`${RELOAD_FLAG_PREFIX}Terms`, '1');
    const load = lazyWithReload('Terms', () => Promise.resolve('module'), env);
    await expect(load()).resolves.toBe('module');
    expect(storage.map.size).toBe(0);
  });

  it('keeps one flag per route so that one broken route does not block another', async () => {
    storage.setItem(`${RELOAD_FLAG_PREFIX}Privacy`, '1');
    const load = lazyWithReload('Terms', () => Promise.reject(new Error('chunk gone')), env);
    void load();
    await new Promise((r) => setTimeout(r, 10));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
