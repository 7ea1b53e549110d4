import { describe, expect, it, vi } from 'vitest';
import { silenceConsole } from './silenceConsole';

describe('silenceConsole', () => {
  it('turns every way of writing to the console into a no-op', () => {
    const written = vi.fn();
    const target = Object.fromEntries(
      ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'groupEnd', 'time', 'timeLog', 'timeEnd', 'count', 'countReset', 'assert'].map((m) => [m, written]),
    ) as unknown as Console;
    silenceConsole(target);
    target.log('a');
    target.error(new Error('b'));
    target.warn('c');
    target.table([1]);
    target.assert(false, 'd');
    expect(written).not.toHaveBeenCalled();
  });

  it('leaves the console of tests and development alone', () => {
    expect(import.meta.env.PROD).toBe(false);
    expect(vi.isMockFunction(console.log)).toBe(false);
    expect(console.log.name).not.toBe('quiet');
  });
});
