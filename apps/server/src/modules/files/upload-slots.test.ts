import { describe, expect, it } from 'vitest';
import { createUploadSlots } from './upload';

describe('upload slots', () => {
  it('hands a freed slot to the first in line, in arrival order', async () => {
    const slots = createUploadSlots(1, { maxWaiting: 5, waitMs: 5000 });
    const first = await slots.acquire();
    const order: number[] = [];
    const second = slots.acquire().then((release) => (order.push(2), release));
    const third = slots.acquire().then((release) => (order.push(3), release));
    expect(slots.waiting).toBe(2);
    first!();
    (await second)!();
    (await third)!();
    expect(order).toEqual([2, 3]);
    expect(slots.inFlight).toBe(0);
  });

  it('refuses past the queue bound and after the wait, and lets a client that left go', async () => {
    const slots = createUploadSlots(1, { maxWaiting: 1, waitMs: 50 });
    const held = await slots.acquire();
    const left = new AbortController();
    const waiting = slots.acquire(left.signal);
    expect(await slots.acquire()).toBeNull(); // queue full
    left.abort();
    expect(await waiting).toBeNull();
    expect(slots.waiting).toBe(0);
    expect(await slots.acquire()).toBeNull(); // waited 50 ms, nothing freed
    held!();
    expect(slots.inFlight).toBe(0);
  });
});
