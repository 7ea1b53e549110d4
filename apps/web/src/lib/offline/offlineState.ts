import { useSyncExternalStore } from 'react';

/**
 * Which answers on screen are copies taken earlier (personalCopies.ts), and from when: the
 * signed-in shell says "Offline: as of <the oldest>" while any is shown (OfflineNotice). A copy's
 * key leaves when the network answers it again; the screen's keys are let go when the page changes
 * (each page asks again for what it shows).
 */
const shown = new Map<string, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function changed(): void {
  oldest = shown.size === 0 ? null : Math.min(...shown.values());
  for (const listener of listeners) listener();
}

export function noteCopyShown(key: string, savedAt: number): void {
  shown.set(key, savedAt);
  changed();
}

export function noteNetworkAnswer(key: string): void {
  if (shown.delete(key)) changed();
}

export function forgetShownCopies(): void {
  if (shown.size === 0) return;
  shown.clear();
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the oldest copy on screen was taken (epoch ms), or null while everything came from the network. */
export function useOfflineAsOf(): number | null {
  return useSyncExternalStore(subscribe, () => oldest, () => null);
}
