import { describe, expect, it } from 'vitest';
import { coalesce } from './verification';

/** A run that finishes when the test says, numbered in the order runs start. */
function controllableRuns() {
  const started: { n: number; finish: () => void; fail: (error: Error) => void }[] = [];
  const run = () =>
    new Promise<number>((resolve, reject) => {
      const n = started.length + 1;
      started.push({ n, finish: () => resolve(n), fail: reject });
    });
  return { run, started };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalesce', () => {
  it('shares a run between callers who ask while it has not started, and never hands out an older one', async () => {
    const { run, started } = controllableRuns();
    const check = coalesce(run);
    const first = check();
    expect(started).toHaveLength(1);
    // Asked while run 1 is under way: they need a run that starts after them, and share it.
    const second = check();
    const third = check();
    expect(started).toHaveLength(1);
    started[0]!.finish();
    expect(await first).toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    const fourth = check(); // run 2 is under way: fourth waits for run 3
    started[1]!.finish();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    await tick();
    expect(started).toHaveLength(3);
    started[2]!.finish();
    expect(await fourth).toBe(3);
  });

  it('starts afresh after a failed run, and a failure reaches only the callers of that run', async () => {
    const { run, started } = controllableRuns();
    const check = coalesce(run);
    const first = check();
    const second = check();
    started[0]!.fail(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await tick();
    started[1]!.finish();
    expect(await second).toBe(2);
    const third = check();
    expect(started).toHaveLength(3);
    started[2]!.finish();
    expect(await third).toBe(3);
  });
});
