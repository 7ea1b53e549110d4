import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a prerendered page is drawn on the server and hydrated, true once React owns it (and
 * on every client-side render). A form on a prerendered page keeps its submit disabled until then,
 * so an early click never falls through to the browser's own form submission.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
